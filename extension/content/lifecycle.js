// Runs page features for the page currently shown, and tears them down when GitHub navigates.
// GitHub swaps pages without a full load (Turbo for classic pages, soft navigation for React
// ones), and a content script is injected only on full loads, so the script stays for the whole
// tab and re-routes on every navigation signal. Each run gets an AbortSignal that fires when the
// page it was started for goes away; features hang all their listeners and observers on it.

// A change of the review on the same page (a dismissal) is no navigation: features redraw what
// changed themselves (review-client.js onReviewChanged).
const NAVIGATION_EVENTS = ['turbo:render', 'soft-nav:end', 'soft-nav:react-done', 'popstate'];
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

// What a feature's match found, with the page's host: github.com, or the Enterprise host the
// content script was registered on (storage keys and links carry it).
function paramsHere(feature, location) {
  const params = feature.match(location);
  return params && { host: location.host, ...params };
}

/**
 * features: [{id, match(location) -> params|null, run(params, signal, env) -> void|Promise}]
 * env: handed to every run as is (main.js: {repoInScope, featureOn}).
 * allows(feature, params): whether it may run here now (its switch, the repository's scope);
 * decided before a feature starts, so a feature not allowed makes no request at all.
 * refreshOn(refresh): gives the caller `refresh(restartIds)`, to call when what `allows` answers
 * may have changed: features no longer allowed are aborted (they remove what they drew), newly
 * allowed ones start, and those named in restartIds start again.
 * Returns a function that stops everything (used by tests and on extension unload).
 */
export function startPageFeatures(features, { win = window, log = console, allows = () => true, refreshOn = null, env = {} } = {}) {
  let stopped = false;
  const running = new Map(); // feature -> its AbortController
  let shownAddress = null;
  let visitStartedAt = null; // while a visit is between its start and its render

  function start(feature, params) {
    const controller = new AbortController();
    running.set(feature, controller);
    const { signal } = controller;
    Promise.resolve()
      .then(() => feature.run(params, signal, env))
      .catch((error) => {
        if (!signal.aborted) log.warn(`atom-review: feature ${feature.id} failed:`, error);
      });
  }

  function stopFeature(feature) {
    running.get(feature)?.abort();
    running.delete(feature);
  }

  function reconcile(restartIds = []) {
    if (stopped) return;
    for (const feature of features) {
      const params = paramsHere(feature, win.location);
      const wanted = params !== null && allows(feature, params);
      if (running.has(feature) && (!wanted || restartIds.includes(feature.id))) stopFeature(feature);
      if (wanted && !running.has(feature)) start(feature, params);
    }
  }

  function startForCurrentPage() {
    visitStartedAt = null;
    for (const feature of [...running.keys()]) stopFeature(feature);
    shownAddress = pageAddress(win.location);
    reconcile();
  }

  const onNavigation = () => startForCurrentPage();
  const onVisitStarted = () => { visitStartedAt = Date.now(); };
  // While a visit is under way the old page is still shown: its render starts the new page's features.
  const visitUnderWay = () => visitStartedAt !== null && Date.now() - visitStartedAt < VISIT_GIVE_UP_MS;
  for (const type of NAVIGATION_EVENTS) win.addEventListener(type, onNavigation);
  for (const type of VISIT_STARTED_EVENTS) win.addEventListener(type, onVisitStarted);
  // pushState from the page's own scripts fires no event a content script can see.
  const poll = win.setInterval(() => {
    if (visitUnderWay()) return;
    if (pageAddress(win.location) !== shownAddress) startForCurrentPage();
  }, URL_POLL_MS);

  startForCurrentPage();
  refreshOn?.((restartIds) => { if (!visitUnderWay()) reconcile(restartIds); });

  return function stop() {
    stopped = true;
    for (const type of NAVIGATION_EVENTS) win.removeEventListener(type, onNavigation);
    for (const type of VISIT_STARTED_EVENTS) win.removeEventListener(type, onVisitStarted);
    win.clearInterval(poll);
    for (const feature of [...running.keys()]) stopFeature(feature);
  };
}
