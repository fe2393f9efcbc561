// The classic, server-rendered pull request and issue lists (github-dom.md §4): rows are
// `.js-issue-row`, the title link carries `data-hovercard-type="pull_request"`, and the CI
// status widget holds the head commit. The only module that knows this markup.
import { pullRequestOfLink } from './list-links.js';

const TITLE_LINK = 'a[data-hovercard-type="pull_request"].js-navigation-open, a[data-hovercard-type="pull_request"]';

export const classicListAdapter = {
  id: 'classic-list',

  /** [{row, titleLink, pr, headSha}] for every row that is a pull request. */
  rows(root) {
    const found = [];
    for (const row of root.querySelectorAll('.js-issue-row')) {
      const titleLink = row.querySelector(TITLE_LINK);
      const pr = titleLink && pullRequestOfLink(titleLink);
      if (!pr) continue;
      const oid = row.querySelector('batch-deferred-content input[name="oid"]')?.value;
      found.push({ row, titleLink, pr, headSha: oid || null, title: titleLink.textContent.trim() });
    }
    return found;
  },

  /** Where the filter control goes: above the rows. */
  filterPlace(doc) {
    return doc.querySelector('div[aria-label="Issues"][role="group"]');
  },
};
