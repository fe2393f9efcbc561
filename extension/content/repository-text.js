// The panel's words for the repository check (views/repository-read.jsx): what the review read of
// the repository, what the check would download, how far the download got.
import { ageText, snapshotReadText, touchedFilesOnlyText } from '../shared/snapshot-text.js';

/** "3.8 MB" (decimal, one place; under 0.1 MB in kB). */
export function megabytes(bytes) {
  if (bytes < 100_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The snapshot a review read ({ref, sha, at, committedAt, savedAt, fileCount}): "main @ 1a2b3c4,
 * 3 h old, 578 files", or, checked at the PR's head because the page names no base commit, "the
 * PR's head 1a2b3c4 (no base commit on the page), 3 h old, 578 files".
 */
export function snapshotText(snapshot, now = Date.now()) {
  if (snapshot.at !== 'head') return snapshotReadText(snapshot, now);
  const since = snapshot.committedAt ?? snapshot.savedAt;
  const files = `${snapshot.fileCount} file${snapshot.fileCount === 1 ? '' : 's'}`;
  const at = `the PR's head ${String(snapshot.sha).slice(0, 7)} (no base commit on the page)`;
  return since ? `${at}, ${ageText(now - since)}, ${files}` : `${at}, ${files}`;
}

/** "1.2 MB of 3.8 MB" or "1.2 MB" (no length stated), for a download's progress. */
export function progressText({ receivedBytes, totalBytes }) {
  return totalBytes ? `${megabytes(receivedBytes)} of ${megabytes(totalBytes)}` : megabytes(receivedBytes);
}

/**
 * What the panel shows of the repository check (review-client.js repositoryStatus):
 * {state: 'read' | 'running' | 'touched-files', text, offer: button label or null}, or null when
 * there is nothing to say yet (no plan from the background).
 */
export function repositoryLine(status, now = Date.now()) {
  if (!status) return null;
  const { plan, wanted, running, progress, outcome } = status;
  if (outcome?.status === 'read') return { state: 'read', text: `Checked against the whole repository: ${snapshotText(outcome.snapshot, now)}`, offer: null };
  if (wanted || running) {
    const doing = progress?.phase === 'indexing' ? 'Indexing the repository' : 'Downloading the repository';
    const at = plan?.snapshot ? ` (${plan.snapshot.ref ? `${plan.snapshot.ref} @ ` : ''}${String(plan.snapshot.sha).slice(0, 7)})` : '';
    return { state: 'running', text: `${doing}${at}…`, offer: null };
  }
  if (!plan) return null;
  const reason = outcome?.status === 'failed' ? outcome.reason : plan.reason ?? null;
  const canAsk = plan.status === 'ask' || (plan.status === 'start' && outcome?.status === 'failed');
  const size = plan.sizeBytes ? ` — ${megabytes(plan.sizeBytes)}` : '';
  return {
    state: 'touched-files',
    text: `Read ${touchedFilesOnlyText(reason)}`,
    offer: canAsk ? `Check against the whole repository${size}` : null,
  };
}
