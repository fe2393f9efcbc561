// Background entry point: answers review requests from content scripts.
import { metaForRequest, parseReviewRequest } from '../shared/messages.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { reviewDiff } from './engine-host.js';
import { headFileReader, headFilesSummary, pathsToRead } from './head-files.js';
import { ReviewCache } from './review-cache.js';
import { reviewRequestKey } from './review-request-key.js';
import { answerListSummary } from './list-summaries.js';
import { answerPageFetch } from './github-pages.js';
import { fromOurGitHubTabs } from './message-sender.js';

const cache = new ReviewCache();
const readHeadFiles = headFileReader();

// The diff the page holds when the content script could read all of it; else the PR's `.diff`.
// The diff alone is reviewed first: its files say which to read at the head, and it is the answer
// when none can be read. Otherwise the review runs again on the files read whole.
async function reviewPullRequest(pr) {
  const diffBytes = pr.diff ? new TextEncoder().encode(pr.diff.text) : await fetchPullRequestDiff(pr);
  const meta = metaForRequest(pr);
  const hunksJson = await reviewDiff(diffBytes, meta);
  const head = await readHeadFiles({ owner: pr.owner, repo: pr.repo, headSha: pr.context?.head_sha,
    paths: pathsToRead(JSON.parse(hunksJson)) });
  const headFiles = headFilesSummary(head);
  const resultJson = head.files.length > 0 ? await reviewDiff(diffBytes, meta, head.files) : hunksJson;
  return { resultJson, headFiles };
}

function answerReview(message, _sender, sendResponse) {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  cache.getOrCompute(reviewRequestKey(pr), () => reviewPullRequest(pr)).then(
    ({ resultJson, headFiles }) => sendResponse({ ok: true, resultJson, headFiles, source: pr.diff ? pr.diff.source : 'fetched' }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
}

for (const listener of [answerReview, answerListSummary, answerPageFetch]) {
  chrome.runtime.onMessage.addListener(fromOurGitHubTabs(listener, chrome.runtime.id));
}
