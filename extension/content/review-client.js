// Asks the background engine host to review a pull request. Content scripts never fetch
// cross-origin and never run WebAssembly; this message is their only way to the engine.
// What the page shows (the diff when it holds all of it, the PR's context) is read once per page
// and sent along, so every feature of the page gets the same review. The context may need a
// fetched conversation page: the review does not wait for it beyond a short grace; when it
// arrives later, the page's features redraw (onReviewChanged) with it.
import {
  REPOSITORY_CANCEL_REQUEST, REPOSITORY_PROGRESS_REQUEST, prepareRequest, repositoryRequest, reviewInputsRequest, reviewRequest,
} from '../shared/messages.js';
import { readDiffFromPage } from './page-diff/index.js';
import { matchPullRequestPage } from './page-routes.js';
import { pullRequestFromDocumentTitle } from './adapters/page-title.js';
import { readHeadSha } from './adapters/conversation-page.js';
import { readPullRequestContext } from './pr-context/index.js';

// Told when what a page's review shows may have changed on the same page (its context came, a
// dismissal or a tick was saved here or in another tab, a pack changed): features redraw in
// place. Not a DOM event, which the page's own scripts could fire.
const reviewChanges = new EventTarget();

/** Calls `listener()` whenever the page's review may have changed, until `signal` aborts. */
export function onReviewChanged(listener, signal) {
  reviewChanges.addEventListener('changed', () => listener(), { signal });
}

export function announceReviewChanged() {
  reviewChanges.dispatchEvent(new Event('changed'));
}
const CONTEXT_GRACE_MS = 300;

// The head commit as this page shows it without any fetch: state is keyed by it, so it must not
// change when the fetched context arrives.
function headShownHere(page, pr) {
  if (page.head.head_sha) return page.head.head_sha;
  const shown = matchPullRequestPage(location.pathname);
  if (shown?.tab !== 'conversation' || shown.number !== pr.number) return null;
  return readHeadSha(document, pr.number) ?? null;
}

let lastReading = null; // the page's reading, shared by the page's features

// A review will be asked for once the page is read: the background may start its engine now.
function askToPrepare(pr) {
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  try {
    Promise.resolve(runtime.sendMessage(prepareRequest(pr))).catch(() => {});
  } catch {
    // No background to tell (the extension was reloaded): the review request will say so.
  }
}

// Per address and per body element: Turbo replaces the body, so a reading taken of the page a
// visit was leaving (the address pushed, the new page not yet rendered) is not kept for the new one.
function readThisPage(pr) {
  const address = `${location.pathname}${location.search}`;
  if (lastReading?.address !== address || lastReading.body !== document.body) {
    askToPrepare(pr);
    const page = readDiffFromPage(document, location);
    const reading = { address, body: document.body, page, headSha: headShownHere(page, pr), context: null,
      rerunPromised: false, reviews: new Map(), repository: newRepositoryState() };
    reading.contextPromise = readPullRequestContext(document, pr).catch(() => ({}))
      .then((found) => { reading.context = found; return found; });
    lastReading = reading;
  }
  return lastReading;
}

/**
 * What the review depends on beyond the page changed (a pack, a rule override, the pack chosen
 * for a repository): the reviews asked for so far are forgotten, so the page's features ask the
 * background again (its cache key names the pack) and redraw in place.
 */
export function reviewAgain() {
  lastReading?.reviews.clear();
  lastReading?.repository.reviews.clear();
  announceReviewChanged();
}

/** The page's context when it is in (or comes within the grace), else null. */
async function contextInTime(reading) {
  if (reading.context) return reading.context;
  const grace = new Promise((resolve) => { setTimeout(() => resolve(null), CONTEXT_GRACE_MS); });
  const context = await Promise.race([reading.contextPromise, grace]);
  if (context) return context;
  if (!reading.rerunPromised) {
    reading.rerunPromised = true;
    reading.contextPromise.then(() => {
      if (lastReading === reading) announceReviewChanged();
    });
  }
  return null; // not yet: the features re-run when it comes
}

/**
 * Resolves to {result, source} for {owner, repo, number, dismissed?}: the parsed review result
 * (contract.md "The review result") and where its diff came from:
 * {kind: 'page-rendered'|'page-data'|'fetched', reason (why not the page's), files (how many the
 * page's diff has), view, headSha, contextPending (the PR's context is still on its way),
 * headFiles (whether the files were read whole at the head: background/head-files.js)}.
 */
export function requestReview(pr) {
  const reading = readThisPage(pr);
  // The page's features ask at about the same time: one message (and one copy of the page's diff)
  // for all of them, per set of dismissals and per context state.
  const key = `${reading.context ? 'context' : 'pending'} ${JSON.stringify(pr.dismissed ?? [])}`;
  if (!reading.reviews.has(key)) {
    const review = askForReview(pr, reading);
    review.then(({ repository }) => followPlan(pr, reading, repository, key), () => reading.reviews.delete(key));
    reading.reviews.set(key, review);
  }
  const touchedFilesOnly = reading.reviews.get(key);
  // Not before the context is in: it names the base branch, whose kept snapshot may serve.
  if (!reading.repository.wanted || !reading.context) return touchedFilesOnly;
  const withRepository = repositoryReview(pr, reading, key);
  // The touched-files review is drawn first; the repository's replaces it when it is ready. Once a
  // snapshot was read, a later review (a dismissal) waits for its own: it is quick.
  return withRepository.settled || reading.repository.outcome?.status === 'read' ? withRepository.promise : touchedFilesOnly;
}

// The repository check of a page: what the background planned (plan: {policy, status: 'start' |
// 'ask' | 'off', snapshot, sizeBytes, reason}), whether it is wanted (the policy is always, the
// snapshot is at hand, or the user asked), how far its download got and how the last one ended
// (outcome: {status: 'read', snapshot, downloaded} | {status: 'failed', kind, reason}).
const repositoryProgress = new EventTarget();

function newRepositoryState() {
  return { plan: null, wanted: false, autoStarted: false, running: false, progress: null, outcome: null, reviews: new Map() };
}

// Started here, not left to the features' next request: the first review's features may not
// listen for changes yet. Without the context the features ask again when it comes.
function followPlan(pr, reading, plan, key) {
  if (!plan) return;
  reading.repository.plan = plan;
  if (plan.status === 'start' && !reading.repository.autoStarted) {
    reading.repository.autoStarted = true;
    wantRepositoryOf(reading);
    if (reading.context) repositoryReview(pr, reading, key);
  }
}

function wantRepositoryOf(reading) {
  if (reading.repository.wanted) return;
  reading.repository.wanted = true;
  reading.repository.outcome = null;
  announceReviewChanged();
}

// One review with the repository per touched-files review (per set of dismissals and context).
function repositoryReview(pr, reading, key) {
  const { repository } = reading;
  let entry = repository.reviews.get(key);
  if (entry) return entry;
  entry = { settled: false, promise: null };
  repository.running = true;
  const polling = pollProgress(pr, reading);
  entry.promise = askForReview({ ...pr, withRepository: true }, reading).then((review) => {
    const outcome = review.repository ?? { status: 'failed', reason: 'no answer about the repository' };
    repository.outcome = outcome;
    if (outcome.status !== 'read') {
      repository.wanted = false;
      repository.reviews.clear();
    }
    return review;
  }).finally(() => {
    entry.settled = true;
    repository.running = false;
    repository.progress = null;
    clearInterval(polling);
    if (lastReading === reading) announceReviewChanged();
  });
  entry.promise.catch(() => { repository.reviews.delete(key); repository.wanted = false; });
  repository.reviews.set(key, entry);
  return entry;
}

const PROGRESS_POLL_MS = 250;

function pollProgress(pr, reading) {
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const timer = setInterval(() => {
    if (lastReading !== reading) { clearInterval(timer); return; }
    Promise.resolve(runtime.sendMessage(repositoryRequest(REPOSITORY_PROGRESS_REQUEST, pr))).then((answer) => {
      if (!reading.repository.running || !answer?.ok || !answer.progress) return;
      reading.repository.progress = answer.progress;
      repositoryProgress.dispatchEvent(new Event('progress'));
    }, () => {});
  }, PROGRESS_POLL_MS);
  return timer;
}

/** The repository check as the page stands: {plan, wanted, running, progress, outcome} (see above), or null before a review. */
export function repositoryStatus() {
  if (!lastReading) return null;
  const { plan, wanted, running, progress, outcome } = lastReading.repository;
  return { plan, wanted, running, progress, outcome };
}

/** Calls `listener(progress)` ({phase, receivedBytes, totalBytes}) as the snapshot's download goes, until `signal` aborts. */
export function onRepositoryProgress(listener, signal) {
  repositoryProgress.addEventListener('progress', () => listener(lastReading?.repository.progress ?? null), { signal });
}

/** The user asked to check the pull request against the whole repository: the page's features redraw with it when it is ready. */
export function checkAgainstRepository() {
  if (lastReading) wantRepositoryOf(lastReading);
}

/** Stops the snapshot's download for `pr`; the touched-files review stays, saying it was cancelled. */
export function cancelRepositoryCheck(pr) {
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  Promise.resolve(runtime.sendMessage(repositoryRequest(REPOSITORY_CANCEL_REQUEST, pr))).catch(() => {});
}

// The request's fields besides the pull request's name: the title and author the page shows, the
// page's diff when it holds all of it, and the context its pages show.
async function readInputs(reading) {
  const { page } = reading;
  const context = await contextInTime(reading);
  const { title, author, ...meta } = context ?? {};
  // The head and base this page names itself win over those the conversation page shows.
  const fullContext = { ...meta, ...page.head };
  return {
    context, title, author, diff: page.diff ?? undefined,
    fullContext: Object.keys(fullContext).length > 0 ? fullContext : undefined,
  };
}

async function askForReview(pr, reading) {
  const shown = pullRequestFromDocumentTitle(document.title, pr.number);
  const { page } = reading;
  const { context, title = shown.title, author = shown.author, diff, fullContext } = await readInputs(reading);
  // Firefox's `browser` namespace is the one documented to return promises; Chrome has `chrome`.
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const answer = await runtime.sendMessage(reviewRequest({ ...pr, title, author, diff, context: fullContext }));
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer from the atom-review background');
  return {
    repository: answer.repository ?? null,
    result: JSON.parse(answer.resultJson),
    source: {
      kind: answer.source ?? 'fetched', reason: page.diff ? null : page.reason, files: page.diff?.files ?? null,
      view: page.view, headSha: reading.headSha, contextPending: context === null, headFiles: answer.headFiles ?? null,
    },
  };
}

/**
 * Resolves to what the review of `pr` ({owner, repo, number}) read: {diff (text), meta (the PR's
 * title, body, labels, head and base commits), headFiles: [{path, text}] (the files read whole)}.
 * For the reviewer's exported verdicts (field-labels.js).
 */
export async function requestReviewInputs(pr) {
  const reading = readThisPage(pr);
  await reading.contextPromise; // the export waits for the whole context
  const shown = pullRequestFromDocumentTitle(document.title, pr.number);
  const { title = shown.title, diff, fullContext } = await readInputs(reading);
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const answer = await runtime.sendMessage(reviewInputsRequest({ ...pr, title, diff, context: fullContext }));
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer from the atom-review background');
  return { diff: answer.diff, meta: answer.meta, headFiles: answer.headFiles };
}
