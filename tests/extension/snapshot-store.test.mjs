// The repository snapshots kept in IndexedDB (a fake IndexedDB here): stored and read back per
// host, repository and commit, least recently used evicted past the cap, forgotten on request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDBFactory } from 'fake-indexeddb';
import {
  DEFAULT_SNAPSHOT_CACHE_BYTES, SnapshotStore, evictionVictims, snapshotBytes, snapshotKey,
} from '../../extension/shared/snapshot-store.js';

const sha = (n) => String(n).padStart(40, '0');
const ATOM = { owner: 'ROCm', repo: 'ATOM' };
const bytesOf = (text) => new TextEncoder().encode(text);
const filesOf = (size, path = 'a.py') => [{ path, bytes: new Uint8Array(size).fill(65) }];
// A store on a fresh fake IndexedDB, with a clock the test moves.
function freshStore(options = {}) {
  const clock = { now: 1000 };
  const store = new SnapshotStore({ indexedDB: new IDBFactory(), now: () => clock.now, ...options });
  return { store, clock };
}

test('the default cap is 200 MiB; keys name host, repository and commit', () => {
  assert.equal(DEFAULT_SNAPSHOT_CACHE_BYTES, 200 * 1024 * 1024);
  assert.equal(snapshotKey({ ...ATOM, sha: sha(1) }), `github.com/ROCm/ATOM@${sha(1)}`);
  assert.equal(snapshotKey({ host: 'ghe.example.com', ...ATOM, sha: sha(1) }), `ghe.example.com/ROCm/ATOM@${sha(1)}`);
  assert.equal(snapshotBytes([{ path: 'ab.py', bytes: new Uint8Array(10) }]), 15);
});

test('a snapshot is read back as stored, bytes intact; another commit or host is another snapshot', async () => {
  const { store } = freshStore();
  const files = [{ path: 'atom/a.py', bytes: bytesOf('A = 1\n') }, { path: 'csrc/k.cu', bytes: new Uint8Array([0, 255, 7]) }];
  const meta = await store.put({ ...ATOM, sha: sha(1) }, files, { ref: 'main', skipped: { 'not-source': 3 } });
  assert.equal(meta.fileCount, 2);
  assert.equal(meta.bytes, snapshotBytes(files));
  const read = await store.get({ ...ATOM, sha: sha(1) });
  assert.deepEqual(read.files.map(({ path }) => path), ['atom/a.py', 'csrc/k.cu']);
  assert.ok(read.files[1].bytes instanceof Uint8Array);
  assert.deepEqual([...read.files[1].bytes], [0, 255, 7]);
  assert.equal(read.meta.ref, 'main');
  assert.deepEqual(read.meta.skipped, { 'not-source': 3 });
  assert.equal(await store.get({ ...ATOM, sha: sha(2) }), null);
  assert.equal(await store.get({ host: 'ghe.example.com', ...ATOM, sha: sha(1) }), null);
});

test('past the cap the least recently used go, reading counts as use', async () => {
  const { store, clock } = freshStore({ maxBytes: 3000 });
  for (const n of [1, 2, 3]) {
    clock.now += 10;
    await store.put({ ...ATOM, sha: sha(n) }, filesOf(996)); // 1000 bytes each with its path
  }
  clock.now += 10;
  await store.get({ ...ATOM, sha: sha(1) }); // 1 is now the most recent; 2 the least
  clock.now += 10;
  await store.put({ ...ATOM, sha: sha(4) }, filesOf(996));
  assert.deepEqual((await store.list()).map((meta) => meta.sha), [sha(4), sha(1), sha(3)]);
  assert.equal(await store.get({ ...ATOM, sha: sha(2) }), null, 'its files went with it');
  clock.now += 10;
  await store.put({ ...ATOM, sha: sha(5) }, filesOf(2496)); // 2500: only it and nothing else fits
  assert.deepEqual((await store.list()).map((meta) => meta.sha), [sha(5)]);
});

test('a snapshot larger than the whole cap is not stored, and evicts nothing', async () => {
  const { store } = freshStore({ maxBytes: 3000 });
  await store.put({ ...ATOM, sha: sha(1) }, filesOf(996));
  assert.equal(await store.put({ ...ATOM, sha: sha(2) }, filesOf(5000)), null);
  assert.deepEqual((await store.list()).map((meta) => meta.sha), [sha(1)]);
});

test('a smaller cap evicts at once', async () => {
  const { store, clock } = freshStore({ maxBytes: 10_000 });
  for (const n of [1, 2, 3]) { clock.now += 10; await store.put({ ...ATOM, sha: sha(n) }, filesOf(996)); }
  await store.setMaxBytes(2000);
  assert.deepEqual((await store.list()).map((meta) => meta.sha), [sha(3), sha(2)]);
});

test('the newest snapshot of a repository, for reusing the base branch\'s', async () => {
  const { store, clock } = freshStore();
  await store.put({ ...ATOM, sha: sha(1) }, filesOf(10), { ref: 'main' });
  clock.now += 3_600_000;
  await store.put({ ...ATOM, sha: sha(2) }, filesOf(10), { ref: 'main' });
  await store.put({ owner: 'ROCm', repo: 'aiter', sha: sha(3) }, filesOf(10), { ref: 'main' });
  await store.put({ host: 'ghe.example.com', ...ATOM, sha: sha(4) }, filesOf(10), { ref: 'main' });
  assert.equal((await store.newest(ATOM)).sha, sha(2));
  assert.equal((await store.newest(ATOM, (meta) => meta.savedAt < clock.now)).sha, sha(1));
  assert.equal((await store.newest({ host: 'ghe.example.com', ...ATOM })).sha, sha(4));
  assert.equal(await store.newest({ owner: 'ROCm', repo: 'other' }), null);
});

test('forget downloaded repositories removes every snapshot and says how much', async () => {
  const { store } = freshStore();
  await store.put({ ...ATOM, sha: sha(1) }, filesOf(996));
  await store.put({ owner: 'ROCm', repo: 'aiter', sha: sha(2) }, filesOf(1996));
  assert.deepEqual(await store.forgetAll(), { snapshots: 2, bytes: 3000 });
  assert.deepEqual(await store.list(), []);
  assert.equal(await store.get({ ...ATOM, sha: sha(1) }), null);
  await store.put({ ...ATOM, sha: sha(1) }, filesOf(1));
  assert.equal((await store.list()).length, 1, 'the store still works after forgetting');
});

test('two stores on one database see each other\'s snapshots (the service worker restarted)', async () => {
  const indexedDB = new IDBFactory();
  await new SnapshotStore({ indexedDB }).put({ ...ATOM, sha: sha(1) }, filesOf(5));
  assert.equal((await new SnapshotStore({ indexedDB }).get({ ...ATOM, sha: sha(1) })).meta.fileCount, 1);
});

test('eviction order: least recently used first, never the one kept, ties by key', () => {
  const metas = [{ key: 'c', bytes: 5, usedAt: 3 }, { key: 'a', bytes: 5, usedAt: 1 }, { key: 'b', bytes: 5, usedAt: 1 }];
  assert.deepEqual(evictionVictims(metas, 15), []);
  assert.deepEqual(evictionVictims(metas, 10), ['a']);
  assert.deepEqual(evictionVictims(metas, 5), ['a', 'b']);
  assert.deepEqual(evictionVictims(metas, 5, 'a'), ['b', 'c']);
  assert.deepEqual(evictionVictims(metas, 0, 'c'), ['a', 'b']);
});
