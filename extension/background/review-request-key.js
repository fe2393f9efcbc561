// The review cache's key for a request: everything the engine's answer depends on. A diff read
// from the page is represented by its length and a fast hash, not by its text.
import { pullRequestKey } from '../shared/pull-request-key.js';

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export function reviewRequestKey({ diff, ...pr }) {
  const { owner, repo, number, ...rest } = pr;
  const diffPart = diff ? { source: diff.source, chars: diff.text.length, hash: fnv1a(diff.text) } : 'fetched';
  return `${pullRequestKey({ owner, repo, number })} ${JSON.stringify({ ...rest, diff: diffPart })}`;
}
