// Fetches a pull request's GitHub pages for content scripts (shared/page-fetch-messages.js),
// with the session cookie, as the signed-in tab would. The answer is the HTML as text: a service
// worker has no DOMParser, so the content script parses it. Bounded in time and size; a page that
// is not there is an answer ({ok: true, status}), not an error.
import { pageFetchUrl, parsePageFetchRequest } from '../shared/page-fetch-messages.js';
import { hostOf, siteOrigin } from '../shared/github-host.js';
import { DownloadFailed, fetchBounded } from './bounded-body.js';

export const PAGE_TIMEOUT_MS = 20_000;
export const MAX_PAGE_BYTES = 12 * 1024 * 1024;

/**
 * Resolves to {status, html} for a parsed page request (html is '' unless the status is 2xx);
 * rejects on a network failure, a timeout or an oversized page.
 */
export async function fetchGitHubPage(request, { fetchImpl = fetch, timeoutMs = PAGE_TIMEOUT_MS, maxBytes = MAX_PAGE_BYTES } = {}) {
  try {
    const { status, bytes } = await fetchBounded(pageFetchUrl(request), {
      fetchImpl, timeoutMs, maxBytes, answeredFrom: [siteOrigin(hostOf(request))], what: 'the page', headers: { accept: 'text/html' },
    });
    return { status, html: bytes ? new TextDecoder().decode(bytes) : '' };
  } catch (error) {
    // A redirect must not lead off the pull request's host (the session cookie is meant for it alone).
    if (error instanceof DownloadFailed && error.kind === 'off-origin') return { status: 0, html: '' };
    throw error;
  }
}

/** chrome.runtime.onMessage listener for page requests; ignores every other message. */
export function answerPageFetch(message, _sender, sendResponse) {
  const request = parsePageFetchRequest(message);
  if (!request) return false;
  fetchGitHubPage(request).then(
    ({ status, html }) => sendResponse({ ok: true, status, html }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
}
