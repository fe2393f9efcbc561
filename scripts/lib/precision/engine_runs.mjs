// Runs the built CLI on corpus commits, in the two modes labels name: `hunks` (the diff alone,
// through `batch`) and `whole` (`review --repo <corpus-trees>/<repo>/<sha10>/head`); on the
// labelled PRs outside the corpus (labelled_prs.mjs): hunks, and whole where the trees hold some
// of their head files; on the added-file set (addedSet below): hunks, each file its own diff; and
// `repository` (`review --repo <the whole tree at the PR's head>`, from the bundles: the corpus
// window's and the earlier PRs', scripts/lib/bundle-checkouts.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelledHead, labelledPrs } from './labelled_prs.mjs';
import { BundleCheckouts, checkoutsCache } from '../bundle-checkouts.mjs';

// "ROCm/ATOM" → "atom", "ROCm/aiter" → "aiter": the folder under ../shared/corpus and the trees.
export const repoDir = (repo) => repo.slice(repo.indexOf('/') + 1).toLowerCase();
export const repoName = (dir) => (dir === 'atom' ? 'ROCm/ATOM' : `ROCm/${dir}`);

export const corpusDiff = (shared, repo, commit) => join(shared, 'corpus', repoDir(repo), `${commit}.diff`);
const metaBeside = (diff) => diff.replace(/\.diff$/, '.meta.json');

// The folder scripts/corpus-trees prints (it builds the cache once); null when ../shared is absent.
export function corpusTrees(root) {
  try {
    return execFileSync(join(root, 'scripts/corpus-trees'), { stdio: ['ignore', 'pipe', 'inherit'] }).toString().trim();
  } catch {
    return null;
  }
}

// The added-file set of `repo` at `commit` under the corpus trees (scripts/corpus-trees): the tree a
// window bundle starts from, each source file reviewed as if a PR added it (`diffs/`, with metas
// beside; `head/`, the files). A label names it by that tree's sha10, mode `hunks` (an added file
// is whole in its diff). Null when the trees hold no such set.
export function addedSet(trees, repo, commit) {
  if (!trees) return null;
  const dir = join(trees, 'added', repoDir(repo), commit);
  return existsSync(join(dir, 'diffs')) ? dir : null;
}

// Every added-file set the corpus trees hold, as [{repo, commit}].
export function addedSets(trees) {
  const root = trees ? join(trees, 'added') : null;
  if (!root || !existsSync(root)) return [];
  return readdirSync(root).sort().flatMap((dir) =>
    readdirSync(join(root, dir)).sort().map((commit) => ({ repo: repoName(dir), commit })));
}

// targets: [{repo, commit, mode}]. Returns [{repo, commit, mode, finding, result}] for every
// finding the engine gives now, and `missing`: targets whose diff is neither in the corpus, nor a
// labelled PR, nor an added-file set (or a labelled PR asked for in whole mode that has no head
// files, or an added-file set asked for in whole mode).
export function runEngine({ cli, shared, trees, targets }) {
  const findings = [];
  const missing = [];
  const unique = new Map(targets.map((t) => [`${t.repo} ${t.commit} ${t.mode}`, t]));
  const outside = new Map(labelledPrs(shared).map((pr) => [`${pr.repo} ${pr.commit}`, pr]));
  const labelled = [];
  const added = [];
  const checkouts = new BundleCheckouts(shared, checkoutsCache());
  const withRepository = [];
  const present = [...unique.values()].filter((t) => {
    if (t.mode === 'repository') {
      const set = checkouts.setOf(repoDir(t.repo), t.commit);
      if (set) withRepository.push({ target: t, set });
      else missing.push(t);
      return false;
    }
    if (existsSync(corpusDiff(shared, t.repo, t.commit))) return true;
    const pr = outside.get(`${t.repo} ${t.commit}`);
    const addedDir = pr ? null : addedSet(trees, t.repo, t.commit);
    if (pr && (t.mode === 'hunks' || labelledHead(trees, pr))) labelled.push({ target: t, pr });
    else if (addedDir && t.mode === 'hunks') added.push({ target: t, dir: addedDir });
    else missing.push(t);
    return false;
  });
  const hunks = present.filter((t) => t.mode === 'hunks');
  if (hunks.length) {
    const byDiff = new Map(hunks.map((t) => [corpusDiff(shared, t.repo, t.commit), t]));
    const lines = execFileSync(cli, ['batch', ...allRulesFlag(cli), ...byDiff.keys()], { maxBuffer: 1 << 30 }).toString().trim().split('\n');
    for (const line of lines) {
      const result = JSON.parse(line);
      const target = byDiff.get(result.input);
      if (!target) continue;  // the summary line
      for (const finding of result.findings ?? []) findings.push({ ...target, finding, result });
    }
  }
  for (const { target, dir } of added) {
    const lines = execFileSync(cli, ['batch', ...allRulesFlag(cli), join(dir, 'diffs')], { maxBuffer: 1 << 30 }).toString().trim().split('\n');
    for (const line of lines) {
      const result = JSON.parse(line);
      for (const finding of result.findings ?? []) findings.push({ ...target, finding, result });
    }
  }
  const empty = mkdtempSync(join(tmpdir(), 'atom-precision-'));
  const metas = mkdtempSync(join(tmpdir(), 'atom-precision-meta-'));
  try {
    for (const { target, pr } of labelled) {
      const metaPath = join(metas, 'meta.json');
      writeFileSync(metaPath, JSON.stringify(pr.meta));
      const head = target.mode === 'whole' ? ['--repo', labelledHead(trees, pr)] : [];
      const args = ['review', '--format', 'json', ...allRulesFlag(cli), '--meta', metaPath, ...head, pr.diff];
      const result = JSON.parse(execFileSync(cli, args, { maxBuffer: 1 << 30 }).toString());
      for (const finding of result.findings ?? []) findings.push({ ...target, finding, result });
    }
    for (const target of present.filter((t) => t.mode === 'whole')) {
      const diff = corpusDiff(shared, target.repo, target.commit);
      const head = join(trees, repoDir(target.repo), target.commit, 'head');
      const args = ['review', '--format', 'json', ...allRulesFlag(cli), '--repo', existsSync(head) ? head : empty];
      if (existsSync(metaBeside(diff))) args.push('--meta', metaBeside(diff));
      const result = JSON.parse(execFileSync(cli, [...args, diff], { maxBuffer: 1 << 30 }).toString());
      for (const finding of result.findings ?? []) findings.push({ ...target, finding, result });
    }
    // In bundle order, so that each checkout moves the working tree forward a little.
    for (const { target, set } of withRepository.sort((a, b) => a.target.repo.localeCompare(b.target.repo) ||
      bundleIndex(checkouts, a) - bundleIndex(checkouts, b))) {
      const dir = checkouts.checkout(set, repoDir(target.repo), target.commit);
      if (!dir) {
        missing.push(target);
        continue;
      }
      const metaPath = checkouts.metaPath(set, repoDir(target.repo), target.commit);
      const args = ['review', '--format', 'json', ...allRulesFlag(cli), '--repo', dir, ...(metaPath ? ['--meta', metaPath] : []),
        checkouts.diffPath(set, repoDir(target.repo), target.commit)];
      const result = JSON.parse(execFileSync(cli, args, { maxBuffer: 1 << 30 }).toString());
      for (const finding of result.findings ?? []) findings.push({ ...target, finding, result });
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(metas, { recursive: true, force: true });
  }
  return { findings, missing };
}

function bundleIndex(checkouts, { target, set }) {
  const tree = checkouts.tree(set, repoDir(target.repo));
  return tree ? tree.order.findIndex(([, sha10]) => sha10 === target.commit) : -1;
}

// ['--all-rules'] when the CLI has it (engines before it had no off rules): labels are made and
// measured on every rule, the ones the measurements turned off included, or an off rule's labels
// would vanish with it and it could never be measured again.
const allRulesFlags = new Map();
export function allRulesFlag(cli) {
  if (!allRulesFlags.has(cli)) {
    const help = spawnSync(cli, ['--help']);
    allRulesFlags.set(cli, help.status === 0 && String(help.stdout).includes('--all-rules') ? ['--all-rules'] : []);
  }
  return allRulesFlags.get(cli);
}

// The key fields of a finding the engine gave on a target, for findingKey().
export const producedKeyFields = ({ repo, commit, mode, finding }) => ({
  repo, commit, mode, rule: finding.rule, path: finding.path, line: finding.line, side: finding.side,
});

// The registered rule ids, in catalogue order, from `atom-review rules --format json`.
export function registeredRules(cli) {
  return JSON.parse(execFileSync(cli, ['rules', '--format', 'json'], { maxBuffer: 1 << 28 }).toString()).map((r) => r.id);
}
