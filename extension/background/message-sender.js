// Who may ask the background for anything: only this extension's own content scripts, running in
// an https frame of a tab on github.com or on a GitHub Enterprise host the user added (the scope
// gate checks that list, background/scope-gate.js: it is in storage, so it is read asynchronously).
// runtime.onMessage is meant to hear this extension alone (other extensions and web pages reach
// onMessageExternal, which we do not listen to); the id check keeps it so whatever a browser does,
// and the tab check turns away our own extension pages and a frame of another site than its tab.
// Such a message gets no answer at all.
import { GITHUB_COM, isGitHubHost } from '../shared/github-host.js';

// The host of an https address on github.com or a well-formed Enterprise host name, else null.
function gitHubHostOf(url) {
  if (typeof url !== 'string') return null;
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'https:' && isGitHubHost(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * The GitHub host (github.com or an Enterprise host name) of `sender` (a runtime.MessageSender)
 * when it is our content script in a tab of that host, else null.
 */
export function senderGitHubHost(sender, runtimeId) {
  if (!sender || typeof runtimeId !== 'string' || sender.id !== runtimeId || !sender.tab) return null;
  const host = gitHubHostOf(sender.url);
  // The tab's address is there with the host's permission; the frame's always is.
  if (!host || (sender.tab.url !== undefined && gitHubHostOf(sender.tab.url) !== host)) return null;
  return host;
}

/** True when `sender` is our content script in a github.com tab. */
export function isOurGitHubTab(sender, runtimeId) {
  return senderGitHubHost(sender, runtimeId) === GITHUB_COM;
}

/**
 * Wraps a runtime.onMessage listener so that it only ever sees messages from our content scripts
 * in GitHub tabs (github.com or a host name that may be an Enterprise host).
 */
export function fromOurGitHubTabs(listener, runtimeId) {
  return (message, sender, sendResponse) => (senderGitHubHost(sender, runtimeId) ? listener(message, sender, sendResponse) : false);
}

/**
 * True when `sender` is one of this extension's own pages (the options page): `extensionOrigin`
 * is runtime.getURL('') without its last '/'.
 */
export function isOurExtensionPage(sender, runtimeId, extensionOrigin) {
  if (!sender || typeof runtimeId !== 'string' || sender.id !== runtimeId || typeof sender.url !== 'string') return false;
  return sender.url.startsWith(`${extensionOrigin}/`);
}

/** Wraps a runtime.onMessage listener so that it only ever sees messages from our own extension pages. */
export function fromOurExtensionPages(listener, runtimeId, extensionOrigin) {
  return (message, sender, sendResponse) => (isOurExtensionPage(sender, runtimeId, extensionOrigin)
    ? listener(message, sender, sendResponse) : false);
}
