// What the reviewer did on a pull request (ticked checklist items, dismissed findings) kept in
// chrome.storage.local per pull request and per reviewed diff, so a new push starts afresh.
// Changes to one key are applied one after another (a read-modify-write each), so two quick
// dismissals both land; a failed read or write is reported (onStorageFailure), never
// swallowed. Two tabs on one pull request each queue their own changes; a Web Lock per key (one
// for every github.com tab of the profile) keeps one tab's read-modify-write from interleaving
// with the other's. Old states are evicted: those not saved for PR_STATE_LIMITS.maxAgeMs, and past
// PR_STATE_LIMITS.maxEntries the oldest.
import { sha256Hex } from './sha256.js';
import { pullRequestKey } from '../shared/pull-request-key.js';
import { REVIEW_STATE_PREFIX, isDismissal, parseVerdicts } from '../shared/verdicts.js';

const storageArea = () => (globalThis.browser ?? globalThis.chrome).storage;
const storage = () => storageArea().local;
// Names this tab's writes, so that it can tell another tab's change from its own.
const WRITER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const STATE_PREFIX = REVIEW_STATE_PREFIX;
export const PR_STATE_LIMITS = { maxAgeMs: 90 * 24 * 60 * 60 * 1000, maxEntries: 500 };

// Told of every failure (the panel shows it). Not a DOM event: the page could fire one of those.
const failureListeners = new Set();

/** Calls `listener(reason)` on each storage failure until `signal` aborts. */
export function onStorageFailure(listener, signal) {
  failureListeners.add(listener);
  signal.addEventListener('abort', () => failureListeners.delete(listener), { once: true });
}

export function reportStorageFailure(what, error) {
  const reason = `${what} failed: ${error?.message ?? error}`;
  for (const listener of failureListeners) listener(reason);
  return reason;
}

/**
 * Stands in for the head commit when the page does not name it (the `.diff` does not): the same
 * head always gives the same files and line counts (not bytes: a diff read from the page is
 * spelled differently from the `.diff`).
 */
export async function reviewedDiffId(result) {
  const files = (result.files ?? []).map((file) => [file.path, file.additions, file.deletions]);
  return (await sha256Hex(JSON.stringify(files))).slice(0, 16);
}

export function reviewStateKey(pr, diffId) {
  return `${STATE_PREFIX}${pullRequestKey(pr)}@${diffId}`;
}

/**
 * → {checked: string[], dismissed: [{rule, path, line, reason}], verdicts: [{rule, message_id, path,
 * line, side, severity, verdict, why, exported}]}: the ticked checklist items' ids, the dismissed
 * findings in the shape the engine's meta takes them, and the findings the reviewer judged (worth
 * raising or not; `exported` once field-labels.js saved them in a file since). Rejects when the
 * storage cannot be read.
 */
export async function loadReviewState(key) {
  const stored = (await storage().get(key))[key];
  return {
    checked: Array.isArray(stored?.checked) ? stored.checked.filter((id) => typeof id === 'string') : [],
    dismissed: Array.isArray(stored?.dismissed) ? stored.dismissed.filter(isDismissal)
      .map(({ rule, path, line, reason }) => ({ rule, path, line, reason: typeof reason === 'string' ? reason : '' })) : [],
    verdicts: parseVerdicts(stored?.verdicts),
  };
}

const pending = new Map(); // key -> the last change queued for it
let evicted = false; // once per page load is enough

/**
 * Applies `change(state) → state` to the stored state of `key`, after every change queued before
 * it; resolves when it is written. Rejects (and reports) when the read or the write fails: then
 * nothing is written, so a failed read never overwrites what was there.
 */
export function updateReviewState(key, change) {
  const previous = pending.get(key) ?? Promise.resolve();
  const update = previous.catch(() => {}).then(() => acrossTabs(key, async () => {
    const state = change(await loadReviewState(key));
    await storage().set({ [key]: { ...state, savedAt: Date.now(), writer: WRITER } });
  }));
  pending.set(key, update);
  update.finally(() => { if (pending.get(key) === update) pending.delete(key); }).catch(() => {});
  const reported = update.catch((error) => { throw new Error(reportStorageFailure('Saving your review state', error)); });
  if (!evicted) {
    evicted = true;
    reported.then(() => evictOldStates()).catch(() => {});
  }
  return reported;
}

// Without Web Locks (an old browser, a page that refuses them, Node's tests) changes are
// serialised within the tab only. Resolves or rejects as `work()` does.
function acrossTabs(key, work) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  let done = null;
  const locked = lockCallback(() => {
    done ??= work(); // run once, however often the callback is called
    return done;
  });
  return Promise.resolve().then(() => locks.request(key, locked))
    .then(() => done, () => done ?? work());
}

// The lock is held until the promise its callback returns settles. Firefox runs content scripts
// in a sandbox, and the page's LockManager may not read a promise of the sandbox ("Permission
// denied to access property then": the lock was let go at once, and two tabs' writes
// interleaved): there the callback is handed to the page (exportFunction) and returns a promise
// of the page's own, settled with ours.
function lockCallback(run) {
  const page = typeof window === 'undefined' ? undefined : window.wrappedJSObject;
  const toPage = globalThis.exportFunction; // Firefox's content scripts only
  if (!page || typeof toPage !== 'function') return run;
  return toPage(() => {
    const { promise, resolve } = page.Promise.withResolvers();
    run().then(() => resolve(), () => resolve());
    return promise;
  }, window);
}

/** Calls `listener()` when another tab writes the state of `key`, until `signal` aborts. */
export function onReviewStateWritten(key, listener, signal) {
  const onChanged = (changes, areaName) => {
    const change = changes[key];
    if (areaName === 'local' && change && change.newValue?.writer !== WRITER) listener();
  };
  storageArea().onChanged.addListener(onChanged);
  signal.addEventListener('abort', () => storageArea().onChanged.removeListener(onChanged), { once: true });
}

/** Replaces the parts of the state `changes` names ({checked?: Iterable, dismissed?: list, verdicts?: list}). */
export function saveReviewState(key, changes) {
  return updateReviewState(key, (state) => ({
    checked: changes.checked ? [...changes.checked].sort() : state.checked,
    dismissed: changes.dismissed ?? state.dismissed,
    verdicts: changes.verdicts ?? state.verdicts,
  }));
}

/**
 * The per-PR keys to drop from `items` (all of storage): those saved longer than maxAgeMs ago, then
 * the oldest past maxEntries. A state without `savedAt` (an earlier version's) only goes by count.
 * A state holding verdicts not yet exported is the reviewer's unsaved work: age never takes it,
 * and past the count it goes after every other.
 */
export function statesToEvict(items, now, limits = PR_STATE_LIMITS) {
  const states = Object.entries(items).filter(([key]) => key.startsWith(STATE_PREFIX))
    .map(([key, value]) => ({
      key, savedAt: Number.isFinite(value?.savedAt) ? value.savedAt : null,
      unsaved: parseVerdicts(value?.verdicts).some((verdict) => !verdict.exported),
    }));
  const old = states.filter(({ savedAt, unsaved }) => !unsaved && savedAt !== null && now - savedAt > limits.maxAgeMs);
  const kept = states.filter((state) => !old.includes(state))
    .sort((a, b) => Number(b.unsaved) - Number(a.unsaved) || (b.savedAt ?? -Infinity) - (a.savedAt ?? -Infinity) || a.key.localeCompare(b.key));
  return [...old, ...kept.slice(limits.maxEntries)].map(({ key }) => key);
}

export async function evictOldStates({ now = Date.now(), limits = PR_STATE_LIMITS } = {}) {
  const keys = statesToEvict(await storage().get(null), now, limits);
  if (keys.length > 0) await storage().remove(keys);
  return keys;
}

const PANEL_COLLAPSED = 'atom-review:panel-collapsed';

export async function loadPanelCollapsed() {
  return (await storage().get(PANEL_COLLAPSED))[PANEL_COLLAPSED] === true;
}

export async function savePanelCollapsed(collapsed) {
  try {
    await storage().set({ [PANEL_COLLAPSED]: Boolean(collapsed) });
  } catch (error) {
    reportStorageFailure('Saving the panel\'s state', error);
  }
}
