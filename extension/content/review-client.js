// Asks the background engine host to review a pull request. Content scripts never fetch
// cross-origin and never run WebAssembly; this message is their only way to the engine.
import { reviewRequest } from '../shared/messages.js';

/** Resolves to the parsed review result (contract.md "The review result"). */
export async function requestReview(pr) {
  // Firefox's `browser` namespace is the one documented to return promises; Chrome has `chrome`.
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  const answer = await runtime.sendMessage(reviewRequest(pr));
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer from the atom-review background');
  return JSON.parse(answer.resultJson);
}
