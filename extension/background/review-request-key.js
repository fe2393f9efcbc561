// The review cache's key for a request: everything the engine's answer depends on. A diff read
// from the page is represented by its length and a fast hash, not by its text; so is the pack the
// meta carries (shared/pack-choice.js reviewPack), so changing a pack or an override re-reviews.
import { pullRequestKey } from '../shared/pull-request-key.js';

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export const BUILT_IN_PACK_KEY = 'built-in';

/** A short name of the meta's pack: BUILT_IN_PACK_KEY for none (the engine's own choice), else length and hash of its JSON. */
export function packKey(pack) {
  if (!pack) return BUILT_IN_PACK_KEY;
  const text = JSON.stringify(pack);
  return `${text.length}.${fnv1a(text)}`;
}

export function reviewRequestKey({ diff, ...pr }, pack = null) {
  const { host, owner, repo, number, ...rest } = pr;
  const diffPart = diff ? { source: diff.source, chars: diff.text.length, hash: fnv1a(diff.text) } : 'fetched';
  return `${pullRequestKey({ host, owner, repo, number })} ${JSON.stringify({ ...rest, diff: diffPart, pack: packKey(pack) })}`;
}
