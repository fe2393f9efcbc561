// Engine benchmarks (not tests: they report, they do not judge). Run through ./scripts/bench.
// Native timings are whole `atom-review review` processes, so the process start-up is reported
// too (an empty diff); WASM timings are calls into the shipped module already instantiated.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { cliPath, loadEngine, repoRoot, sharedDir, wasmDir } from '../../tests/wasm/support/engine.mjs';
import { ms, summary } from './bench-stats.mjs';

const REPEATS_FOR_LARGEST = 5;
const STARTUP_RUNS = 15;

function corpusDiffs() {
  const found = [];
  for (const corpus of ['atom', 'aiter']) {
    const dir = path.join(sharedDir, 'corpus', corpus);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
      const meta = path.join(dir, name.replace(/\.diff$/, '.meta.json'));
      found.push({ name: `${corpus}/${name}`, diff: path.join(dir, name), meta: existsSync(meta) ? meta : null });
    }
  }
  if (found.length > 0) return found;
  console.log(`(no corpus under ${sharedDir}: benchmarking the demo PR only)`);
  const demo = path.join(repoRoot, 'tests/fixtures/demo');
  return [{ name: 'demo-pr.diff', diff: path.join(demo, 'demo-pr.diff'), meta: path.join(demo, 'demo-pr.meta.json') }];
}

function nativeMs(diffPath, metaPath) {
  const args = ['review', '--format', 'json', ...(metaPath ? ['--meta', metaPath] : []), diffPath];
  const started = performance.now();
  const run = spawnSync(cliPath, args, { maxBuffer: 256 << 20 });
  const elapsed = performance.now() - started;
  if (run.status !== 0) throw new Error(`atom-review ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return elapsed;
}

function wasmMs(engine, bytes, metaText) {
  const started = performance.now();
  engine.review(bytes, metaText);
  return performance.now() - started;
}

const line = (label, s) =>
  console.log(`  ${label.padEnd(28)} median ${ms(s.median).padStart(9)}  p90 ${ms(s.p90).padStart(9)}  max ${ms(s.max).padStart(9)}  total ${ms(s.sum).padStart(10)}`);

const wasmBytes = readFileSync(path.join(wasmDir, 'atom_engine.wasm'));
console.log(`atom_engine.wasm: ${(wasmBytes.length / 1024).toFixed(0)} KiB raw, ` +
  `${(gzipSync(wasmBytes, { level: 9 }).length / 1024).toFixed(0)} KiB gzip -9`);

const diffs = corpusDiffs();
const engine = await loadEngine();
const inputs = diffs.map((d) => ({ ...d, bytes: readFileSync(d.diff), metaText: d.meta ? readFileSync(d.meta, 'utf8') : '{}' }));

// Start-up: the CLI on a one-line diff, where the review itself costs next to nothing.
const tinyDir = mkdtempSync(path.join(tmpdir(), 'atom-bench-'));
const tinyDiff = path.join(tinyDir, 'tiny.diff');
writeFileSync(tinyDiff, 'diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n');
const startup = summary(Array.from({ length: STARTUP_RUNS }, () => nativeMs(tinyDiff, null)));
rmSync(tinyDir, { recursive: true });

wasmMs(engine, inputs[0].bytes, inputs[0].metaText); // the first call pays for lazy initialisation
const native = inputs.map((d) => nativeMs(d.diff, d.meta));
const wasm = inputs.map((d) => wasmMs(engine, d.bytes, d.metaText));
const nativeNet = native.map((t) => Math.max(0, t - startup.median));

const totalBytes = inputs.reduce((total, d) => total + d.bytes.length, 0);
console.log(`${inputs.length} diffs, ${(totalBytes / 1e6).toFixed(1)} MB`);
line('native process start-up', startup);
line('native review (process)', summary(native));
line('native minus start-up', summary(nativeNet));
line('WASM review (in Node)', summary(wasm));
console.log(`  WASM / native-minus-start-up, summed over the diffs: ${(summary(wasm).sum / summary(nativeNet).sum).toFixed(2)}x`);

const largest = inputs.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a));
const repeat = (fn) => summary(Array.from({ length: REPEATS_FOR_LARGEST }, fn)).median;
const largestNative = repeat(() => nativeMs(largest.diff, largest.meta));
const largestWasm = repeat(() => wasmMs(engine, largest.bytes, largest.metaText));
console.log(`largest diff ${largest.name} (${(statSync(largest.diff).size / 1e6).toFixed(2)} MB), median of ${REPEATS_FOR_LARGEST}:`);
console.log(`  native ${ms(largestNative)} (minus start-up ${ms(largestNative - startup.median)}), WASM ${ms(largestWasm)}, ` +
  `WASM / native-minus-start-up ${(largestWasm / Math.max(1e-3, largestNative - startup.median)).toFixed(2)}x`);

// Scaling on hostile sizes: one synthetic added Python file of N and 2N lines (defs, branches,
// allocations, comments). A ratio near 2 is linear; near 4 would be quadratic.
function syntheticDiff(lineCount) {
  const body = [];
  for (let i = 0; body.length < lineCount; i++) {
    if (i % 50 === 0) body.push(`def f${i}(x, scale=None, mask=None):`);
    else if (i % 7 === 0) body.push(`    if x > ${i}:`, `        y${i} = torch.empty(4)`);
    else body.push(`    v${i} = x * ${i}  # note`);
  }
  const header = 'diff --git a/atom/model_ops/big.py b/atom/model_ops/big.py\nnew file mode 100644\n' +
    `--- /dev/null\n+++ b/atom/model_ops/big.py\n@@ -0,0 +1,${body.length} @@\n`;
  return new TextEncoder().encode(header + body.map((l) => `+${l}\n`).join(''));
}
// Both sizes stay under the engine's per-file line limit (20,000): a file past it is skipped, and
// timing a skipped file would measure nothing (the result's `skipped` says so, and is checked).
const SCALING_LINES = 8000;
const small = syntheticDiff(SCALING_LINES);
const double = syntheticDiff(2 * SCALING_LINES);
const skippedBy = (bytes) => JSON.parse(engine.review(bytes, '{}')).skipped ?? [];
const skipped = [...skippedBy(small), ...skippedBy(double)];
if (skipped.length) {
  console.log(`scaling (WASM, synthetic added file): not measured, the engine skips the input (${JSON.stringify(skipped[0])})`);
} else {
  const smallMs = repeat(() => wasmMs(engine, small, '{}'));
  const doubleMs = repeat(() => wasmMs(engine, double, '{}'));
  console.log(`scaling (WASM, synthetic added file): ${SCALING_LINES} lines ${ms(smallMs)}, ${2 * SCALING_LINES} lines ` +
    `${ms(doubleMs)}, ratio ${(doubleMs / smallMs).toFixed(2)} (2 = linear)`);
}
