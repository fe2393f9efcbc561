// Asks the background engine host to review a pull request. Content scripts never fetch
// cross-origin and never run WebAssembly; this message is their only way to the engine.
import { reviewRequest } from '../shared/messages.js';
import { pullRequestFromDocumentTitle } from './page-title.js';

/** Resolves to the parsed review result (contract.md "The review result") for {owner, repo, number}. */
export async function requestReview(pr) {
  const shown = pullRequestFromDocumentTitle(document.title, pr.number);
  // Firefox's `browser` namespace is the one documented to return promises; Chrome has `chrome`.
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const answer = await runtime.sendMessage(reviewRequest({ ...pr, ...shown }));
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer from the atom-review background');
  return JSON.parse(answer.resultJson);
}
