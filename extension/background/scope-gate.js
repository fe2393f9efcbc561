// The background's own scope check: a message that would make it download anything of a
// repository (a diff, raw files, a github.com page) is answered only when the repository is in
// scope at that moment; otherwise the answer is {ok: false, kind: 'out-of-scope'} and nothing is
// fetched. The content script decides the same before it asks; this keeps one bug on either side
// from leaking requests.
import { inScope } from '../shared/scope.js';

export const OUT_OF_SCOPE = 'out-of-scope';

/**
 * listeners: {messageType: runtime.onMessage listener}; scopeNow() → Promise<patterns>.
 * Returns one runtime.onMessage listener for all of them.
 */
export function scopeGatedListener(listeners, scopeNow) {
  return (message, sender, sendResponse) => {
    const listener = message && typeof message === 'object' && Object.hasOwn(listeners, message.type)
      ? listeners[message.type] : null;
    if (!listener) return false;
    scopeNow().then(
      (patterns) => {
        if (!inScope({ owner: message.owner, repo: message.repo }, patterns)) {
          sendResponse({ ok: false, kind: OUT_OF_SCOPE, error: `${message.owner}/${message.repo} is not in atom-review's scope` });
        } else if (!listener(message, sender, sendResponse)) {
          sendResponse({ ok: false, kind: 'failed', error: 'not a well-formed request' });
        }
      },
      (error) => sendResponse({ ok: false, kind: 'failed', error: String(error?.message ?? error) }),
    );
    return true; // answered asynchronously, whatever the answer
  };
}
