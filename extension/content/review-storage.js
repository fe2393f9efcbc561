// What the reviewer did on a pull request (ticked checklist items, dismissed findings) kept in
// chrome.storage.local per pull request and per reviewed diff, so a new push starts afresh.
import { sha256Hex } from './sha256.js';

const storage = () => (globalThis.browser ?? globalThis.chrome).storage.local;

/**
 * Stands in for the head commit when the page does not name it (the `.diff` does not): the same
 * head always gives the same files and line counts (not bytes: a diff read from the page is
 * spelled differently from the `.diff`).
 */
export async function reviewedDiffId(result) {
  const files = (result.files ?? []).map((file) => [file.path, file.additions, file.deletions]);
  return (await sha256Hex(JSON.stringify(files))).slice(0, 16);
}

export function reviewStateKey({ owner, repo, number }, diffId) {
  return `atom-review:pr:${owner}/${repo}#${number}@${diffId}`;
}

const isDismissal = (item) => item && typeof item === 'object' && typeof item.rule === 'string'
  && (item.path === null || typeof item.path === 'string') && (item.line === null || Number.isSafeInteger(item.line));

/**
 * → {checked: string[], dismissed: [{rule, path, line, reason}]}: the ticked checklist items'
 * ids and the dismissed findings, in the shape the engine's meta takes them.
 */
export async function loadReviewState(key) {
  const stored = (await storage().get(key))[key];
  return {
    checked: Array.isArray(stored?.checked) ? stored.checked.filter((id) => typeof id === 'string') : [],
    dismissed: Array.isArray(stored?.dismissed) ? stored.dismissed.filter(isDismissal)
      .map(({ rule, path, line, reason }) => ({ rule, path, line, reason: typeof reason === 'string' ? reason : '' })) : [],
  };
}

/** Replaces the parts of the state `changes` names ({checked?: Iterable, dismissed?: list}). */
export async function saveReviewState(key, changes) {
  const state = await loadReviewState(key);
  if (changes.checked) state.checked = [...changes.checked].sort();
  if (changes.dismissed) state.dismissed = changes.dismissed;
  await storage().set({ [key]: state });
}

const PANEL_COLLAPSED = 'atom-review:panel-collapsed';

export async function loadPanelCollapsed() {
  return (await storage().get(PANEL_COLLAPSED))[PANEL_COLLAPSED] === true;
}

export async function savePanelCollapsed(collapsed) {
  await storage().set({ [PANEL_COLLAPSED]: Boolean(collapsed) });
}
