// scripts/repo-review's work (see that script): check out each PR's head from its bundle, review
// the PR with the whole tree, keep the asked rules' findings.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BundleCheckouts, PR_SETS } from './bundle-checkouts.mjs';

const { values } = parseArgs({
  options: {
    shared: { type: 'string' },
    cache: { type: 'string' },
    'default-cli': { type: 'string' },
    cli: { type: 'string' },
    set: { type: 'string', default: 'earlier' },
    repo: { type: 'string', multiple: true },
    rule: { type: 'string', multiple: true },
    limit: { type: 'string' },
    out: { type: 'string' },
  },
});

if (!PR_SETS[values.set]) throw new Error(`--set must be one of ${Object.keys(PR_SETS).join(', ')}`);
const repos = values.repo ?? ['atom', 'aiter'];
const rules = new Set(values.rule ?? ['B5r']);
const cli = values.cli ?? values['default-cli'];
const limit = values.limit ? Number(values.limit) : Infinity;
if (!existsSync(cli)) throw new Error(`${cli}: no CLI (run ./scripts/build)`);

const checkouts = new BundleCheckouts(values.shared, values.cache);
const lines = [];
const summary = new Map();
let reviewed = 0;
let failed = 0;
for (const repo of repos) {
  const tree = checkouts.tree(values.set, repo);
  if (!tree) continue;
  let done = 0;
  for (const [, sha10] of tree.order) {
    if (done >= limit) break;
    const diff = checkouts.diffPath(values.set, repo, sha10);
    if (!existsSync(diff)) continue;
    const metaPath = checkouts.metaPath(values.set, repo, sha10);
    const meta = metaPath ? JSON.parse(readFileSync(metaPath, 'utf8')) : {};
    const dir = checkouts.checkout(values.set, repo, sha10);
    const args = ['review', '--format', 'json', '--all-rules', '--repo', dir, ...(metaPath ? ['--meta', metaPath] : []), diff];
    const run = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
    done += 1;
    reviewed += 1;
    if (run.status !== 0 && run.status !== 3) {
      failed += 1;
      process.stderr.write(`${repo} ${sha10}: exit ${run.status}: ${String(run.stderr).trim().split('\n')[0]}\n`);
      continue;
    }
    for (const finding of JSON.parse(run.stdout).findings) {
      if (!rules.has(finding.rule)) continue;
      lines.push(JSON.stringify({ repo, sha10, number: meta.number ?? null, title: meta.title ?? '', finding }));
      const key = `${finding.rule} ${finding.message_id ?? ''}`;
      summary.set(key, (summary.get(key) ?? 0) + 1);
    }
  }
}

const text = lines.join('\n') + (lines.length ? '\n' : '');
if (values.out) writeFileSync(values.out, text);
else process.stdout.write(text);
process.stderr.write(`reviewed ${reviewed} PRs (${failed} failed), ${lines.length} findings\n`);
for (const [key, count] of [...summary].sort()) process.stderr.write(`  ${key}: ${count}\n`);
