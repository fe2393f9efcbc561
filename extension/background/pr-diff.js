// Downloads a pull request's unified diff the way a signed-in browser tab would: the `.diff` URL
// with the session cookie; github.com's redirect is answered by fetching the one address it leads
// to, patch-diff.githubusercontent.com, never another (an Enterprise host serves it itself, and
// may not redirect; shared/github-host.js).
// The one diff download, for the files page and for list rows alike: bounded in time and size
// (shared/diff-limits.js), answered only from GitHub's diff hosts, and every way it can fail is a
// DiffUnavailable whose message says why in words the panel and the list badge show as they are.
import { MAX_DIFF_BYTES } from '../shared/diff-limits.js';
import { GITHUB_COM, diffSources, hostOf, siteOrigin } from '../shared/github-host.js';
import { fetchBounded, seconds } from './bounded-body.js';

export const DIFF_TIMEOUT_MS = 20_000;

/** Why there is no diff; `kind`: too-large | not-found | rate-limited | timed-out | failed. */
export class DiffUnavailable extends Error {
  constructor(kind, message, retryAfterMs = null) {
    super(message);
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }
}

export function pullRequestDiffUrl(pr) {
  const { owner, repo, number } = pr;
  return `${siteOrigin(hostOf(pr))}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/pull/${number}.diff`;
}

// Where github.com redirects its `.diff`; an Enterprise host serves it itself (no hop: null).
export function patchDiffUrl(pr) {
  if (hostOf(pr) !== GITHUB_COM) return null;
  const { owner, repo, number } = pr;
  return `https://patch-diff.githubusercontent.com/raw/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/pull/${number}.diff`;
}

function rateLimitWaitMs(headers, now) {
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return null;
}

function isRateLimited(status, headers) {
  if (status === 429) return true;
  return status === 403 && (headers.get('x-ratelimit-remaining') === '0' || headers.has('retry-after'));
}

function refusal(status, headers, now) {
  if (status === 406) {
    return new DiffUnavailable('too-large', 'diff too large: GitHub serves no diff past 300 files or 20,000 lines (406)');
  }
  if (status === 404) return new DiffUnavailable('not-found', 'not found (404): no such pull request, or no access');
  if (isRateLimited(status, headers)) {
    return new DiffUnavailable('rate-limited', `rate limited by GitHub (${status})`, rateLimitWaitMs(headers, now));
  }
  return new DiffUnavailable('failed', `GitHub answered ${status}`);
}

const DOWNLOAD_KINDS = { 'timed-out': 'timed-out', 'too-large': 'too-large' };

/** Resolves to the diff as bytes (the engine takes bytes, not a JS string); rejects with DiffUnavailable. */
export async function fetchPullRequestDiff(pr, { fetchImpl = fetch, now = Date.now, timeoutMs = DIFF_TIMEOUT_MS,
  maxBytes = MAX_DIFF_BYTES } = {}) {
  let answer;
  try {
    answer = await fetchBounded(pullRequestDiffUrl(pr), {
      fetchImpl, timeoutMs, maxBytes, answeredFrom: diffSources(pr), what: 'the diff', redirects: { nextHop: patchDiffUrl(pr) },
    });
  } catch (error) {
    const kind = DOWNLOAD_KINDS[error?.kind] ?? 'failed';
    const message = error?.kind === 'timed-out' ? `the diff download got no answer within ${seconds(timeoutMs)}` : error.message;
    throw new DiffUnavailable(kind, message);
  }
  if (!answer.bytes) throw refusal(answer.status, answer.headers, now());
  return answer.bytes;
}
