// Reads the pull request's diff from the files page when the page holds all of it, so the review
// needs no download; else says why not. Also reads which part of the PR the page shows and the
// head/base commits it names. One linear pass over the rendered rows (textContent only).
import { fileSummariesFromEmbeddedData, filesRoute, shasFromEmbeddedData } from './embedded-data.js';
import { incompleteReason } from './completeness.js';
import { classicComparisonAddresses, readClassicPage } from '../adapters/classic-page-diff.js';
import { reactEmbeddedDataTexts, reactRangeSelectorText, readReactPage } from '../adapters/react-page-diff.js';
import { shasFromAddresses } from './head.js';
import { settlePageFile } from './page-file.js';
import { viewOfAddress, viewReason } from './view.js';
import { writeUnifiedDiff } from './write-diff.js';
import { MAX_DIFF_BYTES, pageDiffFitsMessage } from '../../shared/diff-limits.js';

function embeddedData(doc) {
  for (const text of reactEmbeddedDataTexts(doc)) {
    try {
      const data = JSON.parse(text);
      if (filesRoute(data)) return data;
    } catch {
      // another app's data, or none we can read
    }
  }
  return null;
}

function readHead(doc, embedded) {
  return { ...shasFromEmbeddedData(embedded), ...shasFromAddresses(classicComparisonAddresses(doc)) };
}

// A page still loading files or holding placeholders is told apart from its headers alone, before
// any row is read (a large, lazily loaded PR costs no row reading at all).
function readDiff(doc, embedded) {
  const readPage = (options) => readClassicPage(doc, options) ?? readReactPage(doc, options);
  const listed = fileSummariesFromEmbeddedData(embedded);
  const headers = readPage({ withRows: false });
  if (!headers) return { diff: null, reason: 'the page shows no files' };
  const early = incompleteReason({
    files: headers.shown.map(settlePageFile), listed, fileCount: headers.fileCount ?? null, pending: headers.pending, rowsRead: false,
  });
  if (early) return { diff: null, reason: early };
  const page = readPage({ withRows: true });
  const files = page.shown.map(settlePageFile);
  const reason = incompleteReason({ files, listed, fileCount: page.fileCount ?? null, pending: page.pending });
  if (reason) return { diff: null, reason };
  const text = writeUnifiedDiff(files);
  if (!pageDiffFitsMessage(text)) return { diff: null, reason: `the page's diff is larger than the ${MAX_DIFF_BYTES / (1024 * 1024)} MiB a review request carries` };
  return { diff: { text, source: 'page-rendered', files: files.length }, reason: null };
}

/**
 * → {diff: {text, source: 'page-rendered', files} | null,
 *    reason: string|null  (why the page's diff was not used, shown in the panel),
 *    view: {commitRange: string|null, whitespaceHidden: boolean},
 *    head: {head_sha?, base_sha?}}
 * Never throws: a page it cannot make sense of gives a reason.
 */
export function readDiffFromPage(doc, location) {
  let view = { commitRange: null, whitespaceHidden: false };
  let head = {};
  try {
    const embedded = embeddedData(doc);
    view = viewOfAddress(location.pathname, location.search, reactRangeSelectorText(doc));
    head = readHead(doc, embedded);
    const partial = viewReason(view);
    if (partial) return { diff: null, reason: partial, view, head };
    return { ...readDiff(doc, embedded), view, head };
  } catch (error) {
    return { diff: null, reason: `could not read the page's diff: ${error?.message ?? error}`, view, head };
  }
}
