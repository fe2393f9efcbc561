// Which source files make up a rule, and whether they are the same (git blob) at two trees.
//
// A rule R's files are core/rules/<category>/<r>_*.{cc,h} (r = R's id in lower case: "b5" gives
// b5_api_receivers.cc, b5_fallbacks.cc, b5_signatures.cc, b5_subchecks.h; "d1" does not take
// d1b_*), plus the support files under core/rules/<category>/ they include, transitively (a
// header and the .cc of the same name: d1 includes d1_hip_launches.h, so d1_hip_launches.cc counts).
// The shared interface directly under core/rules/ (rule.h, registry, finding, rule_status) is
// left out: every rule includes it and no rule logic lives there.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const RULES_DIR = 'core/rules';
const INCLUDE = /#include\s+"(core\/rules\/[^"]+)"/g;

const isCategoryFile = (path) => path.startsWith(`${RULES_DIR}/`) && path.slice(RULES_DIR.length + 1).includes('/');
const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);

// tree: Map path → { blob, text() }. Returns the rule's files, sorted.
export function ruleFiles(ruleId, tree) {
  const prefix = `${ruleId.toLowerCase()}_`;
  const chosen = new Set();
  const pending = [...tree.keys()].filter((path) => isCategoryFile(path) && baseName(path).startsWith(prefix));
  while (pending.length) {
    const path = pending.pop();
    if (chosen.has(path) || !tree.has(path)) continue;
    chosen.add(path);
    for (const [, included] of tree.get(path).text().matchAll(INCLUDE)) {
      if (!isCategoryFile(included)) continue;
      pending.push(included);
      if (included.endsWith('.h')) pending.push(`${included.slice(0, -2)}.cc`);
    }
  }
  return [...chosen].sort();
}

// "path blob" lines of the rule's files: equal fingerprints mean the rule's source did not change.
export function ruleFingerprint(ruleId, tree) {
  return ruleFiles(ruleId, tree).map((path) => `${path} ${tree.get(path).blob}`).join('\n');
}

// A short name of a rule's source: the first 16 hex of the fingerprint's SHA-1.
export function sourceId(ruleId, tree) {
  return createHash('sha1').update(ruleFingerprint(ruleId, tree)).digest('hex').slice(0, 16);
}

// Rewrites of a rule's source shown to change none of its output keep its labels
// (tests/labels/equivalent-sources.json, tests/labels/README.md says what shows it):
// [{rule, from, to, evidence}], `from` and `to` source ids. Absent file: none.
export function readEquivalences(path) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw new Error(`${path}: ${error.message}`);
  }
  const list = parsed?.equivalences;
  if (!Array.isArray(list)) throw new Error(`${path}: no "equivalences" list`);
  list.forEach((entry, at) => {
    for (const key of ['rule', 'from', 'to', 'evidence']) {
      if (typeof entry?.[key] !== 'string' || entry[key] === '') throw new Error(`${path}: equivalences[${at}].${key} is not a non-empty string`);
    }
  });
  return list;
}

// Whether the source `from` of `rule` leads to `to` through recorded equivalences (in order of
// the rewrites: each step from one source to the next).
function equivalent(equivalences, rule, from, to) {
  const seen = new Set([from]);
  const pending = [from];
  while (pending.length) {
    const at = pending.pop();
    if (at === to) return true;
    for (const step of equivalences) {
      if (step.rule !== rule || step.from !== at || seen.has(step.to)) continue;
      seen.add(step.to);
      pending.push(step.to);
    }
  }
  return false;
}

// The rule sources as they stand in the working tree (what build/native was built from).
export function worktreeRuleTree(root) {
  const paths = [];
  const walk = (relative) => {
    for (const name of readdirSync(join(root, relative)).sort()) {
      const child = `${relative}/${name}`;
      if (statSync(join(root, child)).isDirectory()) walk(child);
      else paths.push(child);
    }
  };
  walk(RULES_DIR);
  const blobs = execFileSync('git', ['hash-object', '--stdin-paths'], { cwd: root, input: paths.join('\n') + '\n' })
    .toString().trim().split('\n');
  return new Map(paths.map((path, i) => [path, { blob: blobs[i], text: () => readFileSync(join(root, path), 'utf8') }]));
}

// The rule sources at a commit; null when git does not know the commit.
export function commitRuleTree(root, commit) {
  const git = (args, input) => execFileSync('git', args, { cwd: root, input, maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] });
  let resolved;
  try {
    resolved = git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).toString().trim();
  } catch {
    return null;
  }
  const entries = git(['ls-tree', '-r', '--full-tree', resolved, '--', RULES_DIR]).toString().trim().split('\n').filter(Boolean)
    .map((line) => {
      const [info, path] = line.split('\t');
      return { blob: info.split(' ')[2], path };
    });
  const texts = catBlobs(git, entries.map((e) => e.blob));
  return new Map(entries.map(({ blob, path }) => [path, { blob, text: () => texts.get(blob) }]));
}

// Reads many blobs with one `git cat-file --batch`.
function catBlobs(git, blobs) {
  const out = git(['cat-file', '--batch'], blobs.join('\n') + '\n');
  const texts = new Map();
  let at = 0;
  while (at < out.length) {
    const headerEnd = out.indexOf(0x0a, at);
    const [blob, , size] = out.subarray(at, headerEnd).toString().split(' ');
    const start = headerEnd + 1;
    texts.set(blob, out.subarray(start, start + Number(size)).toString('utf8'));
    at = start + Number(size) + 1;
  }
  return texts;
}

// ruleUnchanged(rule, engineCommit) for measure(): compares each rule's source now and at the
// label's engine commit (trees cached per commit); a source reached from the label's through
// recorded equivalences counts as unchanged.
export function ruleChangeChecker(root, nowTree = worktreeRuleTree(root), treeAt = (c) => commitRuleTree(root, c),
  equivalences = []) {
  const trees = new Map();
  const nowIds = new Map();
  return (rule, engine) => {
    if (!trees.has(engine)) trees.set(engine, treeAt(engine));
    const then = trees.get(engine);
    if (then === null) return null;
    if (!nowIds.has(rule)) nowIds.set(rule, sourceId(rule, nowTree));
    return equivalent(equivalences, rule, sourceId(rule, then), nowIds.get(rule));
  };
}
