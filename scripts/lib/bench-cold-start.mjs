// The first review after the engine starts (a benchmark, not a test: it reports, it does not judge).
// The browser compiles WebAssembly lazily and a Manifest V3 service worker is stopped when idle, so
// the first review after it wakes pays for compiling the code it runs. The extension warms a new
// engine up (extension/background/engine-warm-up.js) while the page reads its diff and context.
// For a spread of corpus PRs by head size, each in a new Node process (V8 keeps compiled code per
// process): instantiation, the warm-up's two steps, then the PR's first review as the extension
// runs it, cold (no warm-up) and warmed: with whole files (the engine names the files to read,
// then reviews once with them) or from the diff alone (whole files off, or none could be read).
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

async function child([diffPath, metaPath, headDir, warmth, source]) {
  const started = performance.now();
  const engine = await loadEngine();
  const instantiated = performance.now();
  const steps = warmth === 'warmed' ? WARM_UP_STEPS.map((step) => {
    const before = performance.now();
    step(engine);
    return performance.now() - before;
  }) : [];
  const diff = readFileSync(diffPath);
  const meta = metaPath ? readFileSync(metaPath, 'utf8') : '{}';
  const files = headFiles(headDir);
  const beforeReview = performance.now();
  if (source === 'whole') {
    const wanted = new Set(JSON.parse(engine.headPathsToRead(diff)));
    engine.review(diff, meta, files.filter((file) => wanted.has(file.path)));
  } else {
    engine.review(diff, meta);
  }
  const review = performance.now() - beforeReview;
  console.log(JSON.stringify({ instantiate: instantiated - started, steps, review }));
}

function run(pr, warmth, source) {
  const args = [fileURLToPath(import.meta.url), '--child', pr.diff, pr.meta ?? '', pr.head, warmth, source];
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
  const runs = (warmth, source) => sample.map((pr) => run(pr, warmth, source));
  const cold = { whole: runs('cold', 'whole'), hunks: runs('cold', 'hunks') };
  const warmed = { whole: runs('warmed', 'whole'), hunks: runs('warmed', 'hunks') };
  console.log(`${SAMPLE} corpus PRs spread by head size (${(sample[0].headBytes / 1e3).toFixed(0)} KB to ` +
    `${(sample.at(-1).headBytes / 1e6).toFixed(2)} MB), each review in a new process; the warm-up runs while the page is read:`);
  const line = (label, values) => {
    const s = summary(values);
    console.log(`  ${label.padEnd(40)} p50 ${ms(s.median).padStart(9)}  max ${ms(s.max).padStart(9)}`);
  };
  line('instantiation', [...cold.whole, ...warmed.whole].map((t) => t.instantiate));
  warmUpReviews().forEach(({ name }, i) => line(`warm-up, ${name} PR`, warmed.whole.map((t) => t.steps[i])));
  line('first review, whole files: cold', cold.whole.map((t) => t.review));
  line('first review, whole files: warmed', warmed.whole.map((t) => t.review));
  line('first review, diff alone: cold', cold.hunks.map((t) => t.review));
  line('first review, diff alone: warmed', warmed.hunks.map((t) => t.review));
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main();
