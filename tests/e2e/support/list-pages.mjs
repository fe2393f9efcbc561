// Draws pull request list pages in both UI generations, with the markup the list adapters rely
// on (modelled on a classic list GitHub rendered as a Turbo frame, and on the React list's
// documented hooks; names, ids and styling are our own). Text is HTML-escaped, as GitHub does.
import { escapeHtml } from './fixture-pages.mjs';

const LIST_STYLE = `
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
.container-xl { max-width: 1012px; margin: 0 auto; padding: 16px; }
.Box-row, li[role=listitem] { display: block; padding: 8px 16px; border-top: 1px solid #d1d9e0; min-height: 64px; list-style: none; }
a.Link--primary, h3 a { color: #1f2328; font-weight: 600; text-decoration: none; }
.color-fg-muted { color: #59636e; font-size: 12px; }
ul { margin: 0; padding: 0; }
h3 { display: inline; margin: 0; font-size: 16px; }
`;

function shell({ title, body }) {
  return `<!DOCTYPE html>
<html lang="en" data-color-mode="light">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${LIST_STYLE}</style></head>
<body>${body}</body>
</html>`;
}

function classicRow({ owner, repo, number, title, author, headSha }) {
  const base = `/${escapeHtml(owner)}/${escapeHtml(repo)}`;
  const checks = headSha ? `
<batch-deferred-content class="d-inline-block" data-url="${base}/commits/checks-statuses-rollups">
  <input type="hidden" name="oid" value="${escapeHtml(headSha)}" data-targets="batch-deferred-content.inputs" autocomplete="off" />
  <div class="commit-build-statuses"><span class="Skeleton d-inline-block"></span></div>
</batch-deferred-content>` : '';
  return `
<div id="issue_${number}" class="Box-row Box-row--focus-gray p-0 mt-0 js-navigation-item js-issue-row" data-id="${number}0001" data-turbo-frame="repo-content-turbo-frame">
<div class="d-flex Box-row--drag-hide position-relative">
  <label class="flex-shrink-0 py-2 pl-3 d-none d-md-block"><input type="checkbox" class="js-issues-list-check" name="issues[]" value="${number}" aria-labelledby="issue_${number}_link"></label>
  <div class="flex-auto min-width-0 p-2 pr-3 pr-md-2">
    <a id="issue_${number}_link" class="Link--primary v-align-middle no-underline h4 js-navigation-open markdown-title" data-hovercard-type="pull_request" data-hovercard-url="${base}/pull/${number}/hovercard" href="${base}/pull/${number}">${escapeHtml(title)}</a>
${checks}
    <div class="d-flex mt-1 text-small color-fg-muted">
      <span class="opened-by">#${number} opened by <a class="Link--muted" data-hovercard-type="user" href="${base}/issues?q=author%3A${escapeHtml(author)}">${escapeHtml(author)}</a></span>
    </div>
  </div>
  <div class="flex-shrink-0 col-4 col-md-3 pt-2 text-right pr-3 no-wrap d-flex hide-sm">
    <a href="${base}/pull/${number}" class="Link--muted" aria-label="1 comment"><span class="text-small text-bold">1</span></a>
  </div>
</div>
</div>`;
}

/** The repository list's Turbo frame (what a page or filter change replaces). */
export function classicListFrame({ owner, repo, rows, page = 1, pages = 1 }) {
  const base = `/${escapeHtml(owner)}/${escapeHtml(repo)}`;
  const next = page < pages ? `<a class="next_page" rel="next" href="${base}/pulls?page=${page + 1}">Next</a>` : '';
  return `<turbo-frame id="repo-content-turbo-frame" target="_top" data-turbo-action="advance">
  <div class="clearfix new-discussion-timeline js-check-all-container container-xl">
    <h1 class="sr-only">Pull requests: ${escapeHtml(owner)}/${escapeHtml(repo)}</h1>
    <h2 class="sr-only">Pull requests list</h2>
    <div aria-label="Issues" role="group" data-issue-and-pr-hovercards-enabled>
      <div class="js-navigation-container js-active-navigation-container">${rows.map((row) => classicRow({ owner, repo, ...row })).join('')}
      </div>
    </div>
    <div class="paginate-container"><div class="pagination">${next}</div></div>
  </div>
</turbo-frame>`;
}

export function renderClassicList(list) {
  return shell({ title: `Pull requests · ${list.owner}/${list.repo}`, body: classicListFrame(list) });
}

/** The React list: rows are list items; the title link is the one with the list-item test id. */
export function renderReactList({ owner, repo, rows }) {
  const base = `/${escapeHtml(owner)}/${escapeHtml(repo)}`;
  const items = rows.map(({ number, title, author }) => `
  <li role="listitem" class="ListItem-module__listItem--x41Ab">
    <div class="ListItem-module__mainContent--q9Zc2">
      <h3 class="ListItem-module__heading--p0Kd1"><a data-testid="listitem-title-link" data-hovercard-type="pull_request" data-hovercard-url="${base}/pull/${number}/hovercard" href="${base}/pull/${number}">${escapeHtml(title)}</a></h3>
      <div class="Description-module__container--Zx8Lq color-fg-muted">#${number} · ${escapeHtml(author)} · <a href="${base}/pull/${number}#issuecomment-1">1 comment</a></div>
    </div>
  </li>`).join('');
  return shell({ title: `Pull requests · ${owner}/${repo}`, body: `
<div class="container-xl" data-testid="pull-request-list">
  <h1>Pull requests</h1>
  <ul role="list" aria-label="Pull requests">${items}
  </ul>
</div>` });
}
