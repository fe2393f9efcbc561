// Whether the review read the touched files whole (as they stand at the head commit) or only the
// diff's hunks, and why. The engine's own per-file answer (`files[].source`, `files[].source_reason`)
// wins where the result has it, worded by the download's own reason for a file it failed to get;
// otherwise what the background's download of the files knew
// (background/head-files.js: {source, whole, reason, failed: [{path, reason}]}).

const MAX_NAMED = 3;

function fromEngine(files, headFiles) {
  // No file could be fetched at all (no head commit, too many files…): the fetch's reason is the
  // whole story; the engine would only add that an added file's one hunk is the whole file.
  if (headFiles && headFiles.whole === 0 && headFiles.reason) return null;
  const judged = files.filter((file) => (file.source === 'whole' || file.source === 'hunks')
    && !file.binary && file.status !== 'deleted');
  if (judged.length === 0) return null;
  const fetchReason = new Map((headFiles?.failed ?? []).map(({ path, reason }) => [path, reason]));
  const hunks = judged.filter((file) => file.source === 'hunks').map((file) => ({
    path: file.path, reason: fetchReason.get(file.path) || file.source_reason || headFiles?.reason || null,
  }));
  const whole = judged.length - hunks.length;
  return { source: hunks.length === 0 ? 'whole' : 'hunks', whole, hunks, reason: whole === 0 ? headFiles?.reason ?? null : null };
}

/** → {source: 'whole'|'hunks', whole (files read whole), hunks: [{path, reason}], reason} or null. */
export function reviewedFiles(result, headFiles) {
  const engine = fromEngine(result?.files ?? [], headFiles);
  if (engine) return engine;
  // Nothing to say: no file was read, and none needed to be (the diff adds or deletes its files).
  if (!headFiles || (headFiles.source === 'whole' && headFiles.whole === 0)) return null;
  return { source: headFiles.source, whole: headFiles.whole, hunks: headFiles.failed ?? [], reason: headFiles.reason };
}

const filesWord = (count) => `${count} file${count === 1 ? '' : 's'}`;

function namedList(hunks) {
  const named = hunks.slice(0, MAX_NAMED).map(({ path, reason }) => (reason ? `${path} (${reason})` : path));
  const more = hunks.length - named.length;
  return more > 0 ? `${named.join('; ')} and ${more} more` : named.join('; ');
}

/** The panel's line for reviewedFiles(…). */
export function reviewedFilesText({ source, whole, hunks, reason }) {
  if (source === 'whole') return `Whole files: ${filesWord(whole)} read as at the head commit`;
  if (whole === 0) return `Diff only: ${reason ?? namedList(hunks)}`;
  return `Whole files: ${filesWord(whole)}; diff only for ${namedList(hunks)}`;
}
