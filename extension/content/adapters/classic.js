// The classic, server-rendered "Files changed" page (`/pull/N/files`; logged-out visitors,
// opt-outs, GitHub Enterprise Server). The only module that knows this UI's selectors.

export const classicAdapter = {
  id: 'classic',

  /** Every rendered file container: `div.file.js-file#diff-<sha>`. */
  fileContainers(root) {
    return Array.from(root.querySelectorAll('.js-file[data-details-container-group="file"][id^="diff-"]'));
  },

  /** The container's `diff-<sha256(path)>` key. */
  containerAnchor(container) {
    return container.id || null;
  },

  pathOfContainer(container) {
    const header = container.querySelector('.file-header[data-path]');
    return header?.getAttribute('data-path') ?? container.getAttribute('data-tagsearch-path');
  },

  /** Beside the path link in the file header. */
  headerBadgeSlot(container) {
    return container.querySelector('.file-header .file-info');
  },

  /** The table row showing line `line` of the new (`R`) or old (`L`) file, if rendered. */
  rowOfLine(container, line, side) {
    const anchor = `${container.id}${side === 'old' ? 'L' : 'R'}${line}`;
    const numberCell = container.ownerDocument.getElementById(anchor);
    return numberCell && container.contains(numberCell) ? numberCell.closest('tr') : null;
  },

  /** Puts `element` between the file header and the diff table. */
  placeUnderHeader(container, element) {
    const header = container.querySelector(':scope > .file-header');
    if (header && element.previousElementSibling !== header) header.after(element);
  },

  /** Where the summary panel goes: above the files list, or above the conversation timeline. */
  panelPlace(doc) {
    return doc.querySelector('#files.diff-view, .js-diff-container')
      ?? doc.querySelector('#discussion_bucket, .js-discussion');
  },

  /** The review body on the files page, or the new-comment box on the conversation page. */
  commentBox(doc) {
    return doc.querySelector('textarea#pull_request_review_body, textarea#new_comment_field');
  },
};
