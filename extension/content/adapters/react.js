// The React "Files changed" page (`/pull/N/changes`, and `/files` for users who had the
// preview). CSS-module class names carry a build hash suffix, so they are matched by prefix.
// The only module that knows this UI's selectors.

const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const reactAdapter = {
  id: 'react',

  /** Every rendered file region: `div[role=region]#diff-<sha>` holding a file header. */
  fileContainers(root) {
    return Array.from(root.querySelectorAll('div[role="region"][id^="diff-"]'))
      .filter((region) => region.querySelector('[class*="DiffFileHeader-module__diff-file-header"]'));
  },

  containerAnchor(container) {
    return container.id || null;
  },

  pathOfContainer(container) {
    const header = container.querySelector('[class*="DiffFileHeader-module__diff-file-header"]');
    const withAttribute = header?.querySelector('[data-file-path]');
    if (withAttribute) return withAttribute.getAttribute('data-file-path');
    // The shown name is wrapped in invisible direction marks.
    const shown = header?.querySelector('[class*="DiffFileHeader-module__file-name"] code');
    return shown ? shown.textContent.replace(BIDI_MARKS, '').trim() : null;
  },

  /** After the file name, inside the header's path section. */
  headerBadgeSlot(container) {
    return container.querySelector('[class*="DiffFileHeader-module__file-path-section"]');
  },

  /** The table row showing line `line` of the new (`R`) or old (`L`) file, if rendered. */
  rowOfLine(container, line, side) {
    const anchor = `${container.id}${side === 'old' ? 'L' : 'R'}${line}`;
    const byAnchor = container.querySelector(`[data-line-anchor="${anchor}"]`);
    if (byAnchor) return byAnchor.closest('tr');
    // Removed lines carry no line anchor; their old-side number cell does.
    const diffSide = side === 'old' ? 'left' : 'right';
    const numberCell = container.querySelector(
      `td[data-diff-side="${diffSide}"][data-line-number="${Number(line)}"]`);
    return numberCell?.closest('tr') ?? null;
  },

  /** Puts `element` between the file header and the diff table. */
  placeUnderHeader(container, element) {
    const header = container.querySelector('[class*="Diff-module__diffHeaderWrapper"]');
    if (header && element.previousElementSibling !== header) header.after(element);
  },

  /** Where the summary panel goes: above the diff list. */
  panelPlace(doc) {
    return doc.querySelector('[data-testid="diff-content"]');
  },

  /**
   * The review body (files page) or the conversation's comment composer. Unconfirmed on live
   * pages (github-dom.md §5): the review dialog's textarea is only known to sit in a markdown input.
   */
  commentBox(doc) {
    return doc.querySelector('[role="dialog"] [class*="MarkdownInput-module__textArea"] textarea, '
      + 'textarea[aria-labelledby="comment-composer-heading"], #react-issue-comment-composer textarea');
  },
};
