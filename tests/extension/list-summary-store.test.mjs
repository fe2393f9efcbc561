import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ListSummaryStore } from '../../extension/background/list-summary-store.js';

// A chrome.storage.local stand-in that counts what each write carries; `quotaBytes` refuses a
// write that would make everything stored larger, as the browser does; `delayMs` slows each call.
function memoryStorage(initial = {}, { quotaBytes = Infinity, delayMs = 0 } = {}) {
  const data = structuredClone(initial);
  const writes = [];
  const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  return {
    data,
    writes,
    async get(key) { await wait(); return key in data ? { [key]: structuredClone(data[key]) } : {}; },
    async set(items) {
      await wait();
      const after = { ...data, ...structuredClone(items) };
      if (JSON.stringify(after).length > quotaBytes) throw new Error('QUOTA_BYTES quota exceeded');
      writes.push(Object.keys(items));
      Object.assign(data, structuredClone(items));
    },
    async remove(keys) { await wait(); for (const key of [keys].flat()) delete data[key]; },
  };
}

const PR = { owner: 'ROCm', repo: 'ATOM', number: 1 };
const SHA = 'a'.repeat(40);
const entryKeys = (storage) => Object.keys(storage.data).filter((key) => key.startsWith('atomReviewList:')).sort();

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

test('the store keeps at most maxEntries, dropping the oldest, also across a restart', async () => {
  let now = 0;
  const storage = memoryStorage();
  for (let number = 1; number <= 5; number += 1) {
    now = number;
    // A new store each time: the count must come from storage, not from memory.
    await new ListSummaryStore({ storage, maxEntries: 3, now: () => now }).put({ ...PR, number, headSha: SHA }, { number });
  }
  assert.deepEqual(entryKeys(storage), [3, 4, 5].map((n) => `atomReviewList:ROCm/ATOM#${n}@${SHA}`));
  assert.equal(await new ListSummaryStore({ storage }).get({ ...PR, number: 1, headSha: SHA }), null);
});

test('a save writes its own entry and the index, never the whole cache', async () => {
  const storage = memoryStorage();
  const store = new ListSummaryStore({ storage });
  for (let number = 1; number <= 20; number += 1) await store.put({ ...PR, number, headSha: SHA }, { number });
  for (const keys of storage.writes) assert.ok(keys.length <= 2, JSON.stringify(keys));
  assert.deepEqual(storage.writes.at(-1).sort(), [`atomReviewList:ROCm/ATOM#20@${SHA}`, 'atomReviewListIndex']);
});

test('an oversized summary is not kept, and says so', async () => {
  const storage = memoryStorage();
  const store = new ListSummaryStore({ storage, maxEntryBytes: 200 });
  await assert.rejects(store.put({ ...PR, headSha: SHA }, { paths: 'x'.repeat(500) }), /not kept: the summary takes \d+ bytes, more than 200/);
  assert.deepEqual(entryKeys(storage), []);
  await store.put({ ...PR, number: 2, headSha: SHA }, { tier: 1 });
  assert.equal(entryKeys(storage).length, 1, 'the next one is kept');
});

test('a full storage makes room by dropping the oldest half, then keeps the new one', async () => {
  let now = 0;
  const storage = memoryStorage({}, { quotaBytes: 3000 });
  const store = new ListSummaryStore({ storage, now: () => now });
  const summary = { problem: 'p'.repeat(300) };
  for (let number = 1; number <= 12; number += 1) {
    now = number;
    await store.put({ ...PR, number, headSha: SHA }, summary);
  }
  const kept = entryKeys(storage);
  assert.ok(kept.includes(`atomReviewList:ROCm/ATOM#12@${SHA}`), 'the newest is there');
  assert.ok(!kept.includes(`atomReviewList:ROCm/ATOM#1@${SHA}`), 'the oldest made room');
  assert.ok(JSON.stringify(storage.data).length <= 3000);
});

test('a write that cannot succeed even after making room is told, not swallowed', async () => {
  const storage = memoryStorage({}, { quotaBytes: 100 });
  const store = new ListSummaryStore({ storage });
  await assert.rejects(store.put({ ...PR, headSha: SHA }, { problem: 'p'.repeat(300) }), /not kept: QUOTA_BYTES quota exceeded/);
  assert.equal(await store.get({ ...PR, headSha: SHA }), null);
});

test('slow writes land in order: the newer summary of a row wins', async () => {
  const storage = memoryStorage({}, { delayMs: 5 });
  const store = new ListSummaryStore({ storage });
  await Promise.all([store.put({ ...PR, headSha: SHA }, { v: 1 }), store.put({ ...PR, headSha: SHA }, { v: 2 })]);
  assert.deepEqual(await store.get({ ...PR, headSha: SHA }), { v: 2 });
});

test('garbage in storage is ignored, and the earlier one-map cache is removed', async () => {
  const storage = memoryStorage({ atomReviewListSummaries: { x: 1 }, atomReviewListIndex: 'not an object',
    [`atomReviewList:ROCm/ATOM#1@${SHA}`]: 'not an entry' });
  const store = new ListSummaryStore({ storage });
  assert.equal(await store.get({ ...PR, headSha: SHA }), null);
  await store.put({ ...PR, number: 2, headSha: SHA }, { tier: 1 });
  assert.equal('atomReviewListSummaries' in storage.data, false);
});
