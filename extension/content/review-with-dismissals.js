// The review of a pull request as the reviewer left it: the engine's result with the findings
// they dismissed taken out by the engine itself (so counts and verdict stay the engine's).
import { announceReviewChanged, requestReview } from './review-client.js';
import {
  loadReviewState, onReviewStateWritten, reportStorageFailure, reviewStateKey, reviewedDiffId, updateReviewState,
} from './review-storage.js';

/**
 * → {result, source, stateKey, state, storageProblem}. The dismissals are kept per head commit
 * (per reviewed diff when the page does not name the head), so the first answer names it. When
 * the storage cannot be read the review goes on without them, and `storageProblem` says why.
 */
export async function requestReviewAsLeft(pr) {
  const first = await requestReview(pr);
  const stateKey = reviewStateKey(pr, first.source.headSha ?? await reviewedDiffId(first.result));
  let state = { checked: [], dismissed: [], verdicts: [] };
  let storageProblem = null;
  try {
    state = await loadReviewState(stateKey);
  } catch (error) {
    storageProblem = reportStorageFailure('Reading your review state', error);
  }
  const { result, source } = state.dismissed.length > 0 ? await requestReview({ ...pr, dismissed: state.dismissed }) : first;
  return { result, source, stateKey, state, storageProblem };
}

const sameFinding = (a, b) => a.rule === b.rule && (a.path ?? null) === (b.path ?? null) && (a.line ?? null) === (b.line ?? null);

/**
 * Dismisses `finding` (with an optional one-line reason) or, with `reason` null, restores it.
 * Rejects when it could not be saved (the panel has been told why).
 */
export async function setDismissed(stateKey, finding, reason) {
  await updateReviewState(stateKey, (state) => {
    const kept = state.dismissed.filter((item) => !sameFinding(item, finding));
    if (reason !== null) {
      kept.push({ rule: finding.rule, path: finding.path ?? null, line: finding.line ?? null, reason: reason.trim() });
    }
    return { ...state, dismissed: kept };
  });
  announceReviewChanged();
}

/**
 * Records the reviewer's judgment of `finding` (`verdict`: TP, LOW or FP, with an optional one-line
 * `why`) or, with `verdict` null, forgets it. Rejects when it could not be saved.
 */
export async function setVerdict(stateKey, finding, verdict, why = '') {
  await updateReviewState(stateKey, (state) => {
    const kept = state.verdicts.filter((item) => !(sameFinding(item, finding) && item.side === (finding.side === 'old' ? 'old' : 'new')));
    if (verdict !== null) {
      kept.push({
        rule: finding.rule, message_id: finding.message_id ?? '', path: finding.path ?? null, line: finding.line ?? null,
        side: finding.side === 'old' ? 'old' : 'new', severity: finding.severity ?? '', verdict, why: why.trim(), exported: false,
      });
    }
    return { ...state, verdicts: kept };
  });
  announceReviewChanged();
}

/** Marks `exported` (verdicts as stored) as saved in a file: those given or changed since stay unexported. */
export async function markVerdictsExported(stateKey, exported) {
  const same = (a, b) => sameFinding(a, b) && a.side === b.side && a.verdict === b.verdict && a.why === b.why;
  await updateReviewState(stateKey, (state) => ({
    ...state, verdicts: state.verdicts.map((item) => (exported.some((done) => same(done, item)) ? { ...item, exported: true } : item)),
  }));
  announceReviewChanged();
}

/** Ticks (`on`) or unticks the checklist item `id`; rejects when it could not be saved. */
export async function setChecked(stateKey, id, on) {
  await updateReviewState(stateKey, (state) => {
    const checked = new Set(state.checked);
    if (on) checked.add(id); else checked.delete(id);
    return { ...state, checked: [...checked].sort() };
  });
  announceReviewChanged();
}

// Features watch the state they show; one storage listener per state key however many watch it.
const watched = new Map(); // state key -> {watchers, stop}
const watchedBy = new WeakMap(); // signal -> the state keys watched until it aborts

/**
 * Until `signal` aborts, a change another tab saves to `stateKey` redraws this page's features
 * (this tab's own changes announce themselves when they are saved). Again with the same signal
 * and key: nothing more.
 */
export function watchReviewState(stateKey, signal) {
  if (signal.aborted || watchedBy.get(signal)?.has(stateKey)) return;
  if (!watchedBy.has(signal)) watchedBy.set(signal, new Set());
  watchedBy.get(signal).add(stateKey);
  let entry = watched.get(stateKey);
  if (!entry) {
    const controller = new AbortController();
    onReviewStateWritten(stateKey, announceReviewChanged, controller.signal);
    entry = { watchers: 0, stop: () => controller.abort() };
    watched.set(stateKey, entry);
  }
  entry.watchers += 1;
  signal.addEventListener('abort', () => {
    entry.watchers -= 1;
    if (entry.watchers === 0) {
      entry.stop();
      watched.delete(stateKey);
    }
  }, { once: true });
}
