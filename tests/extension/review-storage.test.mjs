// The reviewer's ticks and dismissals in chrome.storage.local: changes to one key never lose each
// other however slow the storage, failures are told (never swallowed), old states are evicted.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import {
  PR_STATE_LIMITS, evictOldStates, loadReviewState, onStorageFailure, reviewStateKey, saveReviewState, statesToEvict,
} from '../../extension/content/review-storage.js';
import { onReviewChanged } from '../../extension/content/review-client.js';
import { markVerdictsExported, setDismissed, setVerdict } from '../../extension/content/review-with-dismissals.js';

const KEY = reviewStateKey({ owner: 'ROCm', repo: 'ATOM', number: 7 }, 'c'.repeat(40));
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

// A chrome.storage.local stand-in: each get/set takes `delayMs` (reads see what is written when
// they are answered, as in a browser); `failing` makes every call reject; `quotaBytes` refuses
// writes that would not fit.
function fakeStorage({ delayMs = 0, failing = null, quotaBytes = Infinity } = {}) {
  const data = new Map();
  const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  const size = () => JSON.stringify(Object.fromEntries(data)).length;
  const api = {
    data,
    failing,
    async get(keys) {
      await wait();
      if (api.failing) throw new Error(api.failing);
      const wanted = keys === null ? [...data.keys()] : [keys].flat();
      return Object.fromEntries(wanted.filter((key) => data.has(key)).map((key) => [key, structuredClone(data.get(key))]));
    },
    async set(items) {
      await wait();
      if (api.failing) throw new Error(api.failing);
      const before = new Map(data);
      for (const [key, value] of Object.entries(items)) data.set(key, structuredClone(value));
      if (size() > quotaBytes) {
        data.clear();
        for (const [key, value] of before) data.set(key, value);
        throw new Error('QUOTA_BYTES quota exceeded');
      }
    },
    async remove(keys) {
      await wait();
      for (const key of [keys].flat()) data.delete(key);
    },
  };
  return api;
}

let storage;
let failures;
let stopListening;
beforeEach(() => {
  globalThis.window = new EventTarget();
  failures = [];
  stopListening = new AbortController();
  onStorageFailure((reason) => failures.push(reason), stopListening.signal);
});
afterEach(() => {
  stopListening.abort();
  delete globalThis.chrome;
  delete globalThis.window;
});
const useStorage = (options) => {
  storage = fakeStorage(options);
  globalThis.chrome = { storage: { local: storage } };
  return storage;
};

const finding = (rule, line) => ({ rule, path: 'a.py', line });

test('two quick dismissals on a slow storage both land, each with its reason', async () => {
  useStorage({ delayMs: 20 });
  await Promise.all([setDismissed(KEY, finding('B4', 3), 'fine here'), setDismissed(KEY, finding('B7', 9), 'tested elsewhere')]);
  assert.deepEqual((await loadReviewState(KEY)).dismissed, [
    { rule: 'B4', path: 'a.py', line: 3, reason: 'fine here' }, { rule: 'B7', path: 'a.py', line: 9, reason: 'tested elsewhere' }]);
  assert.deepEqual(failures, []);
});

test('a dismissal, a restore and ticks in quick succession apply in order', async () => {
  useStorage({ delayMs: 5 });
  const changes = [setDismissed(KEY, finding('B4', 3), 'a'), saveReviewState(KEY, { checked: new Set(['x']) }),
    setDismissed(KEY, finding('B7', 9), 'b'), setDismissed(KEY, finding('B4', 3), null), saveReviewState(KEY, { checked: ['y', 'x'] })];
  await Promise.all(changes);
  assert.deepEqual(await loadReviewState(KEY), { checked: ['x', 'y'], dismissed: [{ rule: 'B7', path: 'a.py', line: 9, reason: 'b' }], verdicts: [] });
});

test('a verdict is kept with the finding it judges, replaced by the next, taken back with null, and kept apart from dismissals', async () => {
  useStorage({ delayMs: 3 });
  const judged = { rule: 'B4', message_id: 'unsafe_skip', path: 'a.py', line: 3, side: 'new', severity: 'note' };
  await Promise.all([setVerdict(KEY, judged, 'LOW', '  the caller checks it  '), setDismissed(KEY, finding('B7', 9), 'b'),
    setVerdict(KEY, { ...judged, line: 4 }, 'FP'), setVerdict(KEY, judged, 'TP', 'a real gap')]);
  const state = await loadReviewState(KEY);
  assert.deepEqual(state.verdicts, [
    { rule: 'B4', message_id: 'unsafe_skip', path: 'a.py', line: 4, side: 'new', severity: 'note', verdict: 'FP', why: '', exported: false },
    { rule: 'B4', message_id: 'unsafe_skip', path: 'a.py', line: 3, side: 'new', severity: 'note', verdict: 'TP', why: 'a real gap', exported: false },
  ], 'the second verdict on line 3 replaced the first');
  assert.deepEqual(state.dismissed, [{ rule: 'B7', path: 'a.py', line: 9, reason: 'b' }]);
  await setVerdict(KEY, { ...judged, line: 4 }, null);
  await setVerdict(KEY, { ...judged, side: 'old' }, 'FP');
  assert.deepEqual((await loadReviewState(KEY)).verdicts.map(({ line, side, verdict }) => [line, side, verdict]),
    [[3, 'new', 'TP'], [3, 'old', 'FP']], 'the same line on the other side is another finding');
  assert.deepEqual(failures, []);
});

test('an export marks the verdicts it saved; one given or changed after it is not exported yet', async () => {
  useStorage();
  const judged = { rule: 'B4', message_id: 'm', path: 'a.py', line: 3, side: 'new', severity: 'note' };
  await setVerdict(KEY, judged, 'TP', 'why');
  await setVerdict(KEY, { ...judged, line: 5 }, 'FP');
  const saved = (await loadReviewState(KEY)).verdicts;
  await setVerdict(KEY, { ...judged, line: 5 }, 'LOW'); // changed while the export was being written
  await setVerdict(KEY, { ...judged, line: 7 }, 'TP');
  await markVerdictsExported(KEY, saved);
  assert.deepEqual((await loadReviewState(KEY)).verdicts.map(({ line, verdict, exported }) => [line, verdict, exported]),
    [[3, 'TP', true], [5, 'LOW', false], [7, 'TP', false]]);
  assert.deepEqual(failures, []);
});

test('a write that fails is told, and the next change still goes through', async () => {
  const failingStorage = useStorage({ failing: 'IO error: disk full' });
  const dismissedEvents = [];
  onReviewChanged(() => dismissedEvents.push('changed'), new AbortController().signal);
  await assert.rejects(setDismissed(KEY, finding('B4', 3), 'x'), /Saving your review state failed: IO error: disk full/);
  assert.deepEqual(failures, ['Saving your review state failed: IO error: disk full']);
  assert.deepEqual(dismissedEvents, [], 'nothing is redrawn as if it had been dismissed');
  failingStorage.failing = null;
  await setDismissed(KEY, finding('B4', 3), 'x');
  assert.equal((await loadReviewState(KEY)).dismissed.length, 1);
});

test('a read that fails never overwrites what was stored', async () => {
  const flaky = useStorage();
  await setDismissed(KEY, finding('B4', 3), 'kept');
  flaky.get = async () => { throw new Error('read failed'); };
  await assert.rejects(saveReviewState(KEY, { checked: ['a'] }), /read failed/);
  assert.deepEqual(flaky.data.get(KEY).dismissed, [{ rule: 'B4', path: 'a.py', line: 3, reason: 'kept' }]);
});

test('a full storage is told too', async () => {
  useStorage({ quotaBytes: 100 });
  await assert.rejects(setDismissed(KEY, finding('B4', 3), 'x'.repeat(200)), /quota exceeded/);
  assert.equal(failures.length, 1);
});

test('states are evicted by age, then the oldest past the count; other keys stay', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = 1000 * day;
  const state = (savedAt) => ({ checked: [], dismissed: [], ...(savedAt !== undefined && { savedAt }) });
  const items = {
    'atom-review:pr:a/b#1@x': state(now - 91 * day),
    'atom-review:pr:a/b#2@x': state(now - 89 * day),
    'atom-review:pr:a/b#3@x': state(now - 1 * day),
    'atom-review:pr:a/b#4@x': state(undefined), // an earlier version's: no age known
    'atom-review:panel-collapsed': true,
    atomReviewListIndex: {},
  };
  assert.deepEqual(statesToEvict(items, now), ['atom-review:pr:a/b#1@x']);
  assert.deepEqual(statesToEvict(items, now, { ...PR_STATE_LIMITS, maxEntries: 2 }).sort(),
    ['atom-review:pr:a/b#1@x', 'atom-review:pr:a/b#4@x'], 'past the count the oldest go, the undated first');
  assert.equal(PR_STATE_LIMITS.maxAgeMs, 90 * day);
});

test('a state with verdicts not yet exported is never evicted for its age, and goes last past the count', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = 1000 * day;
  const unsaved = { verdicts: [{ rule: 'B4', path: 'a.py', line: 3, verdict: 'TP' }] };
  const exported = { verdicts: [{ rule: 'B4', path: 'a.py', line: 3, verdict: 'TP', exported: true }] };
  const items = {
    'atom-review:pr:a/b#1@x': { ...unsaved, savedAt: 0 },
    'atom-review:pr:a/b#2@x': { ...exported, savedAt: 0 },
    'atom-review:pr:a/b#3@x': { checked: [], savedAt: now - day },
    'atom-review:pr:a/b#4@x': { ...unsaved, savedAt: now - 2 * day },
  };
  assert.deepEqual(statesToEvict(items, now), ['atom-review:pr:a/b#2@x'], 'exported verdicts age like the rest');
  assert.deepEqual(statesToEvict(items, now, { ...PR_STATE_LIMITS, maxEntries: 2 }),
    ['atom-review:pr:a/b#2@x', 'atom-review:pr:a/b#3@x'], 'past the count the unsaved work is kept first');
});

test('eviction removes them from the storage', async () => {
  const stored = useStorage();
  await saveReviewState(KEY, { checked: ['a'] });
  stored.data.set('atom-review:pr:old/one#1@x', { checked: [], dismissed: [], savedAt: 0 });
  stored.data.set('atom-review:panel-collapsed', true);
  assert.deepEqual(await evictOldStates(), ['atom-review:pr:old/one#1@x']);
  assert.deepEqual([...stored.data.keys()].sort(), ['atom-review:panel-collapsed', KEY]);
  assert.ok(Number.isFinite(stored.data.get(KEY).savedAt), 'each save says when');
  await tick();
});

// Node has no navigator.locks: these stand in for the browser's lock manager.
function withLocks(locks, run) {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
  return run().finally(() => {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete globalThis.navigator;
  });
}

test('each change holds the Web Lock named after its key while it reads and writes', async () => {
  useStorage({ delayMs: 2 });
  const held = [];
  let inside = 0;
  await withLocks({
    async request(name, work) {
      held.push(name);
      inside += 1;
      assert.equal(inside, 1, 'one change at a time holds the lock');
      try { return await work(); } finally { inside -= 1; }
    },
  }, () => Promise.all([setDismissed(KEY, finding('B4', 3), 'a'), saveReviewState(KEY, { checked: ['x'] })]));
  assert.deepEqual(held, [KEY, KEY]);
  assert.deepEqual(await loadReviewState(KEY), { checked: ['x'], dismissed: [{ rule: 'B4', path: 'a.py', line: 3, reason: 'a' }], verdicts: [] });
});

test('a lock manager that refuses leaves the change to the tab\'s own queue; a failing write still fails', async () => {
  const flaky = useStorage();
  await withLocks({ request: async () => { throw new DOMException('no locks here', 'SecurityError'); } }, async () => {
    await setDismissed(KEY, finding('B4', 3), 'kept');
    assert.equal((await loadReviewState(KEY)).dismissed.length, 1);
    flaky.failing = 'disk full';
    await assert.rejects(setDismissed(KEY, finding('B7', 9), 'x'), /disk full/);
  });
});
