// Messages between content scripts and the background engine host.
// A content script only ever names a pull request; the background fetches its diff itself.

export const REVIEW_REQUEST = 'review';

const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/** Returns {owner, repo, number} when `message` is a well-formed review request, else null. */
export function parseReviewRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== REVIEW_REQUEST) return null;
  const { owner, repo, number } = message;
  if (typeof owner !== 'string' || !NAME_PATTERN.test(owner)) return null;
  if (typeof repo !== 'string' || !NAME_PATTERN.test(repo)) return null;
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { owner, repo, number };
}

export function reviewRequest({ owner, repo, number }) {
  return { type: REVIEW_REQUEST, owner, repo, number };
}
