// Asks the background engine host to review a pull request. Content scripts never fetch
// cross-origin and never run WebAssembly; this message is their only way to the engine.
// What the page shows (the diff when it holds all of it, the PR's context) is read once per page
// and sent along, so every feature of the page gets the same review.
import { reviewRequest } from '../shared/messages.js';
import { readDiffFromPage } from './page-diff/index.js';
import { pullRequestFromDocumentTitle } from './page-title.js';
import { readPullRequestContext } from './pr-context/index.js';

let lastReading = null; // {address, promise}: the page's reading, shared by the page's features

function readThisPage(pr) {
  const address = `${location.pathname}${location.search}`;
  if (lastReading?.address !== address) {
    const page = readDiffFromPage(document, location);
    const context = readPullRequestContext(document, pr).catch(() => ({}));
    lastReading = { address, promise: context.then((found) => ({ page, context: found })) };
  }
  return lastReading.promise;
}

/**
 * Resolves to {result, source} for {owner, repo, number, dismissed?}: the parsed review result
 * (contract.md "The review result") and where its diff came from:
 * {kind: 'page-rendered'|'page-data'|'fetched', reason (why not the page's), files (how many the
 * page's diff has), view, headSha}.
 */
export async function requestReview(pr) {
  const shown = pullRequestFromDocumentTitle(document.title, pr.number);
  const { page, context } = await readThisPage(pr);
  const { title = shown.title, author = shown.author, ...meta } = context;
  const headSha = meta.head_sha ?? page.head.head_sha;
  const fullContext = { ...page.head, ...meta };
  // Firefox's `browser` namespace is the one documented to return promises; Chrome has `chrome`.
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const answer = await runtime.sendMessage(reviewRequest({
    ...pr, title, author, diff: page.diff ?? undefined,
    context: Object.keys(fullContext).length > 0 ? fullContext : undefined,
  }));
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer from the atom-review background');
  return {
    result: JSON.parse(answer.resultJson),
    source: {
      kind: answer.source ?? 'fetched', reason: page.diff ? null : page.reason, files: page.diff?.files ?? null,
      view: page.view, headSha: headSha ?? null,
    },
  };
}
