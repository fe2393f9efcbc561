// Whether the files a page shows add up to the whole diff of what the page lists. DOM-free.
import { countLines } from './page-file.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * files: settled page files (page-file.js); listed: [{path, additions, deletions}] the page's
 * own list of every file of the view, or null; fileCount: the number of files the page says the
 * view has, or null; pending: why the page says more is still loading, or null; rowsRead: false
 * for files read without their rows (then only what needs no rows is checked).
 * → the first reason the page's diff is not the whole diff, or null when it is (or may be).
 */
export function incompleteReason({ files, listed = null, fileCount = null, pending = null, rowsRead = true }) {
  if (pending) return pending;
  if (files.length === 0) return 'the page shows no files';
  const listedByPath = new Map((listed ?? []).map((file) => [file.path, file]));
  const shownPaths = new Set(files.map((file) => file.path));
  if (listed) {
    const missing = listed.filter((file) => !shownPaths.has(file.path));
    if (missing.length > 0) return `${plural(missing.length, 'file')} of ${listed.length} not rendered yet (${missing[0].path})`;
  }
  if (fileCount !== null && shownPaths.size < fileCount) {
    return `the page shows ${shownPaths.size} of ${plural(fileCount, 'file')}`;
  }
  for (const file of files) {
    if (file.problem) return `${file.path}: ${file.problem}`;
    const stated = listedByPath.get(file.path) ?? file.stats;
    if (!stated) return `${file.path}: the page does not say how many lines changed`;
    if (stated.additions + stated.deletions === 0) {
      return `${file.path}: no lines to show (binary, mode change, rename or empty file)`;
    }
    if (!rowsRead) continue;
    const shown = countLines(file.hunks);
    if (shown.additions !== stated.additions || shown.deletions !== stated.deletions) {
      return `${file.path}: the page shows ${shown.additions}+/${shown.deletions}− of ${stated.additions}+/${stated.deletions}− changed lines`;
    }
  }
  return null;
}
