// Asks the background engine host to review a pull request. Content scripts never fetch
// cross-origin and never run WebAssembly; this message is their only way to the engine.
// What the page shows (the diff when it holds all of it, the PR's context) is read once per page
// and sent along, so every feature of the page gets the same review. The context may need a
// fetched conversation page: the review does not wait for it beyond a short grace; when it
// arrives later, the page's features redraw (onReviewChanged) with it.
import { prepareRequest, reviewInputsRequest, reviewRequest } from '../shared/messages.js';
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
      rerunPromised: false, reviews: new Map() };
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
    review.catch(() => reading.reviews.delete(key));
    reading.reviews.set(key, review);
  }
  return reading.reviews.get(key);
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
