// The first review after the engine starts (a benchmark, not a test: it reports, it does not judge).
// The browser compiles WebAssembly lazily and a Manifest V3 service worker is stopped when idle, so
// the first review after it wakes pays for compiling the code it runs. The extension warms a new
// engine up (extension/background/engine-warm-up.js) while the page reads its diff and context.
// For a spread of corpus PRs by head size, each in a new Node process (V8 keeps compiled code per
// process): instantiation, the warm-up's two steps, then the PR's review from the hunks and from
// its whole head files, as the extension runs them, cold (no warm-up) and warmed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadEngine, sharedDir } from '../../tests/wasm/support/engine.mjs';
import { WARM_UP_STEPS, warmUpReviews } from '../../extension/background/engine-warm-up.js';
import { ms, summary } from './bench-stats.mjs';
import { corpusPrs } from './corpus-prs.mjs';
import { corpusTrees, headFiles } from './bench-corpus-trees.mjs';

const SAMPLE = 15;

async function child([diffPath, metaPath, headDir, mode]) {
  const started = performance.now();
  const engine = await loadEngine();
  const instantiated = performance.now();
  const steps = mode === 'warmed' ? WARM_UP_STEPS.map((step) => {
    const before = performance.now();
    step(engine);
    return performance.now() - before;
  }) : [];
  const diff = readFileSync(diffPath);
  const meta = metaPath ? readFileSync(metaPath, 'utf8') : '{}';
  const beforeHunks = performance.now();
  engine.review(diff, meta);
  const beforeWhole = performance.now();
  engine.review(diff, meta, headFiles(headDir));
  const done = performance.now();
  console.log(JSON.stringify({ instantiate: instantiated - started, steps, hunks: beforeWhole - beforeHunks, whole: done - beforeWhole }));
}

function run(pr, mode) {
  const args = [fileURLToPath(import.meta.url), '--child', pr.diff, pr.meta ?? '', pr.head, mode];
  const result = spawnSync(process.execPath, args, { maxBuffer: 16 << 20 });
  if (result.status !== 0) throw new Error(`cold-start child for ${pr.repo}/${pr.sha10} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout.toString());
}

async function main() {
  const trees = existsSync(path.join(sharedDir, 'corpus')) ? corpusTrees() : null;
  if (!trees) {
    console.log('first review after start: skipped (no corpus trees: they come from ../shared through scripts/corpus-trees)');
    return;
  }
  const prs = corpusPrs(path.join(sharedDir, 'corpus'))
    .map((pr) => ({ ...pr, head: path.join(trees, pr.repo, pr.sha10, 'head') }))
    .filter((pr) => existsSync(pr.head))
    .map((pr) => ({ ...pr, headBytes: headFiles(pr.head).reduce((total, file) => total + file.bytes.length, 0) }))
    .sort((a, b) => a.headBytes - b.headBytes);
  // Evenly spaced by head size, the smallest and the largest included.
  const sample = Array.from({ length: SAMPLE }, (_, i) => prs[Math.round((i * (prs.length - 1)) / (SAMPLE - 1))]);
  const cold = sample.map((pr) => run(pr, 'cold'));
  const warmed = sample.map((pr) => run(pr, 'warmed'));
  console.log(`${SAMPLE} corpus PRs spread by head size (${(sample[0].headBytes / 1e3).toFixed(0)} KB to ` +
    `${(sample.at(-1).headBytes / 1e6).toFixed(2)} MB), each in a new process; the warm-up runs while the page is read:`);
  const line = (label, values) => {
    const s = summary(values);
    console.log(`  ${label.padEnd(40)} p50 ${ms(s.median).padStart(9)}  max ${ms(s.max).padStart(9)}`);
  };
  line('instantiation', [...cold, ...warmed].map((t) => t.instantiate));
  warmUpReviews().forEach(({ name }, i) => line(`warm-up, ${name} PR`, warmed.map((t) => t.steps[i])));
  line('first review, hunks: cold', cold.map((t) => t.hunks));
  line('first review, hunks: warmed', warmed.map((t) => t.hunks));
  line('then whole files: cold', cold.map((t) => t.whole));
  line('then whole files: warmed', warmed.map((t) => t.whole));
  line('both, as the extension runs them: cold', cold.map((t) => t.hunks + t.whole));
  line('both, as the extension runs them: warmed', warmed.map((t) => t.hunks + t.whole));
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main();
