// Background entry point: answers review requests from content scripts.
import { parseReviewRequest } from '../shared/messages.js';
import { pullRequestKey } from '../shared/pull-request-key.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { reviewDiff } from './engine-host.js';
import { ReviewCache } from './review-cache.js';

const cache = new ReviewCache();

async function reviewPullRequest(pr) {
  const diffBytes = await fetchPullRequestDiff(pr);
  return reviewDiff(diffBytes, { repo: `${pr.owner}/${pr.repo}`, number: pr.number });
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  cache.getOrCompute(pullRequestKey(pr), () => reviewPullRequest(pr)).then(
    (resultJson) => sendResponse({ ok: true, resultJson }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
});
