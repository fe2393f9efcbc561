// Who may ask the background for anything: only this extension's own content scripts, running in
// a github.com frame of a tab. runtime.onMessage is meant to hear this extension alone (other
// extensions and web pages reach onMessageExternal, which we do not listen to); the id check keeps
// it so whatever a browser does, and the tab check turns away our own extension pages and any
// frame that is not github.com. Such a message gets no answer at all.
const GITHUB_ORIGIN = 'https://github.com';

function isGitHubPage(url) {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).origin === GITHUB_ORIGIN;
  } catch {
    return false;
  }
}

/** True when `sender` (a runtime.MessageSender) is our content script in a github.com tab. */
export function isOurGitHubTab(sender, runtimeId) {
  if (!sender || typeof runtimeId !== 'string' || sender.id !== runtimeId) return false;
  if (!sender.tab) return false;
  // The tab's address is there with the github.com host permission; the frame's always is.
  return isGitHubPage(sender.url) && (sender.tab.url === undefined || isGitHubPage(sender.tab.url));
}

/** Wraps a runtime.onMessage listener so that it only ever sees messages from our github.com tabs. */
export function fromOurGitHubTabs(listener, runtimeId) {
  return (message, sender, sendResponse) => (isOurGitHubTab(sender, runtimeId) ? listener(message, sender, sendResponse) : false);
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
