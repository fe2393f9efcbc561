// One file as a page shows it, settled into what write-diff.js takes. DOM-free.
import { hunksFromRows } from './hunks.js';

/** The +/− lines the hunks hold. */
export function countLines(hunks) {
  let additions = 0;
  let deletions = 0;
  for (const hunk of hunks) {
    for (const { kind } of hunk.lines) {
      if (kind === 'addition') additions += 1;
      else if (kind === 'deletion') deletions += 1;
    }
  }
  return { additions, deletions };
}

const onlyHunkIsEmptyOn = (hunks, side) => hunks.length === 1
  && hunks[0][`${side}Start`] === 0 && hunks[0].lines.every(({ kind }) => kind === (side === 'old' ? 'addition' : 'deletion'));

/**
 * shown: {path, oldPath (when the header shows a rename), markedDeleted (the page's status
 * marker), stats ({additions, deletions} the page states for it, or null), events (hunks.js),
 * problem (why its rows cannot be read, or null)}.
 * → {path, oldPath, status, hunks, stats, problem}
 */
export function settlePageFile(shown) {
  const { path, oldPath = null, markedDeleted = false, stats = null } = shown;
  if (shown.problem) return { path, oldPath, status: null, hunks: [], stats, problem: shown.problem };
  const { hunks, problem } = hunksFromRows(shown.events);
  let status = 'modified';
  if (oldPath && oldPath !== path) status = 'renamed';
  else if (markedDeleted || onlyHunkIsEmptyOn(hunks, 'new')) status = 'deleted';
  else if (onlyHunkIsEmptyOn(hunks, 'old')) status = 'added';
  return { path, oldPath: status === 'renamed' ? oldPath : null, status, hunks, stats, problem };
}
