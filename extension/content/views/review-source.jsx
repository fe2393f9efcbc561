// PLACEHOLDER (helper B completes this): one line saying which diff the review read.
export const REVIEW_SOURCE = 'review-source';

export function ReviewSource({ source }) {
  if (!source) return null;
  return <p class="atom-review-muted" data-atom-review={REVIEW_SOURCE} data-source={source.kind}>{source.kind}</p>;
}
