// Whole-file review benchmarks (not tests: they report, they do not judge). Run through ./scripts/bench.
// Each corpus PR is reviewed with the files it touches as they stand at its head (scripts/corpus-trees):
//   native — build/native/atom_review_timer, the engine's own time (no process start-up, no I/O),
//            from the hunks alone and from the whole files (`review --repo`);
//   WASM   — the shipped module's review(diffBytes, metaJson, [{path, bytes}]), already instantiated;
// a first review (no parse kept from an earlier one) and the same PR reviewed again, as after a
// dismissal (the whole files' parses kept: core/analysis/kept_trees.h);
// p50/p99/max over the PRs, the PR at the WASM p99 again and the largest PR by head bytes (median of 5 runs each).
// WASM: a first pass over the PRs (code V8 is still compiling), then each PR's median over three more.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadEngine, repoRoot, sharedDir } from '../../tests/wasm/support/engine.mjs';
import { ms, summary } from './bench-stats.mjs';
import { corpusPrs } from './corpus-prs.mjs';
import { corpusTrees, headFiles } from './bench-corpus-trees.mjs';

const REPEATS_FOR_LARGEST = 5;
const timerPath = path.join(repoRoot, 'build/native/atom_review_timer');

// The timer's JSON line per PR, in order.
function nativeTimes(prs, repeat) {
  const input = prs.map((pr) => `${pr.diff}\t${pr.meta ?? ''}\t${pr.head}\n`).join('');
  const run = spawnSync(timerPath, ['--repeat', String(repeat)], { input, maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`atom_review_timer exited ${run.status}: ${run.stderr}`);
  const lines = run.stdout.toString().trim().split('\n').map((line) => JSON.parse(line));
  for (const line of lines) if (line.error) throw new Error(`atom_review_timer: ${line.error}`);
  return lines;
}

// Whether the module's review() takes the head files as a third argument; else why not.
function wholeFileBindingProblem(engine) {
  const diff = new TextEncoder().encode('diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n');
  try {
    engine.review(diff, '{}', [{ path: 'x.py', bytes: new TextEncoder().encode('a = 2\n') }]);
    return null;
  } catch (error) {
    return error.message ?? String(error);
  }
}

// A first review: the parses kept by the one before are dropped first, untimed.
function wasmMs(engine, pr) {
  engine.forgetKeptTrees();
  return wasmRereviewMs(engine, pr);
}

function wasmRereviewMs(engine, pr) {
  const started = performance.now();
  engine.review(pr.diffBytes, pr.metaText, pr.files);
  return performance.now() - started;
}

const line = (label, s) =>
  console.log(`  ${label.padEnd(30)} p50 ${ms(s.median).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  max ${ms(s.max).padStart(9)}`);
const median = (fn) => summary(Array.from({ length: REPEATS_FOR_LARGEST }, fn)).median;

const trees = existsSync(path.join(sharedDir, 'corpus')) ? corpusTrees() : null;
if (!trees) {
  console.log('whole files: skipped (no corpus trees: they come from ../shared through scripts/corpus-trees)');
  process.exit(0);
}
if (!existsSync(timerPath)) {
  console.log(`whole files: skipped (${path.relative(repoRoot, timerPath)} is missing: run ./scripts/build)`);
  process.exit(0);
}

const prs = corpusPrs(path.join(sharedDir, 'corpus'))
  .map((pr) => ({ ...pr, head: path.join(trees, pr.repo, pr.sha10, 'head') }))
  .filter((pr) => existsSync(pr.head))
  .map((pr) => {
    const files = headFiles(pr.head);
    const headBytes = files.reduce((total, f) => total + f.bytes.length, 0);
    return { ...pr, files, headBytes, diffBytes: readFileSync(pr.diff), metaText: pr.meta ? readFileSync(pr.meta, 'utf8') : '{}' };
  });
const totalHead = prs.reduce((total, pr) => total + pr.headBytes, 0);
console.log(`${prs.length} corpus PRs with their head files (${(totalHead / 1e6).toFixed(1)} MB of head files)`);

const native = nativeTimes(prs, 1);
line('native, hunks only', summary(native.map((t) => t.hunks_ms)));
line('native, whole files', summary(native.map((t) => t.whole_ms)));
if (native.every((t) => typeof t.rereview_ms === 'number')) line('native, same PR again', summary(native.map((t) => t.rereview_ms)));

const largest = prs.reduce((a, b) => (b.headBytes > a.headBytes ? b : a));
const [largestNative] = nativeTimes([largest], REPEATS_FOR_LARGEST);
const largestLabel = `largest PR by head bytes: ${largest.repo}/${largest.sha10} #${largest.number ?? '?'} ` +
  `(${largest.files.length} files, ${(largest.headBytes / 1e6).toFixed(2)} MB head, ${(largest.diffBytes.length / 1e6).toFixed(2)} MB diff)`;

const engine = await loadEngine();
const bindingProblem = wholeFileBindingProblem(engine);
if (bindingProblem) {
  console.log(`  WASM, whole files: skipped: the binding does not take head files yet ` +
    `(review(diffBytes, metaJson, [{path, bytes}])): ${bindingProblem}`);
  console.log(`${largestLabel}, median of ${REPEATS_FOR_LARGEST}:`);
  console.log(`  native whole files ${ms(largestNative.whole_ms)} (hunks only ${ms(largestNative.hunks_ms)}); WASM skipped`);
  process.exit(0);
}
// Passes over the PRs. The first starts with the module just instantiated, its code still being
// compiled and tiered up as it is first used (the extension's first review after its engine
// starts); the steady state the design targets is each PR's median over STEADY_PASSES more, as
// the machine's speed drifts within a run.
const STEADY_PASSES = 3;
const wasmPass = () => {
  const first = [];
  const again = [];
  for (const pr of prs) {
    first.push(wasmMs(engine, pr));
    again.push(wasmRereviewMs(engine, pr));
  }
  return { first, again };
};
const coldPass = wasmPass();
line('WASM, whole files, first pass', summary(coldPass.first));
const steadyPasses = Array.from({ length: STEADY_PASSES }, wasmPass);
const perPrMedian = (pick) => prs.map((_, i) => summary(steadyPasses.map((pass) => pick(pass)[i])).median);
const wasm = perPrMedian((pass) => pass.first);
const wasmAgain = perPrMedian((pass) => pass.again);
line('WASM, whole files, steady', summary(wasm));
line('WASM, same PR again', summary(wasmAgain));
// The PR that sits at p99 (one run each is noisy on a shared machine), measured again.
const p99Time = summary(wasm).p99;
const p99Pr = prs[wasm.indexOf(p99Time)];
console.log(`  the PR at WASM p99: ${p99Pr.repo}/${p99Pr.sha10} #${p99Pr.number ?? '?'} (${p99Pr.files.length} files, ` +
  `${(p99Pr.headBytes / 1e6).toFixed(2)} MB head), again, median of ${REPEATS_FOR_LARGEST}: ${ms(median(() => wasmMs(engine, p99Pr)))}`);
const wasmSum = wasm.reduce((a, b) => a + b, 0);
const nativeSum = native.reduce((total, t) => total + t.whole_ms, 0);
console.log(`  WASM / native, whole files, summed over the PRs: ${(wasmSum / nativeSum).toFixed(2)}x`);

const largestWasm = median(() => wasmMs(engine, largest));
const largestWasmAgain = median(() => wasmRereviewMs(engine, largest));
console.log(`${largestLabel}, median of ${REPEATS_FOR_LARGEST}:`);
console.log(`  native whole files ${ms(largestNative.whole_ms)} (hunks only ${ms(largestNative.hunks_ms)}, ` +
  `same PR again ${ms(largestNative.rereview_ms)}), WASM whole files ${ms(largestWasm)} (same PR again ${ms(largestWasmAgain)}), ` +
  `WASM / native ${(largestWasm / Math.max(1e-3, largestNative.whole_ms)).toFixed(2)}x`);
