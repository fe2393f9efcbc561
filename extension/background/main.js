// Background entry point: answers review requests from content scripts.
import { metaForRequest, parseReviewRequest } from '../shared/messages.js';
import { pullRequestKey } from '../shared/pull-request-key.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { reviewDiff } from './engine-host.js';
import { ReviewCache } from './review-cache.js';
import { answerListSummary } from './list-summaries.js';

const cache = new ReviewCache();

async function reviewPullRequest(pr) {
  const diffBytes = await fetchPullRequestDiff(pr);
  return reviewDiff(diffBytes, metaForRequest(pr));
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  // Keyed by pull request and dismissals: the first page to ask names the title for the cache's lifetime.
  const key = pr.dismissed ? `${pullRequestKey(pr)} dismissed ${JSON.stringify(pr.dismissed)}` : pullRequestKey(pr);
  cache.getOrCompute(key, () => reviewPullRequest(pr)).then(
    (resultJson) => sendResponse({ ok: true, resultJson }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
});

chrome.runtime.onMessage.addListener(answerListSummary);
