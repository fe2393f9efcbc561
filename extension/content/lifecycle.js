// Runs page features for the page currently shown, and tears them down when GitHub navigates.
// GitHub swaps pages without a full load (Turbo for classic pages, soft navigation for React
// ones), and a content script is injected only on full loads, so the script stays for the whole
// tab and re-routes on every navigation signal. Each run gets an AbortSignal that fires when the
// page it was started for goes away; features hang all their listeners and observers on it.

// The last one is ours (review-with-dismissals.js): the review changed, so the page is redrawn.
const NAVIGATION_EVENTS = ['turbo:render', 'soft-nav:end', 'soft-nav:react-done', 'popstate', 'atom-review:review-changed'];
const URL_POLL_MS = 500;
// Between these and the next navigation event the address is already the new page's while the
// document still shows the old one (Turbo pushes the address before it fetches the page): the
// poll must not start the new page's features on the old page's content. A visit that never
// renders (cancelled, failed into a full load) stops counting after VISIT_GIVE_UP_MS.
const VISIT_STARTED_EVENTS = ['turbo:visit', 'soft-nav:start'];
const VISIT_GIVE_UP_MS = 10_000;

// Hash changes (jumping to a file or a line) keep the page; only path and query make a new one.
function pageAddress(location) {
  return `${location.origin}${location.pathname}${location.search}`;
}

/**
 * features: [{id, match(location) -> params|null, run(params, signal) -> void|Promise}]
 * Returns a function that stops everything (used by tests and on extension unload).
 */
export function startPageFeatures(features, { win = window, log = console } = {}) {
  let controller = null;
  let shownAddress = null;
  let visitStartedAt = null; // while a visit is between its start and its render

  function startForCurrentPage() {
    visitStartedAt = null;
    controller?.abort();
    controller = new AbortController();
    shownAddress = pageAddress(win.location);
    for (const feature of features) {
      const params = feature.match(win.location);
      if (!params) continue;
      const { signal } = controller;
      Promise.resolve()
        .then(() => feature.run(params, signal))
        .catch((error) => {
          if (!signal.aborted) log.warn(`atom-review: feature ${feature.id} failed:`, error);
        });
    }
  }

  const onNavigation = () => startForCurrentPage();
  const onVisitStarted = () => { visitStartedAt = Date.now(); };
  for (const type of NAVIGATION_EVENTS) win.addEventListener(type, onNavigation);
  for (const type of VISIT_STARTED_EVENTS) win.addEventListener(type, onVisitStarted);
  // pushState from the page's own scripts fires no event a content script can see.
  const poll = win.setInterval(() => {
    if (visitStartedAt !== null && Date.now() - visitStartedAt < VISIT_GIVE_UP_MS) return;
    if (pageAddress(win.location) !== shownAddress) startForCurrentPage();
  }, URL_POLL_MS);

  startForCurrentPage();

  return function stop() {
    for (const type of NAVIGATION_EVENTS) win.removeEventListener(type, onNavigation);
    for (const type of VISIT_STARTED_EVENTS) win.removeEventListener(type, onVisitStarted);
    win.clearInterval(poll);
    controller?.abort();
  };
}
