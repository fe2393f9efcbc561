// What a React files page's embedded data (`script[data-target="react-app.embeddedData"]`)
// says about the pull request: the files of the view with their line counts, and the head and
// base commits. Its shape is GitHub's, undocumented (github-dom.md §2.3); nothing here reads
// diff lines from it, as no shape for them could be confirmed. DOM-free.
import { COMMIT_SHA as SHA } from '../../shared/commit-sha.js';

/** The files route of a React page's embedded data, or null. */
export function filesRoute(embedded) {
  const payload = embedded?.payload;
  const route = payload?.pullRequestsChangesRoute ?? payload?.pullRequestsFilesRoute;
  return route && typeof route === 'object' ? route : null;
}

/** {head_sha?, base_sha?} from a React page's embedded data. */
export function shasFromEmbeddedData(embedded) {
  const fullDiff = filesRoute(embedded)?.comparison?.fullDiff;
  const found = {};
  const head = typeof fullDiff?.headOid === 'string' ? fullDiff.headOid.toLowerCase() : '';
  const base = typeof fullDiff?.baseOid === 'string' ? fullDiff.baseOid.toLowerCase() : '';
  if (SHA.test(head)) found.head_sha = head;
  if (SHA.test(base)) found.base_sha = base;
  return found;
}

/**
 * [{path, additions, deletions}] from the embedded data's `diffSummaries` (every file of the
 * view, rendered or not), or null when it carries none.
 */
export function fileSummariesFromEmbeddedData(embedded) {
  const summaries = filesRoute(embedded)?.diffSummaries;
  if (!Array.isArray(summaries)) return null;
  const files = [];
  for (const summary of summaries) {
    const { path, linesAdded, linesDeleted } = summary ?? {};
    if (typeof path !== 'string' || !Number.isSafeInteger(linesAdded) || !Number.isSafeInteger(linesDeleted)) return null;
    files.push({ path, additions: linesAdded, deletions: linesDeleted });
  }
  return files;
}
