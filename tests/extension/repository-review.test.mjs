// The review checked against the whole repository, in the background: which snapshot, what the
// policy allows, one download and one index per snapshot (the engine keeps it open for the next
// pull request, closes the least recently used past its cap and forgets them with a new module),
// and the fallbacks that keep the touched-files review with the reason.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { IDBFactory } from 'fake-indexeddb';
import { NEVER_REASON, NO_COMMIT_REASON, RepositoryReviews, snapshotFor } from '../../extension/background/repository-review.js';
import { RepositorySnapshots } from '../../extension/background/repository-snapshot.js';
import { SnapshotUnavailable } from '../../extension/background/snapshot-fetch.js';
import { SnapshotStore } from '../../extension/shared/snapshot-store.js';

register('./support/engine-glue-stub.mjs', import.meta.url);
const { createEngineHost } = await import('../../extension/background/engine-host.js');

const sha = (digit) => digit.repeat(40);
const file = (path, text) => ({ path, bytes: new TextEncoder().encode(text) });
const pullRequest = (number, context) => ({ host: 'github.com', owner: 'ROCm', repo: 'ATOM', number, context });
const onMain = (number, base) => pullRequest(number, { base_sha: base, head_sha: sha('f'), base_ref: 'main' });
const tick = () => new Promise((resolve) => { setTimeout(resolve, 1); });

// A module with the binding's repository calls, recording them.
function fakeModule() {
  const calls = { opened: [], closed: [], reviews: [] };
  let next = 0;
  return {
    calls,
    inputLimits: () => JSON.stringify({ maxDiffBytes: 1000, maxHeadFileBytes: 1000 }),
    openRepository: (files) => { calls.opened.push(files.map((f) => f.path)); next += 1; return next; },
    closeRepository: (id) => { calls.closed.push(id); },
    review: (...args) => { calls.reviews.push(args); return JSON.stringify({ repositoryId: args[3] ?? null }); },
  };
}

// A download per call, finished at once or when the test says; `failWith` rejects instead.
function downloads({ manual = false, failWith = null } = {}) {
  const started = [];
  const download = (snapshot, { signal, onProgress }) => new Promise((resolve, reject) => {
    const finish = () => {
      onProgress?.({ receivedBytes: 300, totalBytes: 600 });
      resolve({ files: [file('pkg/ops.py', 'def f(): pass\n'), file('pkg/user.py', 'import pkg\n')], skipped: {}, tooLarge: [],
        downloadBytes: 600, committedAt: 5000 });
    };
    started.push({ snapshot, finish, progress: (bytes) => onProgress?.({ receivedBytes: bytes, totalBytes: 600 }) });
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    if (failWith) reject(failWith);
    else if (!manual) finish();
  });
  return { started, download };
}

function setUp(options = {}) {
  const module = fakeModule();
  const engine = createEngineHost(() => module);
  const fake = downloads(options);
  const store = new SnapshotStore({ indexedDB: new IDBFactory(), now: () => 10_000 });
  const snapshots = new RepositorySnapshots({ store, download: fake.download, now: () => 10_000 });
  const reviews = new RepositoryReviews({ snapshots, engine, review: engine.review });
  return { module, engine, fake, store, reviews };
}
const inputs = { diffBytes: new Uint8Array([1]), meta: { repo: 'ROCm/ATOM' }, headFiles: null };

test('the snapshot is the base commit on its branch, else the head commit, else none', () => {
  assert.deepEqual(snapshotFor(onMain(1, sha('b'))), { host: 'github.com', owner: 'ROCm', repo: 'ATOM', sha: sha('b'), ref: 'main', at: 'base' });
  assert.deepEqual(snapshotFor(pullRequest(1, { head_sha: sha('f') })),
    { host: 'github.com', owner: 'ROCm', repo: 'ATOM', sha: sha('f'), ref: null, at: 'head' });
  assert.equal(snapshotFor(pullRequest(1, undefined)), null);
});

test('the plan: never and no commit are off, ask offers (no size before a download), always starts', async () => {
  const { reviews } = setUp();
  assert.deepEqual(await reviews.plan(onMain(1, sha('b')), 'never'), { policy: 'never', status: 'off', reason: NEVER_REASON });
  assert.deepEqual(await reviews.plan(pullRequest(1, {}), 'ask'), { policy: 'ask', status: 'off', reason: NO_COMMIT_REASON });
  assert.deepEqual(await reviews.plan(onMain(1, sha('b')), 'ask'),
    { policy: 'ask', status: 'ask', snapshot: { ref: 'main', sha: sha('b'), at: 'base' }, sizeBytes: null });
  assert.equal((await reviews.plan(onMain(1, sha('b')), 'always')).status, 'start');
});

test('one download and one index per snapshot: a second pull request on the same branch reuses both', async () => {
  const { module, fake, reviews } = setUp();
  const first = await reviews.review(onMain(1, sha('b')), inputs, 'ask');
  assert.equal(first.repository.status, 'read');
  assert.deepEqual(first.repository.snapshot, { ref: 'main', sha: sha('b'), at: 'base', committedAt: 5000, savedAt: 10_000, fileCount: 2 });
  assert.equal(first.repository.downloaded, true);
  assert.deepEqual(JSON.parse(first.resultJson), { repositoryId: 1 }, 'reviewed with the opened repository');
  assert.deepEqual(module.calls.opened, [['pkg/ops.py', 'pkg/user.py']]);

  // Another PR whose base is a later commit of main: the kept snapshot (younger than a day) serves.
  const plan = await reviews.plan(onMain(2, sha('c')), 'ask');
  assert.equal(plan.status, 'start', 'the snapshot at hand needs no question');
  const second = await reviews.review(onMain(2, sha('c')), inputs, 'ask');
  assert.equal(second.repository.status, 'read');
  assert.equal(second.repository.snapshot.sha, sha('b'));
  assert.equal(second.repository.downloaded, false);
  assert.equal(fake.started.length, 1, 'downloaded once');
  assert.equal(module.calls.opened.length, 1, 'indexed once');
  assert.deepEqual(module.calls.reviews.map((args) => args[3]), [1, 1]);
});

test('progress in bytes while the download runs; cancel falls back with the reason', async () => {
  const { fake, reviews } = setUp({ manual: true });
  const pr = onMain(3, sha('d'));
  const pending = reviews.review(pr, inputs, 'always');
  while (fake.started.length === 0) await tick();
  fake.started[0].progress(120);
  assert.deepEqual(reviews.progress(pr), { phase: 'downloading', receivedBytes: 120, totalBytes: 600 });
  reviews.cancel(pr);
  assert.deepEqual(await pending, { resultJson: null, repository: { status: 'failed', kind: 'cancelled', reason: 'cancelled' } });
  assert.equal(reviews.progress(pr), null);
});

test('a download that fails, and "never", keep the touched-files review with the reason', async () => {
  const { module, reviews } = setUp({ failWith: new SnapshotUnavailable('http', 'download failed: HTTP 404', 404) });
  assert.deepEqual(await reviews.review(onMain(4, sha('e')), inputs, 'always'),
    { resultJson: null, repository: { status: 'failed', kind: 'http', reason: 'download failed: HTTP 404' } });
  assert.deepEqual(await reviews.review(onMain(4, sha('e')), inputs, 'never'),
    { resultJson: null, repository: { status: 'failed', kind: 'not-allowed', reason: NEVER_REASON } });
  assert.deepEqual(module.calls.opened, []);
});

test('the engine keeps a few repositories open, closes the least recently used, and none survive a new module', async () => {
  const modules = [fakeModule(), fakeModule()];
  let built = 0;
  const engine = createEngineHost(() => modules[built++], [], { maxOpenRepositories: 2 });
  const files = () => [file('a.py', '')];
  await engine.openRepository('one', files);
  await engine.openRepository('two', files);
  assert.deepEqual(await engine.openRepository('one', () => assert.fail('not indexed again'), null), { opened: false, about: null });
  await engine.openRepository('three', files); // 'two' is the least recently used
  assert.deepEqual(modules[0].calls.closed, [2]);
  assert.deepEqual(engine.openRepositoryKeys(), ['one', 'three']);
  engine.closeRepositories((key) => key === 'one');
  assert.deepEqual(modules[0].calls.closed, [2, 1]);
  assert.equal(engine.isRepositoryOpen('three'), true);

  // The module fails: the next call builds a new one, which has nothing open.
  modules[0].review = () => { throw new Error('abort'); };
  await assert.rejects(engine.review(new Uint8Array([1]), {}, null, 'three'));
  assert.equal(engine.isRepositoryOpen('three'), false);
  await engine.openRepository('three', files);
  assert.equal(modules[1].calls.opened.length, 1, 'indexed again in the new module');
  await assert.rejects(engine.review(new Uint8Array([1]), {}, null, 'gone'), TypeError);
});
