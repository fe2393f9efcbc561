// What the classic files page shows of the diff, for content/page-diff (selectors from
// github-dom.md §2.2, §2.5): each file's rows as content/page-diff/hunks.js events, its stated
// line counts, whether more is still loading, and the addresses naming the compared commits.
import { classicAdapter } from './classic.js';
import { statsFromLabel } from '../page-diff/stats.js';

const lineNumber = (cell) => {
  const value = Number.parseInt(cell?.getAttribute('data-line-number') ?? '', 10);
  return Number.isSafeInteger(value) ? value : null;
};
const codeText = (cell) => (cell.querySelector('.blob-code-inner') ?? cell).textContent;
const KINDS = ['addition', 'deletion', 'context'];
const kindOf = (cell) => KINDS.find((kind) => cell.classList.contains(`blob-code-${kind}`)) ?? null;

function splitHalf(numberCell, codeCell) {
  if (!codeCell || codeCell.classList.contains('empty-cell')) return null;
  return { kind: kindOf(codeCell), line: lineNumber(numberCell), text: codeText(codeCell) };
}

/** One hunks.js event per diff row (comment rows and the like give none). */
function rowEvent(row) {
  const hunkCell = row.querySelector('.blob-code-hunk');
  if (hunkCell) return { type: 'hunk', header: hunkCell.textContent };
  const codeCells = row.querySelectorAll(':scope > td.blob-code');
  if (codeCells.length === 1) {
    const numbers = row.querySelectorAll(':scope > td.blob-num');
    const kind = kindOf(codeCells[0]);
    if (!kind || numbers.length !== 2) return null;
    return { type: 'line', kind, oldLine: lineNumber(numbers[0]), newLine: lineNumber(numbers[1]), text: codeText(codeCells[0]) };
  }
  if (codeCells.length === 2) {
    const cells = row.cells;
    return { type: 'pair', left: splitHalf(cells[0], cells[1]), right: splitHalf(cells[2], cells[3]) };
  }
  return null;
}

function shownFile(container, withRows) {
  const path = classicAdapter.pathOfContainer(container);
  const header = container.querySelector('.file-header');
  const title = header?.querySelector('.file-info a.Link--primary[title]')?.getAttribute('title') ?? '';
  const arrow = title.indexOf(' → ');
  const shown = {
    path,
    oldPath: arrow > 0 ? title.slice(0, arrow) : null,
    markedDeleted: (header ?? container).getAttribute('data-file-deleted') === 'true',
    stats: statsFromLabel(header?.querySelector('.diffstat[aria-label]')?.getAttribute('aria-label')),
    events: [],
    problem: null,
  };
  if (container.querySelector('.js-diff-load-container, .js-diff-load')) {
    return { ...shown, problem: 'its diff is behind "Load diff"' };
  }
  const table = container.querySelector('table.diff-table, table.js-diff-table');
  if (!table) return { ...shown, problem: 'the page shows no lines for it (binary or not rendered)' };
  if (!withRows) return shown;
  for (const row of table.rows) {
    const event = rowEvent(row);
    if (event) shown.events.push(event);
  }
  return shown;
}

/**
 * {shown: [files for page-diff/page-file.js], fileCount, pending} for the classic page, or null.
 * Without `withRows` the files carry no rows: a cheap look at whether the page can be complete.
 */
export function readClassicPage(doc, { withRows = true } = {}) {
  const containers = classicAdapter.fileContainers(doc);
  if (containers.length === 0) return null;
  const counter = doc.querySelector('#files_tab_counter');
  const counted = Number.parseInt((counter?.getAttribute('title') ?? counter?.textContent ?? '').replaceAll(',', ''), 10);
  const loading = doc.querySelector('include-fragment.js-diff-progressive-loader, .js-diff-progressive-container include-fragment[src]');
  return {
    shown: containers.map((container) => shownFile(container, withRows)),
    fileCount: Number.isSafeInteger(counted) ? counted : null,
    pending: loading ? 'more files are still loading on the page' : null,
  };
}

/** The addresses of the page's comparison fragments (`show_toc?…&sha2=`, `show_partial_comparison?…`). */
export function classicComparisonAddresses(doc) {
  const elements = Array.from(doc.querySelectorAll('[src*="sha2="], [src*="end_commit_oid="], [data-url*="sha2="], [data-url*="end_commit_oid="]'))
    .filter((element) => !element.closest('.comment-body, .markdown-body, .js-comment-body')); // not what a comment holds
  return elements.map((element) => element.getAttribute('src') ?? element.getAttribute('data-url') ?? '');
}
