// The repository a review reads: the snapshot kept or downloaded once, shared between reviews
// asking at once, the head files laid over it, and the words the panel uses for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDBFactory } from 'fake-indexeddb';
import { RepositorySnapshots, SNAPSHOT_REUSE_MS, repositoryFilesForEngine } from '../../extension/background/repository-snapshot.js';
import { SnapshotStore } from '../../extension/shared/snapshot-store.js';
import { SnapshotUnavailable } from '../../extension/background/snapshot-fetch.js';
import { ageText, snapshotReadText, touchedFilesOnlyText } from '../../extension/shared/snapshot-text.js';

const SHA = 'c0ffee0000000000000000000000000000000001';
const MAIN = { owner: 'ROCm', repo: 'ATOM', sha: SHA, ref: 'main' };
const file = (path, text) => ({ path, bytes: new TextEncoder().encode(text) });
const text = (bytes) => new TextDecoder().decode(bytes);
const HOUR = 3_600_000;

// A download that counts its calls and finishes when the test says.
function fakeDownload(files = [file('a.py', 'A = 0\n'), file('b.py', 'B = 0\n')]) {
  const calls = [];
  const download = (snapshot, { signal, onProgress }) => new Promise((resolve, reject) => {
    const call = { snapshot, signal, finish: () => { onProgress?.({ receivedBytes: 10, totalBytes: null }); resolve({
      files, skipped: { 'not-source': 4 }, tooLarge: [], downloadBytes: 10, committedAt: 1000 }); } };
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    calls.push(call);
  });
  return { calls, download };
}
// Waits until `count` reviews wait on the one download in flight.
async function waiting(repo, count) {
  for (let i = 0; i < 2000 && [...repo.inFlight.values()][0]?.waiting !== count; i += 1) await tick();
  assert.equal([...repo.inFlight.values()][0]?.waiting, count);
}
function snapshots(options = {}) {
  const clock = { now: 10 * HOUR };
  const store = new SnapshotStore({ indexedDB: new IDBFactory(), now: () => clock.now });
  const fake = fakeDownload();
  return { clock, store, fake, snapshots: new RepositorySnapshots({ store, download: fake.download, now: () => clock.now, ...options }) };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
// Waits until `count()` downloads started (the store is read first, asynchronously).
async function started(fake, count = 1) {
  for (let i = 0; i < 2000 && fake.calls.length < count; i += 1) await tick();
  assert.equal(fake.calls.length, count);
}

test('the engine\'s files: the snapshot with the head versions over it, deleted files gone, sorted by path', () => {
  const files = repositoryFilesForEngine([file('b.py', 'base b'), file('a.py', 'base a'), file('gone.py', 'x')],
    [file('a.py', 'head a'), file('new.py', 'added')], ['gone.py']);
  assert.deepEqual(files.map(({ path, bytes }) => [path, text(bytes)]), [['a.py', 'head a'], ['b.py', 'base b'], ['new.py', 'added']]);
  assert.deepEqual(repositoryFilesForEngine([]), []);
});

test('downloaded once, stored, then read from the store; two reviews at once share the download', async () => {
  const { snapshots: repo, fake } = snapshots();
  const progress = [];
  const first = repo.load(MAIN, { onProgress: (step) => progress.push(step) });
  const second = repo.load(MAIN);
  await started(fake);
  await waiting(repo, 2);
  fake.calls[0].finish();
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a.downloaded, true);
  assert.equal(b.meta.fileCount, 2);
  assert.deepEqual(progress, [{ receivedBytes: 10, totalBytes: null }]);
  const again = await repo.load(MAIN);
  assert.equal(again.downloaded, false);
  assert.equal(fake.calls.length, 1, 'nothing downloaded the second time');
  assert.deepEqual(again.files.map(({ path }) => path), ['a.py', 'b.py']);
  assert.equal(again.meta.ref, 'main');
  assert.deepEqual(again.meta.skipped, { 'not-source': 4 });
});

test('a base branch\'s snapshot is reused while younger than a day', async () => {
  const { snapshots: repo, fake, clock } = snapshots();
  const loading = repo.load(MAIN);
  await started(fake);
  fake.calls[0].finish();
  await loading;
  const repository = { owner: 'ROCm', repo: 'ATOM', ref: 'main' };
  clock.now += SNAPSHOT_REUSE_MS - 1;
  assert.equal((await repo.reusable(repository)).sha, SHA);
  assert.equal(await repo.reusable({ ...repository, ref: 'dev' }), null);
  clock.now += 1;
  assert.equal(await repo.reusable(repository), null);
});

test('cancelling stops the download only when no other review waits on it', async () => {
  const { snapshots: repo, fake } = snapshots();
  const one = new AbortController();
  const first = repo.load(MAIN, { signal: one.signal });
  const second = repo.load(MAIN);
  await started(fake);
  await waiting(repo, 2);
  one.abort();
  await assert.rejects(first, { kind: 'cancelled' });
  assert.equal(fake.calls[0].signal.aborted, false, 'the second review still waits');
  fake.calls[0].finish();
  assert.equal((await second).meta.fileCount, 2);

  const { snapshots: alone, fake: fake2 } = snapshots();
  const only = new AbortController();
  const lone = alone.load(MAIN, { signal: only.signal });
  await started(fake2);
  only.abort();
  await assert.rejects(lone, (error) => error instanceof SnapshotUnavailable && error.kind === 'cancelled');
  assert.equal(fake2.calls[0].signal.aborted, true);
  const retry = alone.load(MAIN);
  await started(fake2, 2);
  fake2.calls[1].finish();
  await retry;
});

test('a failed download is not kept: the next review tries again', async () => {
  const { store } = snapshots();
  let calls = 0;
  const repo = new RepositorySnapshots({ store, download: async () => { calls += 1; throw new SnapshotUnavailable('http', 'download failed: HTTP 404', 404); } });
  await assert.rejects(repo.load(MAIN), { message: 'download failed: HTTP 404' });
  await assert.rejects(repo.load(MAIN), { message: 'download failed: HTTP 404' });
  assert.equal(calls, 2);
});

test('a snapshot the store cannot keep is still used for this review', async () => {
  const { store, fake } = snapshots();
  const tiny = new SnapshotStore({ indexedDB: new IDBFactory(), maxBytes: 4 });
  const repo = new RepositorySnapshots({ store: tiny, download: fake.download });
  const loading = repo.load(MAIN);
  await started(fake);
  fake.calls[0].finish();
  const result = await loading;
  assert.equal(result.meta.kept, false);
  assert.equal(result.files.length, 2);
  assert.deepEqual(await tiny.list(), []);
  assert.ok(store);
});

test('what the panel says the review read', () => {
  const now = Date.parse('2026-06-20T15:30:00Z');
  const meta = { ref: 'main', sha: '1a2b3c4d5e6f', committedAt: Date.parse('2026-06-20T12:00:00Z'), savedAt: now, fileCount: 578 };
  assert.equal(snapshotReadText(meta, now), 'main @ 1a2b3c4, 3 h old, 578 files');
  assert.equal(snapshotReadText({ ...meta, ref: null, committedAt: null, fileCount: 1 }, now), '1a2b3c4, just now, 1 file');
  assert.equal(ageText(59_000), 'just now');
  assert.equal(ageText(5 * 60_000), '5 min old');
  assert.equal(ageText(49 * HOUR), '2 d old');
  assert.equal(touchedFilesOnlyText('download failed: HTTP 404'), 'the touched files only: download failed: HTTP 404');
  assert.equal(touchedFilesOnlyText(null), 'the touched files only');
});
