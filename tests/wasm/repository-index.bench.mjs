// Benchmark (reports, does not judge): the repository index (core/repository) on real trees —
// ATOM and aiter at the end of ../shared/earlier — and what the checks against it cost per PR.
//   index build: the WebAssembly engine's openRepository over every source file (median of 3 after
//     one warm-up), and the native CLI's `review --repo DIR` of an empty change (reading and
//     indexing the tree) less the same without --repo;
//   per PR: the last PRS_PER_REPO PRs of each bundle, each reviewed in WebAssembly with its head
//     files and a repository opened on its own tree, against the same review without the
//     repository, every rule on: the difference is the cross-file checks (p50 / max);
//   memory: the module's linear memory after indexing both trees (it never shrinks: the high-water).
// Skips without ../shared/earlier. Prints one JSON line.
//   node tests/wasm/repository-index.bench.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliPath, loadEngine, sharedDir } from './support/engine.mjs';

const PRS_PER_REPO = 10;
const SOURCE = /\.(py|c|cc|cpp|cxx|h|hh|hpp|cu|cuh|hip|inl)$/;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Math.round(ms * 10) / 10;

if (!existsSync(path.join(sharedDir, 'earlier', 'atom.bundle'))) {
  console.log(JSON.stringify({ bench: 'repository-index', skipped: 'no ../shared/earlier' }));
  process.exit(0);
}

const work = mkdtempSync(path.join(tmpdir(), 'atom-bench-repository-'));
const git = (dir, ...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

function sourceFiles(dir) {
  return git(dir, 'ls-files').split('\n').filter((file) => SOURCE.test(file))
    .map((file) => ({ path: file, bytes: new Uint8Array(readFileSync(path.join(dir, file))) }));
}

const engine = await loadEngine();
const report = { bench: 'repository-index' };
try {
  const emptyDiff = path.join(work, 'empty.diff');
  writeFileSync(emptyDiff, '');
  for (const repo of ['atom', 'aiter']) {
    const dir = path.join(work, repo);
    execFileSync('git', ['clone', '-q', '-b', 'main', path.join(sharedDir, 'earlier', `${repo}.bundle`), dir]);
    const files = sourceFiles(dir);
    const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
    engine.closeRepository(engine.openRepository(files));
    const wasmMs = median([0, 1, 2].map(() => {
      const start = performance.now();
      const id = engine.openRepository(files);
      const elapsed = performance.now() - start;
      engine.closeRepository(id);
      return elapsed;
    }));
    const timeCli = (args) => median([0, 1, 2].map(() => {
      const start = performance.now();
      try { execFileSync(cliPath, ['review', '--format', 'json', ...args, emptyDiff], { stdio: 'ignore' }); } catch { /* exit 2: empty */ }
      return performance.now() - start;
    }));
    const nativeMs = timeCli(['--repo', dir]) - timeCli([]);

    // Per PR: its own tree, its head files, with and without the repository.
    const order = git(dir, 'log', '--format=%H %(trailers:key=Original-commit,valueonly)', 'main').split('\n')
      .map((line) => line.trim().split(/\s+/)).filter((parts) => parts.length === 2).slice(0, PRS_PER_REPO);
    const checks = [];
    for (const [commit, original] of order) {
      const diffPath = path.join(sharedDir, 'earlier', repo, `${original.slice(0, 10)}.diff`);
      if (!existsSync(diffPath)) continue;
      git(dir, 'checkout', '-q', '-f', commit);
      const diff = new Uint8Array(readFileSync(diffPath));
      const wanted = new Set(JSON.parse(engine.headPathsToRead(diff)));
      const tree = sourceFiles(dir);
      const head = git(dir, 'ls-files').split('\n').filter((file) => wanted.has(file))
        .map((file) => ({ path: file, bytes: new Uint8Array(readFileSync(path.join(dir, file))) }));
      const id = engine.openRepository(tree);
      const timed = (run) => median([0, 1, 2].map(() => { const start = performance.now(); run(); return performance.now() - start; }));
      // Every rule on: the repository's rules run whatever their measured status.
      const meta = JSON.stringify({ all_rules: true });
      const withRepository = timed(() => engine.review(diff, meta, head, id));
      const without = timed(() => engine.review(diff, meta, head));
      engine.closeRepository(id);
      checks.push(Math.max(0, withRepository - without));
    }
    report[repo] = {
      files: files.length, mib: round(bytes / (1 << 20)), wasm_index_ms: round(wasmMs), native_index_ms: round(nativeMs),
      prs: checks.length, checks_p50_ms: round(median(checks)), checks_max_ms: round(Math.max(...checks)),
    };
  }
  report.wasm_memory_mib = round(engine.HEAPU8.length / (1 << 20));
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(JSON.stringify(report));
