// Turns a unified diff into what a files page's rows say (content/page-diff/hunks.js events),
// unified or split, the way the fixture pages draw it. Test support for the DOM-free readers.
import { filesForDisplay } from '../../e2e/support/diff-for-display.mjs';
import { splitPairs } from '../../e2e/support/fixture-pages.mjs';

// Split view: the fixture pages' pairing of removed and added runs, as the reader's events.
function splitEvents(rows) {
  const half = (row, line) => row && { kind: row.kind, line, text: row.text };
  return splitPairs(rows).map(({ left, right }) => ({
    type: 'pair', left: half(left, left?.oldLine), right: half(right, right?.newLine),
  }));
}

/** [{path, oldPath, markedDeleted, stats, events, problem}] as a page in `view` shows `diffText`. */
export function shownFiles(diffText, view = 'unified') {
  return filesForDisplay(diffText).map((file) => ({
    path: file.path,
    oldPath: file.status === 'renamed' ? file.oldPath : null,
    markedDeleted: file.status === 'deleted',
    stats: { additions: file.additions, deletions: file.deletions },
    problem: file.binary ? 'the page shows no lines for it (binary or not rendered)' : null,
    events: file.hunks.flatMap((hunk) => [
      { type: 'hunk', header: hunk.header },
      ...(view === 'split' ? splitEvents(hunk.rows)
        : hunk.rows.map((row) => ({ type: 'line', kind: row.kind, oldLine: row.oldLine, newLine: row.newLine, text: row.text }))),
    ]),
  }));
}

// What the page cannot show and the rebuilt diff therefore leaves out.
const NOT_ON_PAGE = /^(index |new file mode |deleted file mode |old mode |new mode |similarity index |dissimilarity index |\\ No newline)/;

/** `diffText` without the header lines a page does not show. */
export function withoutUnshownHeaders(diffText) {
  return diffText.split('\n').filter((line) => !NOT_ON_PAGE.test(line)).join('\n');
}

/**
 * Whether a page can show all of `diffText` (no binary, mode-only, content-less or quoted-path
 * file), without a once-empty file gaining lines, which a page draws like a new file.
 */
export function pageShowable(diffText) {
  return !/^(Binary files |GIT binary patch|old mode |diff --git "|similarity index 100%)/m.test(diffText)
    && diffText.split(/^diff --git /m).slice(1).every((section) => /^@@ /m.test(section)
      && !(/^--- a\//m.test(section) && /^@@ -0,0 /m.test(section)));
}
