// The background's own scope check: a message that would make it download anything of a
// repository (a diff, raw files, a GitHub page) is answered only when the tab's host is one the
// extension runs on and the repository is in scope at that moment; otherwise the answer is
// {ok: false, kind: 'out-of-scope'} and nothing is fetched. The content script decides the same
// before it asks; this keeps one bug on either side from leaking requests.
//
// The gate also says which host the request is for: the listener gets the message with `host`
// set to the asking tab's host, whatever the message said, so every download goes to the host
// the user is on.
import { isServedHost } from '../shared/github-host.js';
import { inScope } from '../shared/scope.js';
import { senderGitHubHost } from './message-sender.js';

export const OUT_OF_SCOPE = 'out-of-scope';

/**
 * listeners: {messageType: runtime.onMessage listener}; scopeNow() → Promise<{patterns, hosts}>
 * (hosts: the Enterprise hosts added); runtimeId: this extension's id.
 * Returns one runtime.onMessage listener for all of them.
 */
export function scopeGatedListener(listeners, scopeNow, runtimeId) {
  return (message, sender, sendResponse) => {
    const listener = message && typeof message === 'object' && Object.hasOwn(listeners, message.type)
      ? listeners[message.type] : null;
    if (!listener) return false;
    const host = senderGitHubHost(sender, runtimeId);
    scopeNow().then(
      ({ patterns, hosts }) => {
        const request = { ...message, host };
        if (!isServedHost(host, hosts)) {
          sendResponse({ ok: false, kind: OUT_OF_SCOPE, error: `${host} is not a GitHub host atom-review was given` });
        } else if (!inScope(request, patterns)) {
          sendResponse({ ok: false, kind: OUT_OF_SCOPE, error: `${message.owner}/${message.repo} is not in atom-review's scope` });
        } else if (!listener(request, sender, sendResponse)) {
          sendResponse({ ok: false, kind: 'failed', error: 'not a well-formed request' });
        }
      },
      (error) => sendResponse({ ok: false, kind: 'failed', error: String(error?.message ?? error) }),
    );
    return true; // answered asynchronously, whatever the answer
  };
}
