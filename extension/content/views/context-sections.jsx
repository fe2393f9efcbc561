// Step 1 of the review, from the engine's `context` and `ci` result fields: the issue the PR
// says it fixes, what human reviewers already said, and the failing checks with the engine's
// reading of each. Every text here is engine output quoting the page; Preact sets it as text, and
// links are built from validated parts only (pr-context/links.js).
import { useState } from 'preact/hooks';
import { externalHref, issueHref } from '../pr-context/links.js';

export const CI_CLASS_WORDS = {
  unrelated: 'probably unrelated',
  baseline: 'fails on the base branch too',
  stale: 'logs expired',
  worth_a_look: 'worth a look',
};
const PASSING = new Set(['success', 'skipped', 'neutral']);

function Section({ title, kind, children }) {
  return (
    <section class="atom-review-section" data-atom-review={kind}>
      <h3 class="atom-review-section-title">{title}</h3>
      {children}
    </section>
  );
}

function LinkedIssues({ references, repository }) {
  const links = references.map((reference) => ({ reference, href: issueHref(reference, repository) })).filter((l) => l.href);
  if (links.length === 0) return null;
  return (
    <Section title={links.length === 1 ? 'Linked issue' : 'Linked issues'} kind="context-issues">
      <ul class="atom-review-list">
        {links.map(({ reference, href }) => (
          <li key={reference}>
            <a data-atom-review="linked-issue" href={href} target="_blank" rel="noopener noreferrer">{reference}</a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ReviewPlace({ item, onShowPlace, onStatus }) {
  if (!item.path) return null;
  const label = item.line != null ? `${item.path}:${item.line}` : item.path;
  return (
    <button type="button" class="atom-review-link" data-atom-review="review-comment-place" data-path={item.path}
      data-line={item.line ?? undefined} onClick={() => onStatus(onShowPlace({ path: item.path, line: item.line ?? null, side: 'new' }) ? '' : `${item.path} is not shown on this page.`)}>
      {label}
    </button>
  );
}

function PriorReview({ review, onShowPlace }) {
  const [status, setStatus] = useState('');
  if (!review || !(review.total > 0)) return null;
  const authors = review.authors ?? [];
  const inline = review.inline ?? 0;
  return (
    <Section title="Prior review" kind="prior-review">
      <p class="atom-review-muted" data-atom-review="review-summary" data-total={review.total} data-inline={inline}>
        {`${review.total} human ${review.total === 1 ? 'comment' : 'comments'}, ${inline} inline`}
        {authors.length > 0 && ` — by ${authors.join(', ')}`}
      </p>
      <ul class="atom-review-list">
        {(review.items ?? []).map((item, index) => (
          <li key={`${item.author}|${item.path}|${item.line}|${index}`} data-atom-review="review-comment" data-kind={item.kind}>
            <strong>{item.author}</strong>{' '}
            <ReviewPlace item={item} onShowPlace={onShowPlace} onStatus={setStatus} />{' '}
            <span class="atom-review-context-excerpt">{item.excerpt}</span>
          </li>
        ))}
      </ul>
      {status && <p class="atom-review-muted" role="status">{status}</p>}
    </Section>
  );
}

function Checks({ checks }) {
  const failing = checks.filter((check) => !PASSING.has(check.state));
  if (failing.length === 0) return null;
  return (
    <Section title="CI" kind="ci">
      <ul class="atom-review-list">
        {failing.map((check) => {
          const href = externalHref(check.url);
          return (
            <li key={check.name} data-atom-review="ci-check" data-name={check.name} data-class={check.class} data-state={check.state}>
              <span class={`atom-review-ci-class atom-review-ci-${check.class}`}>{CI_CLASS_WORDS[check.class] ?? check.class}</span>{' '}
              <strong>{check.name}</strong>{` (${check.state})`}
              {check.reason && <span class="atom-review-muted">{` — ${check.reason}`}</span>}{' '}
              {href && <a href={href} target="_blank" rel="noopener noreferrer">Details</a>}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** result: the review result; onShowPlace({path, line, side}) scrolls to a commented line. */
export function ContextSections({ result, onShowPlace }) {
  if (!result.context && !result.ci) return null;
  return (
    <>
      <LinkedIssues references={result.context?.linked_issues ?? []} repository={result.pr?.repo} />
      <PriorReview review={result.context?.review_comments} onShowPlace={onShowPlace} />
      <Checks checks={result.ci ?? []} />
    </>
  );
}
