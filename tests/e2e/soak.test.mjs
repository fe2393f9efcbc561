// The soak's short form (scripts/soak runs 200 navigations and reports): 20 soft navigations;
// from the third round of the route on, every page holds no more of our elements, DOM nodes,
// event listeners, MutationObservers or IntersectionObservers than the same page did in the
// second round, and the JS heap after garbage collection has grown by less than 10 MB.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTE, runSoak } from './support/soak.mjs';

const NAVIGATIONS = 20;
const COUNTS = ['ourElements', 'nodes', 'listeners', 'mutationObservers', 'intersectionObservers'];

test(`${NAVIGATIONS} soft navigations: elements, listeners and observers bounded, heap growth under 10 MB`, async () => {
  const steps = await runSoak(NAVIGATIONS);
  assert.ok(steps.every(({ figures }) => figures.mutationObservers !== null), 'the content script\'s world was found');
  assert.ok(steps.some(({ figures }) => figures.mutationObservers > 0), 'its observers are counted');
  for (const { step, stop, figures } of steps.slice(2 * ROUTE.length)) {
    const reference = steps[ROUTE.length + (step % ROUTE.length)];
    for (const count of COUNTS) {
      assert.ok(figures[count] <= reference.figures[count],
        `${count} on ${stop} at navigation ${step + 1}: ${figures[count]}, ${reference.figures[count]} at navigation ${reference.step + 1}`);
    }
  }
  const growth = steps.at(-1).figures.heapBytes - steps[ROUTE.length].figures.heapBytes;
  assert.ok(growth < 10 * 1024 * 1024, `JS heap grew ${growth} bytes`);
});
