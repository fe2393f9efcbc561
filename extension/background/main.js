// Background entry point: answers review requests from content scripts, for repositories in
// scope only (scope-gate.js), and the options page's pack checks. Each review carries the pack
// that applies when it is not the unchanged built-in one (shared/pack-choice.js). Keeps the
// content script registered on the Enterprise hosts the user added (enterprise-hosts.js).
import builtInPacks from 'atom-built-in-packs';
import builtInRepos from 'atom-built-in-repos';
import {
  LIST_SUMMARY_REQUEST, PREPARE_REQUEST, REPOSITORY_CANCEL_REQUEST, REPOSITORY_PROGRESS_REQUEST, REVIEW_INPUTS_REQUEST,
  REVIEW_REQUEST, metaForRequest, parsePrepareRequest, parseRepositoryRequest, parseReviewInputsRequest, parseReviewRequest,
} from '../shared/messages.js';
import { PAGE_FETCH_REQUEST } from '../shared/page-fetch-messages.js';
import { isServedHost } from '../shared/github-host.js';
import { inScope, scopePatterns } from '../shared/scope.js';
import { isFeatureOn, loadSettings, onSettingsChanged, snapshotPolicy } from '../shared/settings.js';
import { SnapshotStore } from '../shared/snapshot-store.js';
import { loadPacks } from '../shared/pack-store.js';
import { reviewPack } from '../shared/pack-choice.js';
import { isRuleCatalogueRequest, parsePackTryRequest, parsePackValidateRequest } from '../shared/pack-messages.js';
import { fetchPullRequestDiff } from './pr-diff.js';
import { engineHost, headPathsToRead, prepareEngine, reviewDiff, ruleCatalogue, validatePack } from './engine-host.js';
import { RepositorySnapshots } from './repository-snapshot.js';
import { RepositoryReviews } from './repository-review.js';
import { headFileReader, headFilesSummary } from './head-files.js';
import { ReviewCache } from './review-cache.js';
import { packKey, reviewRequestKey } from './review-request-key.js';
import { listSummaryAnswerer } from './list-summaries.js';
import { answerPageFetch } from './github-pages.js';
import { fromOurExtensionPages, fromOurGitHubTabs } from './message-sender.js';
import { scopeGatedListener } from './scope-gate.js';
import { hostScriptSyncer } from './enterprise-hosts.js';

const cache = new ReviewCache();
const snapshotStore = new SnapshotStore();
const repositoryReviews = new RepositoryReviews({
  snapshots: new RepositorySnapshots({ store: snapshotStore }), engine: engineHost, review: reviewDiff,
});
const readSettings = () => loadSettings(chrome.storage);
const readHeadFiles = headFileReader();
// Packs that cannot be read are none: the built-in pack applies, as the engine chooses it.
const readPacks = () => loadPacks(chrome.storage).catch(() => ({ userPacks: [], ruleOverrides: {}, packChoices: {} }));
const packFor = (pr) => readPacks().then((packs) => reviewPack(builtInPacks, packs, pr));

// The diff the page holds when the content script could read all of it; else the PR's `.diff`.
// The engine names the files whose head version it uses (modified text files: an added file is
// whole in the diff); those are downloaded and the review runs once, on the files read whole, or
// on the diff alone when none could be read. With the whole-files feature switched off no file is
// downloaded.
// With the rules measured off asked for (the options' "Your verdicts"), they run too, as notes, for
// a reviewer who gives verdicts on them; list badges keep the measured statuses.
async function reviewPullRequest(pr, { wholeFiles, offRules }, pack) {
  const { diffBytes, head } = await reviewInputs(pr, wholeFiles);
  const meta = { ...metaForRequest(pr), ...(pack && { pack }), ...(offRules && { all_rules: true }) };
  const resultJson = await reviewDiff(diffBytes, meta, head.files.length > 0 ? head.files : null);
  return { resultJson, headFiles: headFilesSummary(head) };
}

async function reviewInputs(pr, wholeFiles) {
  const diffBytes = pr.diff ? new TextEncoder().encode(pr.diff.text) : await fetchPullRequestDiff(pr);
  const head = wholeFiles
    ? await readNeededHeadFiles(pr, diffBytes)
    : { files: [], failed: [], reason: 'whole-file fetch is switched off in the options' };
  return { diffBytes, head };
}

async function readNeededHeadFiles(pr, diffBytes) {
  const paths = await headPathsToRead(diffBytes);
  return readHeadFiles({ host: pr.host, owner: pr.owner, repo: pr.repo, headSha: pr.context?.head_sha, paths });
}

// The touched-files review comes first and says whether the repository may be checked
// (`repository`: repository-review.js plan); the page then asks again `withRepository`, and that
// answer replaces the first when it is ready: the snapshot's result, or the first result with the
// reason there is none.
async function answerReviewRequest(pr) {
  const [settings, pack] = await Promise.all([readSettings(), packFor(pr)]);
  const options = { wholeFiles: isFeatureOn(settings, 'whole-files'), offRules: settings.offRules };
  const { withRepository, ...plainRequest } = pr;
  const key = `${reviewRequestKey(plainRequest, pack)} whole-files=${options.wholeFiles} off-rules=${options.offRules}`;
  const plain = () => cache.getOrCompute(key, () => reviewPullRequest(plainRequest, options, pack));
  const policy = snapshotPolicy(settings, pr);
  if (!withRepository) {
    const [answer, repository] = await Promise.all([plain(), repositoryReviews.plan(pr, policy)]);
    return { ...answer, repository };
  }
  snapshotStore.maxBytes = settings.snapshotCacheMiB * 1024 * 1024;
  const withSnapshot = await cache.getOrCompute(`${key} repository`, async () => {
    const { diffBytes, head } = await reviewInputs(plainRequest, options.wholeFiles);
    const meta = { ...metaForRequest(plainRequest), ...(pack && { pack }), ...(options.offRules && { all_rules: true }) };
    const outcome = await repositoryReviews.review(pr, { diffBytes, meta, headFiles: head.files.length > 0 ? head.files : null }, policy);
    return { ...outcome, headFiles: headFilesSummary(head) };
  });
  if (withSnapshot.resultJson) return withSnapshot;
  cache.forget(`${key} repository`); // asked again (the user retries), it tries again
  return { ...await plain(), repository: withSnapshot.repository };
}

function answerReview(message, _sender, sendResponse) {
  const pr = parseReviewRequest(message);
  if (!pr) return false;
  prepareEngine(); // while the settings, the pack and the diff are read
  answerReviewRequest(pr).then(
    ({ resultJson, headFiles, repository }) => sendResponse({
      ok: true, resultJson, headFiles, repository, source: pr.diff ? pr.diff.source : 'fetched',
    }),
    (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }),
  );
  return true; // the answer is sent asynchronously
}

// While a review with the repository runs: how far its download got, or cancel it.
function answerRepositoryRequest(message, _sender, sendResponse) {
  const asked = parseRepositoryRequest(message, REPOSITORY_PROGRESS_REQUEST);
  if (asked) {
    sendResponse({ ok: true, progress: repositoryReviews.progress(asked) });
    return true;
  }
  const cancelled = parseRepositoryRequest(message, REPOSITORY_CANCEL_REQUEST);
  if (!cancelled) return false;
  repositoryReviews.cancel(cancelled);
  sendResponse({ ok: true });
  return true;
}

// The reviewer exports their verdicts: the diff, the meta and the files read whole, as the review
// that gave the findings had them (the head files come from the cache), as text.
function answerReviewInputs(message, _sender, sendResponse) {
  const pr = parseReviewInputsRequest(message);
  if (!pr) return false;
  readSettings().then((settings) => reviewInputs(pr, isFeatureOn(settings, 'whole-files'))).then(({ diffBytes, head }) => {
    const text = (bytes) => new TextDecoder().decode(bytes);
    const { dismissed: _dismissed, ...meta } = metaForRequest(pr);
    sendResponse({ ok: true, diff: text(diffBytes), meta, headFiles: head.files.map(({ path, bytes }) => ({ path, text: text(bytes) })) });
  }, (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }));
  return true;
}

// A page about to ask for a review: the engine is instantiated and warmed up while the page reads
// its diff and context.
function answerPrepare(message, _sender, sendResponse) {
  if (!parsePrepareRequest(message)) return false;
  prepareEngine();
  sendResponse({ ok: true });
  return true;
}

// The options page's requests: check a pack, try one on a pasted diff, list the rules.
function answerPackRequest(message, _sender, sendResponse) {
  const answer = (promise) => {
    promise.then(sendResponse, (error) => sendResponse({ ok: false, error: String(error?.message ?? error) }));
    return true;
  };
  if (isRuleCatalogueRequest(message)) return answer(ruleCatalogue().then((rules) => ({ ok: true, rules })));
  const packJson = parsePackValidateRequest(message);
  if (packJson !== null) return answer(validatePack(packJson).then((validation) => ({ ok: true, validation })));
  const tried = parsePackTryRequest(message);
  if (tried === null) return false;
  return answer(Promise.resolve().then(() => {
    const pack = JSON.parse(tried.packJson);
    const repo = (pack.repos ?? []).find((pattern) => !pattern.includes('*')) ?? '';
    return reviewDiff(new TextEncoder().encode(tried.diff), { repo, pack });
  }).then((resultJson) => ({ ok: true, resultJson })));
}

const scopeNow = () => Promise.all([readSettings(), readPacks()])
  .then(([settings, packs]) => ({ patterns: scopePatterns(builtInRepos, settings, packs), hosts: settings.hosts }));
const answerListSummary = listSummaryAnswerer({
  // Asked again when a row's download gets its turn: the feature, the host and the repository may have left since.
  stillWanted: (pr) => Promise.all([readSettings(), scopeNow()]).then(([settings, { patterns, hosts }]) => isFeatureOn(settings, 'list-badges')
    && isServedHost(pr.host, hosts) && inScope(pr, patterns)),
  packFor: (pr) => packFor(pr).then((pack) => ({ pack, key: packKey(pack) })),
});
const listeners = {
  [PREPARE_REQUEST]: answerPrepare, [REVIEW_REQUEST]: answerReview, [REVIEW_INPUTS_REQUEST]: answerReviewInputs,
  [LIST_SUMMARY_REQUEST]: answerListSummary,
  [PAGE_FETCH_REQUEST]: answerPageFetch,
  [REPOSITORY_PROGRESS_REQUEST]: answerRepositoryRequest, [REPOSITORY_CANCEL_REQUEST]: answerRepositoryRequest,
};
chrome.runtime.onMessage.addListener(fromOurGitHubTabs(scopeGatedListener(listeners, scopeNow, chrome.runtime.id), chrome.runtime.id));
chrome.runtime.onMessage.addListener(fromOurExtensionPages(answerPackRequest, chrome.runtime.id,
  chrome.runtime.getURL('').replace(/\/$/, '')));

const syncHostScripts = hostScriptSyncer({ readHosts: () => readSettings().then((settings) => settings.hosts), api: chrome });
syncHostScripts();
onSettingsChanged(chrome.storage, syncHostScripts);
chrome.permissions.onAdded.addListener(syncHostScripts);
chrome.permissions.onRemoved.addListener(syncHostScripts);
