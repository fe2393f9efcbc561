// The review of a pull request as the reviewer left it: the engine's result with the findings
// they dismissed taken out by the engine itself (so counts and verdict stay the engine's).
import { REVIEW_CHANGED_EVENT, requestReview } from './review-client.js';
import {
  loadReviewState, reportStorageFailure, reviewStateKey, reviewedDiffId, updateReviewState,
} from './review-storage.js';

/**
 * → {result, source, stateKey, state, storageProblem}. The dismissals are kept per head commit
 * (per reviewed diff when the page does not name the head), so the first answer names it. When
 * the storage cannot be read the review goes on without them, and `storageProblem` says why.
 */
export async function requestReviewAsLeft(pr) {
  const first = await requestReview(pr);
  const stateKey = reviewStateKey(pr, first.source.headSha ?? await reviewedDiffId(first.result));
  let state = { checked: [], dismissed: [] };
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
  window.dispatchEvent(new Event(REVIEW_CHANGED_EVENT));
}
