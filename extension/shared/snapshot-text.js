// What the panel says the review read of the repository: the snapshot ("main @ 1a2b3c4, 3 h old,
// 578 files") or, without one, the touched files only and why.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 min old", "3 h old", "2 d old" (rounded down; under a minute: "just now"). */
export function ageText(ms) {
  if (!(ms >= MINUTE)) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min old`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h old`;
  return `${Math.floor(ms / DAY)} d old`;
}

/**
 * "main @ 1a2b3c4, 3 h old, 578 files" for a snapshot's description ({ref, sha, committedAt,
 * savedAt, fileCount}); the age is the commit's when the archive gave it, else the download's.
 */
export function snapshotReadText(meta, now = Date.now()) {
  const at = `${meta.ref ? `${meta.ref} @ ` : ''}${String(meta.sha).slice(0, 7)}`;
  const since = meta.committedAt ?? meta.savedAt;
  const files = `${meta.fileCount} file${meta.fileCount === 1 ? '' : 's'}`;
  return since ? `${at}, ${ageText(now - since)}, ${files}` : `${at}, ${files}`;
}

/** "the touched files only: download failed: HTTP 404". */
export const touchedFilesOnlyText = (reason) => (reason ? `the touched files only: ${reason}` : 'the touched files only');
