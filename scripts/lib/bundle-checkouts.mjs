// Real PRs with the whole repository at their heads, from ../shared's bundles: the corpus window
// (repos/<repo>-window.bundle, diffs in corpus/<repo>/) and the earlier PRs (earlier/<repo>.bundle,
// diffs in earlier/<repo>/). Each commit of a bundle names the original commit whose diff it
// stands for (`Original-commit:` trailer). One working tree per bundle is kept in the cache and
// moved from commit to commit (an incremental checkout), so reviewing a set in order is cheap.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PR_SETS = {
  earlier: { bundle: (repo) => `earlier/${repo}.bundle`, diffs: 'earlier' },
  corpus: { bundle: (repo) => `repos/${repo}-window.bundle`, diffs: 'corpus' },
};

// Where the working trees are kept: scripts/lib/common.sh's atom_cache_dir, plus "repo-trees".
export function checkoutsCache() {
  if (process.env.ATOM_CACHE) return join(process.env.ATOM_CACHE, 'repo-trees');
  try {
    mkdirSync('/var/cache/atom-review', { recursive: true });
    accessSync('/var/cache/atom-review', constants.W_OK);
    return '/var/cache/atom-review/repo-trees';
  } catch {
    return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'atom-review', 'repo-trees');
  }
}

const git = (dir, ...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

export class BundleCheckouts {
  constructor(shared, cache) {
    this.shared = shared;
    this.cache = cache;
    this.trees = new Map();  // "<set>-<repo>" → {dir, commits: Map(sha10 → commit), order: [[commit, sha10]]}
  }

  // The set ("earlier" or "corpus") whose diffs hold repo's sha10, or null.
  setOf(repo, sha10) {
    for (const [name, set] of Object.entries(PR_SETS))
      if (existsSync(join(this.shared, set.diffs, repo, `${sha10}.diff`))) return name;
    return null;
  }

  diffPath(set, repo, sha10) { return join(this.shared, PR_SETS[set].diffs, repo, `${sha10}.diff`); }
  metaPath(set, repo, sha10) {
    const path = join(this.shared, PR_SETS[set].diffs, repo, `${sha10}.meta.json`);
    return existsSync(path) ? path : null;
  }

  // The bundle's working tree and its commits in order, [[commit, sha10]]; null without the bundle.
  tree(set, repo) {
    const key = `${set}-${repo}`;
    if (this.trees.has(key)) return this.trees.get(key);
    const bundle = join(this.shared, PR_SETS[set].bundle(repo));
    if (!existsSync(bundle)) return null;
    const dir = join(this.cache, key);
    if (!existsSync(join(dir, '.git'))) {
      mkdirSync(this.cache, { recursive: true });
      execFileSync('git', ['clone', '-q', '-b', 'main', bundle, dir]);
    }
    const order = git(dir, 'log', '--reverse', '--format=%H %(trailers:key=Original-commit,valueonly)', 'main')
      .split('\n').map((line) => line.trim().split(/\s+/)).filter((parts) => parts.length === 2 && parts[1])
      .map(([commit, original]) => [commit, original.slice(0, 10)]);
    const tree = { dir, order, commits: new Map(order.map(([commit, sha10]) => [sha10, commit])) };
    this.trees.set(key, tree);
    return tree;
  }

  // The working tree at the head of the PR `sha10` (its bundle commit), or null when no bundle holds it.
  checkout(set, repo, sha10) {
    const tree = this.tree(set, repo);
    const commit = tree?.commits.get(sha10);
    if (!commit) return null;
    git(tree.dir, 'checkout', '-q', '-f', commit);
    git(tree.dir, 'clean', '-q', '-f', '-d', '-x');
    return tree.dir;
  }
}
