// The React pull request and issue lists (github-dom.md §4, thin evidence): rows are list
// items holding a link to `/OWNER/REPO/pull/N`; the titled link is preferred when present.
// The page shows no head commit. The only module that knows this markup.
import { pullRequestOfLink } from './list-links.js';

const TITLE_LINK = 'a[data-testid="listitem-title-link"], a[data-testid="issue-pr-title-link"]';

export const reactListAdapter = {
  id: 'react-list',

  /** [{row, titleLink, pr, headSha: null}] for every list item that is a pull request. */
  rows(root) {
    const found = [];
    const seen = new Set();
    for (const link of root.querySelectorAll('li a[href*="/pull/"]')) {
      const row = link.closest('li');
      if (seen.has(row) || row.closest('.js-issue-row')) continue;
      const titleLink = row.querySelector(TITLE_LINK) ?? link;
      const pr = pullRequestOfLink(titleLink);
      if (!pr) continue;
      seen.add(row);
      found.push({ row, titleLink, pr, headSha: null, title: titleLink.textContent.trim() });
    }
    return found;
  },

  /** Above the list that holds the rows. */
  filterPlace(doc) {
    const firstRow = this.rows(doc)[0]?.row;
    return firstRow?.parentElement ?? null;
  },
};
