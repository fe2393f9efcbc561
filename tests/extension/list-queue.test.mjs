import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiffQueue } from '../../extension/background/list-queue.js';
import { DiffUnavailable } from '../../extension/background/pr-diff.js';

test('never more than maxInFlight jobs at once, and every job runs', async () => {
  const queue = new DiffQueue({ maxInFlight: 4 });
  let running = 0;
  let most = 0;
  const job = (value) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return value;
  };
  const results = await Promise.all(Array.from({ length: 25 }, (_, i) => queue.run(job(i))));
  assert.deepEqual(results, Array.from({ length: 25 }, (_, i) => i));
  assert.equal(most, 4);
});

test('a rate limit pauses the whole queue, then the job is retried', async () => {
  let now = 0;
  const sleeps = [];
  const queue = new DiffQueue({ maxInFlight: 2, now: () => now,
    sleep: (ms) => new Promise((resolve) => sleeps.push({ ms, wake: () => { now += ms; resolve(); } })) });
  const started = [];
  let refusals = 1;
  const limitedOnce = () => {
    started.push(`a@${now}`);
    if (refusals-- > 0) throw new DiffUnavailable('rate-limited', 'rate limited', 3000);
    return 'a';
  };
  const first = queue.run(limitedOnce);
  await new Promise((resolve) => setImmediate(resolve));
  const second = queue.run(() => { started.push(`b@${now}`); return 'b'; });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, ['a@0'], 'nothing starts while paused');
  assert.deepEqual(sleeps.map((s) => s.ms), [3000]);
  sleeps[0].wake();
  assert.deepEqual(await Promise.all([first, second]), ['a', 'b']);
  assert.deepEqual(started, ['a@0', 'a@3000', 'b@3000'], 'the refused job goes first after the pause');
});

test('a job still rate limited after the last retry fails; other errors fail at once', async () => {
  const queue = new DiffQueue({ maxRateLimitRetries: 2, firstBackoffMs: 1, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
  let attempts = 0;
  await assert.rejects(queue.run(() => { attempts += 1; throw new DiffUnavailable('rate-limited', 'rate limited'); }),
    (error) => error.kind === 'rate-limited');
  assert.equal(attempts, 3);
  attempts = 0;
  await assert.rejects(queue.run(() => { attempts += 1; throw new DiffUnavailable('not-found', 'gone'); }), /gone/);
  assert.equal(attempts, 1);
});
