// Background entry point: answers review requests from content scripts.
import { metaForRequest, parseReviewRequest } from '../shared/messages.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { reviewDiff } from './engine-host.js';
import { ReviewCache } from './review-cache.js';
import { reviewRequestKey } from './review-request-key.js';
import { answerListSummary } from './list-summaries.js';
import { answerPageFetch } from './github-pages.js';

const cache = new ReviewCache();

// The diff the page holds when the content script could read all of it; else the PR's `.diff`.
async function reviewPullRequest(pr) {
  const diffBytes = pr.diff ? new TextEncoder().encode(pr.diff.text) : await fetchPullRequestDiff(pr);
  return reviewDiff(diffBytes, metaForRequest(pr));
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  cache.getOrCompute(reviewRequestKey(pr), () => reviewPullRequest(pr)).then(
    (resultJson) => sendResponse({ ok: true, resultJson, source: pr.diff ? pr.diff.source : 'fetched' }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
});

chrome.runtime.onMessage.addListener(answerListSummary);
chrome.runtime.onMessage.addListener(answerPageFetch);
