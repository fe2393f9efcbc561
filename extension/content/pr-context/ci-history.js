// Two facts about a failing check that the page does not show: how the same check fared on the
// base branch's latest commit, and whether its logs have expired.
//
// Base branch: `/OWNER/REPO/commit/<branch>/checks`, the checks page of the branch's latest commit
// (GitHub's commit routes take a branch name where a sha goes; the checks page's markup is read
// with the same row reader as the merge box, which is an assumption: where it finds nothing,
// base_state stays unset).
// Stale: only for Details links into this repository's Actions runs (same origin, same repository):
// a 410 answer, or the page's notice that the logs expired ("The logs for this run have expired
// and are no longer available", "The log was not found. It may have been deleted based on
// retention settings"). Checks run elsewhere (readthedocs, Jenkins) are never fetched.
import { checkDetailsPath } from '../../shared/page-fetch-messages.js';
import { readCheckRows } from '../adapters/conversation-checks.js';
import { fetchDocument, fetchPage } from './page-fetch.js';

const FAILED = new Set(['failure', 'error', 'timed_out', 'cancelled', 'action_required']);
const EXPIRED_NOTICE = /logs? for this (?:run|job) (?:have|has) expired|log was not found\. it may have been deleted based on retention/i;
const MAX_DETAIL_FETCHES = 6;

export const isFailedCheck = (check) => FAILED.has(check.state);

/** `checks` with base_state set for those the base branch's latest commit also ran. */
export async function withBaseStates(checks, { owner, repo, baseRef }) {
  if (!baseRef || !checks.some(isFailedCheck)) return checks;
  const doc = await fetchDocument({ kind: 'branch-checks', owner, repo, ref: baseRef });
  if (!doc) return checks;
  const onBase = new Map(readCheckRows(doc).map((check) => [check.name, check.state]));
  return checks.map((check) => (onBase.has(check.name) ? { ...check, base_state: onBase.get(check.name) } : check));
}

async function logsExpired(path, { owner, repo }) {
  const page = await fetchPage({ kind: 'check-details', owner, repo, path });
  if (!page) return false;
  return page.status === 410 || EXPIRED_NOTICE.test(page.html);
}

/** `checks` with logs_expired set on failed ones whose same-repository Details page says so. */
export async function withExpiredLogs(checks, repository) {
  const candidates = checks
    .map((check, index) => ({ index, path: isFailedCheck(check) && check.url ? checkDetailsPath(check.url, repository) : null }))
    .filter(({ path }) => path)
    .slice(0, MAX_DETAIL_FETCHES);
  const expired = await Promise.all(candidates.map(({ path }) => logsExpired(path, repository)));
  const marked = new Set(candidates.filter((_, i) => expired[i]).map(({ index }) => index));
  return checks.map((check, index) => (marked.has(index) ? { ...check, logs_expired: true } : check));
}
