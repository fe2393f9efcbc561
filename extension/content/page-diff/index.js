// PLACEHOLDER (helper B replaces this file): reads the pull request's diff from the page.
/**
 * → {diff: {text, source: 'page-rendered'|'page-data', files} | null,
 *    reason: string|null  (why the page's diff was not used, shown in the panel),
 *    view: {commitRange: string|null, whitespaceHidden: boolean},
 *    head: {head_sha?, base_sha?}}
 */
export function readDiffFromPage(_doc, _location) {
  return { diff: null, reason: 'reading the diff from the page is not built yet', view: { commitRange: null, whitespaceHidden: false }, head: {} };
}
