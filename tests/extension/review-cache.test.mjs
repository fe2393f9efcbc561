import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReviewCache } from '../../extension/background/review-cache.js';

test('a second request for the same pull request reuses the first computation', async () => {
  const cache = new ReviewCache();
  let runs = 0;
  const compute = async () => `result ${++runs}`;
  assert.equal(await cache.getOrCompute('a#1', compute), 'result 1');
  assert.equal(await cache.getOrCompute('a#1', compute), 'result 1');
  assert.equal(await cache.getOrCompute('a#2', compute), 'result 2');
});

test('entries expire', async () => {
  let now = 0;
  const cache = new ReviewCache({ maxAgeMs: 1000, now: () => now });
  let runs = 0;
  const compute = async () => ++runs;
  await cache.getOrCompute('k', compute);
  now = 1000;
  assert.equal(await cache.getOrCompute('k', compute), 1);
  now = 1001;
  assert.equal(await cache.getOrCompute('k', compute), 2);
});

test('failures are not remembered', async () => {
  const cache = new ReviewCache();
  await assert.rejects(cache.getOrCompute('k', async () => { throw new Error('offline'); }), /offline/);
  assert.equal(await cache.getOrCompute('k', async () => 'ok'), 'ok');
});

test('the oldest entry leaves when the cache is full', async () => {
  const cache = new ReviewCache({ maxEntries: 2 });
  let runs = 0;
  const compute = async () => ++runs;
  await cache.getOrCompute('a', compute);
  await cache.getOrCompute('b', compute);
  await cache.getOrCompute('c', compute);
  assert.equal(await cache.getOrCompute('b', compute), 2);
  assert.equal(await cache.getOrCompute('a', compute), 4);
});
