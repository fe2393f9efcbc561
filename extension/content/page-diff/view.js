// What part of the pull request a files page shows, from its address. DOM-free.

// `/files/<sha>` (commits up to one), `/files/<a>..<b>`, `/changes/<sha>`, `/changes/<a>..<b>`,
// `/commits/<sha>`.
const RANGE_IN_PATH = /\/pull\/\d+\/(?:files|changes|commits)\/([0-9a-f]{7,40}(?:\.\.\.?[0-9a-f]{7,40})?)\/?$/i;
const ALL_COMMITS = /\ball (?:changes|commits)\b/i;

/**
 * {commitRange: string|null, whitespaceHidden: boolean}. `rangeSelectorText` is what the page's
 * commit-range selector says, when it has one ("All commits" means no range).
 */
export function viewOfAddress(pathname, search, rangeSelectorText = null) {
  const inPath = RANGE_IN_PATH.exec(pathname)?.[1] ?? null;
  const selected = rangeSelectorText?.trim().replace(/\s+/g, ' ') || null;
  const commitRange = inPath ?? (selected && !ALL_COMMITS.test(selected) ? selected : null);
  const hideWhitespace = new URLSearchParams(search).get('w');
  return { commitRange, whitespaceHidden: hideWhitespace === '1' || hideWhitespace === 'true' };
}

/** Why a page showing `view` cannot stand in for the whole pull request's diff, or null. */
export function viewReason(view) {
  if (view.commitRange) return `this view shows only some commits (${view.commitRange})`;
  if (view.whitespaceHidden) return 'this view hides whitespace changes';
  return null;
}
