// What the React files page shows of the diff, for content/page-diff (selectors from
// github-dom.md §2.3, §2.5): each file's rows as content/page-diff/hunks.js events, its stated
// line counts, whether a file waits behind "Load diff", the embedded data and the range selector.
import { reactAdapter } from './react.js';
import { statsFromLabel } from '../page-diff/stats.js';

const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const RENAMED = /^(.+) renamed to (.+)$/;

const lineNumber = (cell) => {
  const value = Number.parseInt(cell?.getAttribute('data-line-number') ?? '', 10);
  return Number.isSafeInteger(value) ? value : null;
};
// The `+`/`-` marker is a sibling of the text, not part of it.
const codeText = (cell) => (cell.querySelector('.diff-text-inner') ?? cell).textContent;
const changed = (cell) => cell.matches('.addition, .deletion') || cell.querySelector('.addition, .deletion') !== null;

function splitHalf(numberCell, textCell) {
  const line = lineNumber(textCell) ?? lineNumber(numberCell);
  if (line === null) return null;
  const side = textCell.getAttribute('data-diff-side') === 'left' ? 'deletion' : 'addition';
  return { kind: changed(textCell) ? side : 'context', line, text: codeText(textCell) };
}

function rowEvent(row) {
  const hunkCell = row.querySelector('td.diff-hunk-cell');
  if (hunkCell) return { type: 'hunk', header: codeText(hunkCell) };
  const textCells = row.querySelectorAll(':scope > td.diff-text-cell');
  if (textCells.length === 1) {
    const oldLine = lineNumber(row.querySelector(':scope > td[data-diff-side="left"]:not(.diff-text-cell)'));
    const newLine = lineNumber(row.querySelector(':scope > td[data-diff-side="right"]:not(.diff-text-cell)'));
    if (oldLine === null && newLine === null) return null;
    const kind = oldLine === null ? 'addition' : newLine === null ? 'deletion' : 'context';
    return { type: 'line', kind, oldLine, newLine, text: codeText(textCells[0]) };
  }
  if (textCells.length === 2) {
    const cells = row.cells;
    return { type: 'pair', left: splitHalf(cells[0], cells[1]), right: splitHalf(cells[2], cells[3]) };
  }
  return null;
}

function shownFile(region, withRows) {
  const path = reactAdapter.pathOfContainer(region);
  const header = region.querySelector('[class*="DiffFileHeader-module__diff-file-header"]');
  const renamed = Array.from(header?.querySelectorAll('.sr-only') ?? [])
    .map((element) => RENAMED.exec(element.textContent.replace(BIDI_MARKS, '').trim())).find(Boolean);
  const statsLabel = Array.from(header?.querySelectorAll('.sr-only') ?? [])
    .map((element) => element.textContent).find((text) => text.includes('Lines changed'));
  const shown = { path, oldPath: renamed ? renamed[1] : null, stats: statsFromLabel(statsLabel), events: [], problem: null };
  const table = region.querySelector('table[data-diff-anchor]');
  if (!table) return { ...shown, problem: 'the page shows no lines for it (collapsed, binary or not loaded)' };
  if (!withRows) return shown;
  for (const row of table.rows) {
    const event = rowEvent(row);
    if (event) shown.events.push(event);
  }
  return shown;
}

/** Whether the diff list holds a `Load diff` button (a file not rendered until clicked). */
function hasLoadDiffButton(doc) {
  const buttons = doc.querySelectorAll('[data-testid="diff-content"] button');
  return Array.from(buttons).some((button) => /^\s*load diff\s*$/i.test(button.textContent));
}

/** {shown, pending} for the React page, or null when it shows no React file; rows as in readClassicPage. */
export function readReactPage(doc, { withRows = true } = {}) {
  const regions = reactAdapter.fileContainers(doc);
  if (regions.length === 0) return null;
  return {
    shown: regions.map((region) => shownFile(region, withRows)),
    pending: hasLoadDiffButton(doc) ? 'a file is behind "Load diff"' : null,
  };
}

/** The texts of the page's embedded data scripts (JSON, parsed by the caller). */
export function reactEmbeddedDataTexts(doc) {
  return Array.from(doc.querySelectorAll('script[data-target="react-app.embeddedData"]'), (script) => script.textContent);
}

/** What the commit-range selector says ("All commits", or the chosen commits), or null. */
export function reactRangeSelectorText(doc) {
  return doc.querySelector('#changes-selector-button')?.textContent ?? null;
}
