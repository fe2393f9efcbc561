// Both UI generations can be live on github.com at once, so every query asks both adapters
// (no up-front probe): on any page one of them simply finds nothing.
import { classicAdapter } from './classic.js';
import { reactAdapter } from './react.js';

export const ADAPTERS = [classicAdapter, reactAdapter];

/** [{adapter, container}] for every file container rendered under `root`. */
export function findFileContainers(root) {
  const found = [];
  for (const adapter of ADAPTERS) {
    for (const container of adapter.fileContainers(root)) found.push({ adapter, container });
  }
  return found;
}

/** The first element any adapter names for `concept` ('panelPlace' | 'commentBox'), or null. */
export function findOnPage(doc, concept) {
  for (const adapter of ADAPTERS) {
    const element = adapter[concept](doc);
    if (element) return element;
  }
  return null;
}
