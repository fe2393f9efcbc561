// scripts/soak: `node tests/e2e/soak.mjs [navigations]` (200 by default) prints the figures after
// the first round of the route and at the end, and whether each stayed bounded: our elements,
// nodes, listeners and observers the same as on the same page in the first round, the JS heap
// grown by less than 10 MB. Reported, not part of ./scripts/test (soak.test.mjs is its short form).
import { ROUTE, runSoak } from './support/soak.mjs';

const navigations = Number(process.argv[2] ?? 200);
const HEAP_GROWTH_LIMIT = 10 * 1024 * 1024;
const started = Date.now();
const steps = await runSoak(navigations, {
  onStep: ({ step }) => { if ((step + 1) % 50 === 0) console.log(`  ${step + 1} navigations`); },
});
// The same page as the last one, in the first round (past the first round: every feature has run once).
const last = steps.at(-1);
const first = steps[ROUTE.length + ((steps.length - 1) % ROUTE.length)] ?? steps[0];
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
console.log(`${navigations} soft navigations in ${((Date.now() - started) / 1000).toFixed(0)} s; ${last.stop} at navigation ${first.step + 1} and ${last.step + 1}:`);
let bounded = true;
for (const key of ['ourElements', 'nodes', 'listeners', 'mutationObservers', 'intersectionObservers']) {
  const ok = last.figures[key] <= first.figures[key];
  bounded &&= ok;
  console.log(`  ${key.padEnd(22)} ${String(first.figures[key]).padStart(7)} → ${String(last.figures[key]).padStart(7)}  ${ok ? 'bounded' : 'GREW'}`);
}
const growth = last.figures.heapBytes - first.figures.heapBytes;
const heapOk = growth < HEAP_GROWTH_LIMIT;
bounded &&= heapOk;
console.log(`  ${'JS heap (MB)'.padEnd(22)} ${mb(first.figures.heapBytes).padStart(7)} → ${mb(last.figures.heapBytes).padStart(7)}  growth ${mb(growth)} MB ${heapOk ? '< 10 MB' : '>= 10 MB'}`);
const maxHeap = Math.max(...steps.map((entry) => entry.figures.heapBytes));
console.log(`  peak JS heap after GC: ${mb(maxHeap)} MB`);
process.exitCode = bounded ? 0 : 1;
