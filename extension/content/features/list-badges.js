// List badges: one `data-atom-review="list-badge"` per pull request row on pull request and
// issue lists, in both UIs. Only rows on or near the screen are reviewed (the background
// downloads their diffs, four at a time, and caches the results); GitHub's Turbo pagination and
// React re-renders replace rows at any time, so every pass re-reads the rows and repairs badges.
import { findListFilterPlace, findListRows } from '../adapters/list-index.js';
import { onDomChanges } from '../dom-changes.js';
import { matchPullRequestListPage } from '../page-routes.js';
import { listSummaryRequest } from '../../shared/messages.js';
import {
  FILTERS, LIST_BADGE, LIST_FILTER, createListBadge, createListFilter, prKey, updateListBadge,
} from '../views/list-badge.js';

const NEAR_SCREEN_MARGIN = '400px 0px';
const RATE_LIMITED_RETRY_MS = 60 * 1000;
const FILTERED_OUT_CLASS = 'atom-review-filtered-out';

// Kept for the tab's lifetime, so that the choice survives pagination and in-page navigation.
let selectedFilter = 'all';

async function requestSummary({ pr, headSha, title }) {
  const runtime = (globalThis.browser ?? globalThis.chrome).runtime;
  try {
    const answer = await runtime.sendMessage(listSummaryRequest({ ...pr, headSha, title }));
    if (answer?.ok) return { state: 'done', summary: answer.summary };
    return { state: 'error', kind: answer?.kind ?? 'failed', error: answer?.error ?? 'no answer from the atom-review background' };
  } catch (error) {
    return { state: 'error', kind: 'failed', error: String(error?.message ?? error) };
  }
}

const viewKey = ({ pr, headSha }) => `${prKey(pr)}@${headSha ?? ''}`;

function keepsRow(view) {
  if (view?.state !== 'done') return true;
  return FILTERS.find((filter) => filter.id === selectedFilter)?.keeps(view.summary) ?? true;
}

function removeEverything(doc) {
  for (const element of doc.querySelectorAll(`[data-atom-review="${LIST_BADGE}"], [data-atom-review="${LIST_FILTER}"]`)) {
    element.remove();
  }
  for (const row of doc.querySelectorAll(`.${FILTERED_OUT_CLASS}`)) row.classList.remove(FILTERED_OUT_CLASS);
}

export const listBadges = {
  id: 'list-badges',
  match: (location) => matchPullRequestListPage(location.pathname),
  // env.repoInScope: a row of a repository out of scope (global lists show every repository) is
  // neither reviewed nor badged.
  run(_list, signal, env) {
    const doc = document;
    const rowsInScope = () => findListRows(doc).filter((found) => env.repoInScope(found.pr));
    const views = new Map(); // viewKey -> {state, ...}
    const rowOf = new WeakMap(); // row element -> the adapter's row description
    const observed = new WeakSet();

    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const found = rowOf.get(entry.target);
        if (entry.isIntersecting && found) ask(found);
      }
    }, { rootMargin: NEAR_SCREEN_MARGIN });

    function ask(found) {
      const key = viewKey(found);
      if (views.has(key)) return;
      views.set(key, { state: 'loading' });
      paint();
      requestSummary(found).then((view) => {
        if (signal.aborted) return;
        views.set(key, view);
        paint();
        if (view.state === 'error' && view.kind === 'rate-limited') {
          setTimeout(() => {
            if (signal.aborted) return;
            views.delete(key);
            for (const row of rowsInScope()) if (viewKey(row) === key) ask(row);
          }, RATE_LIMITED_RETRY_MS);
        }
      });
    }

    function paintRow(found) {
      const view = views.get(viewKey(found));
      const present = Array.from(found.row.querySelectorAll(`[data-atom-review="${LIST_BADGE}"]`));
      const keep = view && present.find((badge) => badge.dataset.prKey === prKey(found.pr)
        && badge.previousElementSibling === found.titleLink);
      for (const badge of present) if (badge !== keep) badge.remove();
      if (keep) updateListBadge(keep, view);
      else if (view) found.titleLink.after(createListBadge(doc, found.pr, view));
      found.row.classList.toggle(FILTERED_OUT_CLASS, !keepsRow(view));
    }

    function placeFilter() {
      const place = findListFilterPlace(doc);
      const present = Array.from(doc.querySelectorAll(`[data-atom-review="${LIST_FILTER}"]`));
      const keep = place && present.find((filter) => filter.nextElementSibling === place);
      for (const filter of present) if (filter !== keep) filter.remove();
      if (place && !keep) {
        place.before(createListFilter(doc, selectedFilter, (id) => {
          selectedFilter = id;
          paint();
        }));
      }
    }

    function paint() {
      if (signal.aborted) return;
      for (const found of rowsInScope()) {
        rowOf.set(found.row, found);
        if (!observed.has(found.row)) {
          observed.add(found.row);
          observer.observe(found.row);
        }
        paintRow(found);
      }
      placeFilter();
    }

    signal.addEventListener('abort', () => {
      observer.disconnect();
      removeEverything(doc);
    }, { once: true });
    paint();
    onDomChanges(doc.body, paint, signal);
  },
};
