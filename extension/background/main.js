// Background entry point: answers review requests from content scripts, for repositories in
// scope only (scope-gate.js).
import builtInRepos from 'atom-built-in-repos';
import { LIST_SUMMARY_REQUEST, REVIEW_REQUEST, metaForRequest, parseReviewRequest } from '../shared/messages.js';
import { PAGE_FETCH_REQUEST } from '../shared/page-fetch-messages.js';
import { inScope, scopePatterns } from '../shared/scope.js';
import { isFeatureOn, loadSettings } from '../shared/settings.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { reviewDiff } from './engine-host.js';
import { headFileReader, headFilesSummary, pathsToRead } from './head-files.js';
import { ReviewCache } from './review-cache.js';
import { reviewRequestKey } from './review-request-key.js';
import { listSummaryAnswerer } from './list-summaries.js';
import { answerPageFetch } from './github-pages.js';
import { fromOurGitHubTabs } from './message-sender.js';
import { scopeGatedListener } from './scope-gate.js';

const cache = new ReviewCache();
const readSettings = () => loadSettings(chrome.storage);
const readHeadFiles = headFileReader();

// The diff the page holds when the content script could read all of it; else the PR's `.diff`.
// The diff alone is reviewed first: its files say which to read at the head, and it is the answer
// when none can be read. Otherwise the review runs again on the files read whole.
// With the whole-files feature switched off no file is downloaded.
async function reviewPullRequest(pr, wholeFiles) {
  const diffBytes = pr.diff ? new TextEncoder().encode(pr.diff.text) : await fetchPullRequestDiff(pr);
  const meta = metaForRequest(pr);
  const hunksJson = await reviewDiff(diffBytes, meta);
  const head = wholeFiles
    ? await readHeadFiles({ owner: pr.owner, repo: pr.repo, headSha: pr.context?.head_sha,
      paths: pathsToRead(JSON.parse(hunksJson)) })
    : { files: [], failed: [], reason: 'whole-file fetch is switched off in the options' };
  const headFiles = headFilesSummary(head);
  const resultJson = head.files.length > 0 ? await reviewDiff(diffBytes, meta, head.files) : hunksJson;
  return { resultJson, headFiles };
}

function answerReview(message, _sender, sendResponse) {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  readSettings().then((settings) => {
    const wholeFiles = isFeatureOn(settings, 'whole-files');
    return cache.getOrCompute(`${reviewRequestKey(pr)} whole-files=${wholeFiles}`, () => reviewPullRequest(pr, wholeFiles));
  }).then(
    ({ resultJson, headFiles }) => sendResponse({ ok: true, resultJson, headFiles, source: pr.diff ? pr.diff.source : 'fetched' }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
}

const scopeNow = () => readSettings().then((settings) => scopePatterns(builtInRepos, settings));
const answerListSummary = listSummaryAnswerer({
  stillWanted: (pr) => readSettings().then((settings) => isFeatureOn(settings, 'list-badges')
    && inScope(pr, scopePatterns(builtInRepos, settings))),
});
const listeners = { [REVIEW_REQUEST]: answerReview, [LIST_SUMMARY_REQUEST]: answerListSummary, [PAGE_FETCH_REQUEST]: answerPageFetch };
chrome.runtime.onMessage.addListener(fromOurGitHubTabs(scopeGatedListener(listeners, scopeNow), chrome.runtime.id));
