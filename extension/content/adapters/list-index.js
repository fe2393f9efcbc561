// Pull request lists in both UI generations; on any page at most one of them finds rows.
import { classicListAdapter } from './list-classic.js';
import { reactListAdapter } from './list-react.js';

const LIST_ADAPTERS = [classicListAdapter, reactListAdapter];

/** [{row, titleLink, pr, headSha, title}] for every pull request row under `root`. */
export function findListRows(root) {
  return LIST_ADAPTERS.flatMap((adapter) => adapter.rows(root));
}

/** The element the filter control is put before, or null while no list is shown. */
export function findListFilterPlace(doc) {
  for (const adapter of LIST_ADAPTERS) {
    const place = adapter.filterPlace(doc);
    if (place) return place;
  }
  return null;
}
