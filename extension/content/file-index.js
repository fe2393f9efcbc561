// Looks up which file of a review result a file container shows: by the container's
// `diff-<sha256(path)>` id first, by the adapter's reading of the path second.
import { diffAnchorForPath } from './adapters/diff-anchor.js';

export async function indexByContainer(items, pathOf = (item) => item.path) {
  const byAnchor = new Map();
  const byPath = new Map();
  for (const item of items) {
    const path = pathOf(item);
    if (typeof path !== 'string') continue;
    if (!byPath.has(path)) {
      byPath.set(path, []);
      byAnchor.set(await diffAnchorForPath(path), byPath.get(path));
    }
    byPath.get(path).push(item);
  }
  return {
    /** The items whose path the container shows (an empty list when none). */
    itemsOf(adapter, container) {
      return byAnchor.get(adapter.containerAnchor(container)) ?? byPath.get(adapter.pathOfContainer(container)) ?? [];
    },
  };
}
