// One line saying which diff the review read (the page's own, or the PR's `.diff` and why), and,
// on a view showing only part of the pull request, that the review still covers all of it; while
// the PR's context is still on its way, a line saying the review will update.
export const REVIEW_SOURCE = 'review-source';
export const REVIEW_SCOPE = 'review-scope';
export const CONTEXT_PENDING = 'context-pending';

function sourceText({ kind, reason, files }) {
  if (kind === 'fetched') return reason ? `Reviewed the PR's .diff: ${reason}` : "Reviewed the PR's .diff";
  const where = kind === 'page-data' ? "in this page's data" : 'shown on this page';
  const count = Number.isSafeInteger(files) ? ` (${files} file${files === 1 ? '' : 's'})` : '';
  return `Reviewed the diff ${where}${count} — no download`;
}

function scopeText(view) {
  const shown = [
    view?.commitRange ? `only commits ${view.commitRange}` : null,
    view?.whitespaceHidden ? 'no whitespace changes' : null,
  ].filter(Boolean);
  return shown.length === 0 ? null
    : `This view shows ${shown.join(' and ')}; the review covers the whole pull request.`;
}

export function ReviewSource({ source }) {
  if (!source) return null;
  const scope = scopeText(source.view);
  return (
    <div>
      <p class="atom-review-muted" data-atom-review={REVIEW_SOURCE} data-source={source.kind}>{sourceText(source)}</p>
      {scope && <p class="atom-review-review-scope" data-atom-review={REVIEW_SCOPE}>{scope}</p>}
      {source.contextPending && (
        <p class="atom-review-muted" data-atom-review={CONTEXT_PENDING} role="status">
          Still reading the conversation page (description, comments, checks); the review updates when it arrives.
        </p>
      )}
    </div>
  );
}
