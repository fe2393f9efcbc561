// The work of scripts/corpus-diff (which builds both CLIs and finds the corpus and its trees):
// runs a baseline CLI and a changed CLI over every corpus diff and prints what the change adds
// and removes, in two modes — "hunks" (the diff alone, `batch`) and "whole" (each diff with its
// touched files at the PR's head, `review --repo`) — with every rule on (`--all-rules`), so a
// change to a rule its labels turned off shows too. With --bytes it also says, per mode, whether
// each PR's whole output is unchanged: `review`'s JSON and SARIF, with the measured statuses and
// with --all-rules (the evidence a rewrite meant to change nothing needs).
//
//   node scripts/lib/corpus-diff.mjs --base-cli PATH --cli PATH --corpus DIR [--trees DIR]
//        [--base-label TEXT] [--base-cache DIR] [--mode hunks|whole|both] [--rule ID] [--jobs N]
//        [--bytes] [--json]
//
// DIR/<repo>/<sha10>.diff with <sha10>.meta.json beside it (repo: atom, aiter); the trees hold
// <repo>/<sha10>/head/ (scripts/corpus-trees). Without --trees the whole mode is skipped.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapWithLimit } from '../../tests/wasm/support/cli.mjs';
import { allRulesFlag } from './precision/engine_runs.mjs';
import { CORPUS_REPOS, corpusPrs } from './corpus-prs.mjs';
import { compareRows, countsByRule, findingRows, halfOf, HALVES } from './finding-changes.mjs';

const MODES = ['hunks', 'whole'];

function parseArguments(argv) {
  const options = { mode: 'both', jobs: '2', json: false, bytes: false, baseLabel: 'baseline' };
  const names = {
    '--base-cli': 'baseCli', '--cli': 'cli', '--corpus': 'corpus', '--trees': 'trees',
    '--base-label': 'baseLabel', '--base-cache': 'baseCache', '--mode': 'mode', '--rule': 'rule', '--jobs': 'jobs',
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') options.json = true;
    else if (argv[i] === '--bytes') options.bytes = true;
    else if (names[argv[i]] && i + 1 < argv.length) options[names[argv[i]]] = argv[++i];
    else usage(`unknown or incomplete argument '${argv[i]}'`);
  }
  if (!options.baseCli || !options.cli || !options.corpus) usage('--base-cli, --cli and --corpus are required');
  if (!['both', ...MODES].includes(options.mode)) usage(`--mode must be hunks, whole or both, not '${options.mode}'`);
  if (!/^[1-9][0-9]?$/.test(options.jobs)) usage(`--jobs must be a whole number from 1 to 99, not '${options.jobs}'`);
  return options;
}

function usage(problem) {
  console.error(`corpus-diff: ${problem}`);
  console.error('usage: scripts/corpus-diff [--base REV] [--mode hunks|whole|both] [--rule ID] [--bytes] [--json]');
  process.exit(2);
}

function run(cli, args) {
  return new Promise((resolve) => {
    execFile(cli, args, { maxBuffer: 1 << 30, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }));
  });
}

// diff path → {findings} or {error}, one `batch` per corpus folder.
async function reviewHunks(cli, corpus, prs, jobs) {
  const outcomes = new Map();
  for (const repo of CORPUS_REPOS.filter((r) => prs.some((pr) => pr.repo === r))) {
    const dir = join(corpus, repo);
    const { status, stdout, stderr } = await run(cli, ['batch', ...allRulesFlag(cli), '--jobs', jobs, '--meta-dir', dir, dir]);
    if (status !== 0 && !stdout) throw new Error(`${cli} batch ${dir} exited ${status}: ${stderr.trim()}`);
    for (const line of stdout.split('\n').filter(Boolean)) {
      const row = JSON.parse(line);
      if (!row.input) continue;
      outcomes.set(row.input, row.error ? { error: row.error } : { findings: row.findings ?? [] });
    }
  }
  return outcomes;
}

// diff path → {findings} or {error}, one `review --repo <trees>/<repo>/<sha10>/head` per diff.
async function reviewWhole(cli, trees, prs, jobs) {
  const outcomes = new Map();
  await mapWithLimit(prs, Number(jobs), async (pr) => {
    const head = join(trees, pr.repo, pr.sha10, 'head');
    if (!existsSync(head)) {
      outcomes.set(pr.diff, { error: `no ${head}` });
      return;
    }
    const args = ['review', '--format', 'json', ...allRulesFlag(cli), ...(pr.meta ? ['--meta', pr.meta] : []), '--repo', head, pr.diff];
    const { status, stdout, stderr } = await run(cli, args);
    outcomes.set(pr.diff, status === 0 ? { findings: JSON.parse(stdout).findings ?? [] } : { error: stderr.trim() || `exit ${status}` });
  });
  return outcomes;
}

// The outputs --bytes compares, each as `review` prints it.
const OUTPUT_FORMS = [
  { name: 'JSON', args: ['--format', 'json'], allRules: false },
  { name: 'JSON --all-rules', args: ['--format', 'json'], allRules: true },
  { name: 'SARIF', args: ['--format', 'sarif'], allRules: false },
  { name: 'SARIF --all-rules', args: ['--format', 'sarif'], allRules: true },
];

// diff path → one entry per OUTPUT_FORMS: the sha256 of what `review` printed, or why it failed.
async function outputDigests(cli, mode, options, prs) {
  const digests = new Map();
  await mapWithLimit(prs, Number(options.jobs), async (pr) => {
    const entries = [];
    for (const form of OUTPUT_FORMS) {
      const args = ['review', ...form.args, ...(form.allRules ? allRulesFlag(cli) : []), ...(pr.meta ? ['--meta', pr.meta] : [])];
      if (mode === 'whole') args.push('--repo', join(options.trees, pr.repo, pr.sha10, 'head'));
      const { status, stdout, stderr } = await run(cli, [...args, pr.diff]);
      entries.push(status === 0 ? { sha256: createHash('sha256').update(stdout).digest('hex') }
        : { error: stderr.trim() || `exit ${status}` });
    }
    digests.set(pr.diff, entries);
  });
  return digests;
}

async function compareBytes(mode, options, prs) {
  const before = await cached(options.baseCache, `bytes-${mode}`, prs, options, () => outputDigests(options.baseCli, mode, options, prs));
  const after = await outputDigests(options.cli, mode, options, prs);
  const bytes = { forms: OUTPUT_FORMS.map((form) => form.name), identical: 0, differing: [], failures: [] };
  for (const pr of prs) {
    const [b, a] = [before.get(pr.diff) ?? [], after.get(pr.diff) ?? []];
    const failed = [...b, ...a].find((entry) => entry.error) ?? (b.length && a.length ? null : { error: 'no result' });
    const id = { repo: pr.repo, sha10: pr.sha10, number: pr.number };
    if (failed) {
      bytes.failures.push({ ...id, error: failed.error });
      continue;
    }
    const changed = OUTPUT_FORMS.filter((_, i) => b[i].sha256 !== a[i].sha256).map((form) => form.name);
    if (changed.length) bytes.differing.push({ ...id, forms: changed });
    else bytes.identical++;
  }
  return bytes;
}

// The baseline's outcomes are the same for the same commit and corpus: kept in DIR (the folder of
// its CLI, keyed by commit) under a name from the mode and the inputs' names, sizes and times.
async function cached(dir, mode, prs, options, compute) {
  if (!dir) return compute();
  const inputs = prs.flatMap((pr) => [pr.diff, pr.meta].filter(Boolean)).map((file) => {
    const { size, mtimeMs } = statSync(file);
    return [file, size, mtimeMs];
  });
  const key = createHash('sha256').update(JSON.stringify([mode, options.trees ?? null, inputs])).digest('hex').slice(0, 16);
  const file = join(dir, `outcomes-${mode}-${key}.json`);
  if (existsSync(file)) return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8'))));
  const outcomes = await compute();
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.partial`, JSON.stringify(Object.fromEntries(outcomes)));
  renameSync(`${file}.partial`, file);
  return outcomes;
}

async function compareMode(mode, options, prs) {
  const review = (cli) =>
    mode === 'hunks' ? reviewHunks(cli, options.corpus, prs, options.jobs) : reviewWhole(cli, options.trees, prs, options.jobs);
  const before = await cached(options.baseCache, mode, prs, options, () => review(options.baseCli));
  const after = await review(options.cli);
  const keep = (row) => !options.rule || row.rule === options.rule;
  const rowsBefore = [], rowsAfter = [], failures = [];
  for (const pr of prs) {
    const [b, a] = [before.get(pr.diff), after.get(pr.diff)];
    if (!b?.findings || !a?.findings) {
      failures.push({ repo: pr.repo, sha10: pr.sha10, number: pr.number,
        before: b?.error ?? (b ? null : 'no result'), after: a?.error ?? (a ? null : 'no result') });
      continue;
    }
    rowsBefore.push(...findingRows(pr, b.findings).filter(keep));
    rowsAfter.push(...findingRows(pr, a.findings).filter(keep));
  }
  return { mode, compared: prs.length - failures.length, counts: countsByRule(rowsBefore, rowsAfter),
    ...compareRows(rowsBefore, rowsAfter), failures, ...(options.bytes ? { bytes: await compareBytes(mode, options, prs) } : {}) };
}

const place = (row) => (row.path ? `${row.path}${row.line != null ? `:${row.line}` : ''}` : '(PR)');
const pr = (row) => `${row.repo} ${row.sha10} #${row.number ?? '?'}`;
const change = ({ before, after }) => (before === after ? `${before}` : `${before}→${after}`);

function printText(report) {
  console.log(`# corpus-diff: ${report.base} → ${report.head}${report.rule ? ` (rule ${report.rule})` : ''}`);
  const halves = HALVES.map((h) => `${report.prs[h]} ${h}`).join(', ');
  console.log(`${report.prs.all} PRs: ${halves} (sha 0–7 tuning, 8–f held out)`);
  for (const [name, why] of Object.entries(report.skipped)) console.log(`\n## ${name}: skipped (${why})`);
  for (const m of report.modes) {
    const delta = (half) => {
      const rows = (list) => list.filter((r) => !half || r.half === half).length;
      return `+${rows(m.added)} −${rows(m.removed)}`;
    };
    console.log(`\n## ${m.mode}: ${m.compared} PRs compared; ${delta()} findings ` +
      `(tuning ${delta('tuning')}, held-out ${delta('held-out')})`);
    console.log('\n| rule | severity | Δ | before→after | tuning | held-out |\n|---|---|---|---|---|---|');
    for (const row of m.counts) {
      const difference = row.all.after - row.all.before;
      const shown = difference > 0 ? `+${difference}` : difference < 0 ? `−${-difference}` : '';
      console.log(`| ${row.rule} | ${row.severity} | ${shown} | ${change(row.all)} | ${change(row.tuning)} | ${change(row['held-out'])} |`);
    }
    for (const severity of ['red', 'warn', 'note']) {
      const rows = m.counts.filter((row) => row.severity === severity);
      const sum = (part) => ({ before: rows.reduce((t, r) => t + r[part].before, 0), after: rows.reduce((t, r) => t + r[part].after, 0) });
      if (rows.length) console.log(`| all rules | ${severity} | | ${change(sum('all'))} | ${change(sum('tuning'))} | ${change(sum('held-out'))} |`);
    }
    for (const [sign, title, list] of [['+', 'added', m.added], ['-', 'removed', m.removed]]) {
      if (!list.length) continue;
      console.log(`\n### ${title} (${list.length})`);
      for (const row of list)
        console.log(`${sign} [${row.half}] ${pr(row)} ${row.rule} ${row.severity} ${place(row)}  ${row.problem}`);
    }
    if (m.bytes) {
      const { bytes } = m;
      console.log(`\n### output bytes (${bytes.forms.join(', ')}): ${bytes.identical} PRs identical, ` +
        `${bytes.differing.length} differing, ${bytes.failures.length} not compared`);
      for (const d of bytes.differing) console.log(`  differs: ${d.repo} ${d.sha10} #${d.number ?? '?'}  ${d.forms.join(', ')}`);
      for (const f of bytes.failures) console.log(`  not compared: ${f.repo} ${f.sha10} #${f.number ?? '?'}  ${f.error}`);
    }
    if (m.failures.length) {
      console.log(`\n### not compared (${m.failures.length}: a CLI could not review them)`);
      for (const f of m.failures) console.log(`  ${f.repo} ${f.sha10} #${f.number ?? '?'}  before: ${f.before ?? 'ok'}  after: ${f.after ?? 'ok'}`);
    }
  }
}

const options = parseArguments(process.argv.slice(2));
const prs = corpusPrs(options.corpus);
if (!prs.length) {
  console.log(`corpus-diff: no corpus diffs under ${options.corpus}; nothing to compare`);
  process.exit(0);
}
const report = {
  base: `${options.baseLabel} (${options.baseCli})`,
  head: options.cli,
  rule: options.rule ?? null,
  prs: { all: prs.length, ...Object.fromEntries(HALVES.map((h) => [h, prs.filter((p) => halfOf(p.sha10) === h).length])) },
  modes: [],
  skipped: {},
};
for (const mode of options.mode === 'both' ? MODES : [options.mode]) {
  if (mode === 'whole' && !(options.trees && existsSync(options.trees))) {
    report.skipped[mode] = 'no corpus trees: scripts/corpus-trees needs ../shared/repos';
    continue;
  }
  report.modes.push(await compareMode(mode, options, prs));
}
if (options.json) console.log(JSON.stringify(report, null, 2));
else printText(report);
