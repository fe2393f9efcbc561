// Asks the background for one of the pull request's github.com pages and parses the answer here:
// the service worker has no DOMParser. Resolves to null when the page could not be had; the
// context is best-effort and never holds up or breaks the review.
import { pageFetchRequest } from '../../shared/page-fetch-messages.js';

/** {status, html} for a request of shared/page-fetch-messages.js, or null on any failure. */
export async function fetchPage(request) {
  try {
    const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
    const answer = await runtime.sendMessage(pageFetchRequest(request));
    return answer?.ok ? { status: answer.status, html: answer.html ?? '' } : null;
  } catch {
    return null;
  }
}

/** The page as a Document (scripts in it never run), or null when it was not a 2xx page. */
export async function fetchDocument(request) {
  const page = await fetchPage(request);
  if (!page || page.status < 200 || page.status > 299 || !page.html) return null;
  return new DOMParser().parseFromString(page.html, 'text/html');
}
