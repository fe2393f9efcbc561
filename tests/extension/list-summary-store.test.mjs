import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ListSummaryStore } from '../../extension/background/list-summary-store.js';

function memoryStorage(initial = {}) {
  const data = structuredClone(initial);
  return {
    data,
    async get(key) { return key in data ? { [key]: structuredClone(data[key]) } : {}; },
    async set(items) { Object.assign(data, structuredClone(items)); },
  };
}

const PR = { owner: 'ROCm', repo: 'ATOM', number: 1 };
const SHA = 'a'.repeat(40);

test('a summary survives a new store on the same storage (a restarted service worker)', async () => {
  const storage = memoryStorage();
  await new ListSummaryStore({ storage }).put({ ...PR, headSha: SHA }, { tier: 1 });
  const reopened = new ListSummaryStore({ storage });
  assert.deepEqual(await reopened.get({ ...PR, headSha: SHA }), { tier: 1 });
  assert.equal(await reopened.get({ ...PR, headSha: 'b'.repeat(40) }), null, 'a new head commit is a new key');
  assert.equal(await reopened.get(PR), null);
});

test('entries without a head commit expire; those with one do not', async () => {
  let now = 0;
  const store = new ListSummaryStore({ storage: memoryStorage(), unknownHeadMaxAgeMs: 1000, now: () => now });
  await store.put(PR, { tier: 2 });
  await store.put({ ...PR, headSha: SHA }, { tier: 1 });
  now = 1000;
  assert.deepEqual(await store.get(PR), { tier: 2 });
  now = 1001;
  assert.equal(await store.get(PR), null);
  assert.deepEqual(await store.get({ ...PR, headSha: SHA }), { tier: 1 });
});

test('the store keeps at most maxEntries, dropping the oldest', async () => {
  let now = 0;
  const storage = memoryStorage();
  const store = new ListSummaryStore({ storage, maxEntries: 3, now: () => now });
  for (let number = 1; number <= 5; number += 1) {
    now = number;
    await store.put({ ...PR, number, headSha: SHA }, { number });
  }
  const kept = Object.keys(storage.data.atomReviewListSummaries).sort();
  assert.deepEqual(kept, [3, 4, 5].map((n) => `ROCm/ATOM#${n}@${SHA}`));
  assert.equal(await store.get({ ...PR, number: 1, headSha: SHA }), null);
});

test('garbage in storage is ignored', async () => {
  const store = new ListSummaryStore({ storage: memoryStorage({ atomReviewListSummaries: 'not an object' }) });
  assert.equal(await store.get(PR), null);
});
