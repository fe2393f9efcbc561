// Draws a pull request's classic conversation page with everything the extension reads there:
// the header (title, author, base branch), the description, labels in the sidebar, top-level
// comments (a bot's among them), reviews with inline comments on a file line, the commits, and
// the merge box's check runs. Also the base branch's checks page and a check's Details page.
// Modelled on the structure of a page GitHub rendered in 2021 (classes and ids the extension
// relies on); the content, names and styling are our own. Everything given is HTML-escaped.
import { diffAnchor, escapeHtml } from './fixture-pages.mjs';

const STYLE = `
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
.gh-header, .Layout { padding: 16px 24px; }
.gh-header-title { margin: 0 0 8px; font-size: 26px; font-weight: 400; }
.commit-ref { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; background: #ddf4ff; padding: 0 4px; border-radius: 6px; }
.Layout { display: flex; gap: 24px; }
.Layout-main { flex: 1; min-width: 0; }
.Layout-sidebar { width: 240px; }
.timeline-comment-group, .js-comment-container, .merge-status-list { border: 1px solid #d1d9e0; border-radius: 6px; margin: 12px 0; padding: 8px 12px; }
.Label, .IssueLabel { display: inline-block; padding: 0 7px; border: 1px solid #d1d9e0; border-radius: 2em; font-size: 12px; }
.merge-status-item { display: flex; gap: 8px; align-items: center; padding: 4px 0; }
.merge-status-item .status-meta { flex: 1; color: #59636e; }
.octicon-x { color: #d1242f; } .octicon-check { color: #1a7f37; }
table { border-collapse: collapse; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
`;

const ICONS = { success: 'octicon-check', failure: 'octicon-x', skipped: 'octicon-skip', pending: 'octicon-dot-fill', cancelled: 'octicon-stop' };
const STATUS_TEXT = { success: 'Successful in 41s', failure: 'Failing after 2m', skipped: 'Skipped', pending: 'Queued — Waiting to run this check...', cancelled: 'Cancelled after 9m' };

const e = escapeHtml;

// A line's text with its `[text](href)` links as GitHub renders them (relative hrefs kept as written).
const withLinks = (line) => line.split(/(\[[^\]]*\]\([^)\s]*\))/).map((part) => {
  const link = /^\[([^\]]*)\]\(([^)\s]*)\)$/.exec(part);
  return link ? `<a href="${e(link[2])}" rel="nofollow">${e(link[1])}</a>` : e(part);
}).join('');

// Markdown as GitHub renders it, for the little our pages use: "## Heading" lines become headings,
// `[text](href)` links, other runs of lines paragraphs (line breaks kept), blank lines separate
// paragraphs.
function renderMarkdown(text) {
  const html = [];
  let paragraph = [];
  const flush = () => {
    if (paragraph.length > 0) html.push(`<p dir="auto">${paragraph.map(withLinks).join('<br>\n')}</p>`);
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading || line.trim() === '') flush();
    if (heading) html.push(`<h${heading[1].length} dir="auto">${e(heading[2])}</h${heading[1].length}>`);
    else if (line.trim() !== '') paragraph.push(line);
  }
  flush();
  return html.join('\n');
}

function commentHeader(author, { bot = false, verb = 'commented' } = {}) {
  const href = bot ? `/apps/${e(author.replace(/\[bot\]$/, ''))}` : `/${e(author)}`;
  return `<div class="timeline-comment-header clearfix d-flex">
    <div class="d-none d-sm-flex">${bot ? '<span class="Label Label--secondary">bot</span>' : '<span class="Label">Contributor</span>'}</div>
    <h3 class="timeline-comment-header-text f5 text-normal"><strong class="css-truncate"><a class="author Link--primary text-bold" href="${href}">${e(author)}</a></strong> ${verb}</h3>
  </div>`;
}

function topLevelComment(comment, index) {
  return `<div class="js-timeline-item"><div class="timeline-comment-group js-minimizable-comment-group" id="issuecomment-${7000 + index}">
  ${commentHeader(comment.author, { bot: comment.bot })}
  <div class="edit-comment-hide"><task-lists disabled><table class="d-block"><tbody class="d-block"><tr class="d-block">
    <td class="d-block comment-body markdown-body js-comment-body">${renderMarkdown(comment.body)}</td>
  </tr></tbody></table></task-lists></div>
</div></div>`;
}

// A review thread: the file, the diff excerpt ending on the commented line, the comments.
function reviewThread(pr, thread, headSha, index) {
  const rows = [];
  for (let line = Math.max(1, thread.line - 2); line <= thread.line; line += 1) {
    const added = line === thread.line;
    rows.push(added
      ? `<tr><td class="blob-num blob-num-addition empty-cell"></td><td data-line-number="${line}" class="blob-num blob-num-addition"></td><td class="blob-code blob-code-addition"><span class="blob-code-inner">+ code</span></td></tr>`
      : `<tr><td data-line-number="${line}" class="blob-num blob-num-context"></td><td data-line-number="${line}" class="blob-num blob-num-context"></td><td class="blob-code blob-code-context"><span class="blob-code-inner">  code</span></td></tr>`);
  }
  const comments = thread.comments.map((comment, k) => `<div id="discussion_r${9000 + index * 10 + k}" class="timeline-comment-group js-comment review-comment">
      <div class="d-none d-sm-flex">${comment.bot ? '<span class="Label">bot</span>' : ''}</div>
      <h3 class="f5 text-normal"><strong class="css-truncate"><a class="author Link--primary text-bold" href="/${e(comment.author)}">${e(comment.author)}</a></strong></h3>
      <div class="ml-5"><task-lists disabled><div class="comment-body markdown-body js-comment-body">${renderMarkdown(comment.body)}</div></task-lists></div>
    </div>`).join('\n');
  return `<details open class="file js-comment-container js-resolvable-timeline-thread-container" data-resolved="false">
    <summary role="button"><a href="/${e(pr.owner)}/${e(pr.repo)}/pull/${pr.number}/files/${headSha}#${diffAnchor(thread.path)}" class="text-mono Link--primary" title="${e(thread.path)}">${e(thread.path)}</a></summary>
    <div class="blob-wrapper"><table class="diff-table tab-size" data-tab-size="8">
      <tr data-position="0"><td class="blob-num blob-num-hunk" data-line-number="..."></td><td class="blob-num blob-num-hunk" data-line-number="..."></td><td class="blob-code blob-code-hunk">@@ -1,4 +1,5 @@</td></tr>
      ${rows.join('\n')}
    </table></div>
    <div class="js-inline-comments-container"><div class="js-comments-holder">${comments}</div></div>
  </details>`;
}

function review(pr, item, headSha, index) {
  const body = item.body ? `<div class="timeline-comment-group"><div class="comment-body markdown-body js-comment-body">${renderMarkdown(item.body)}</div></div>` : '';
  return `<div class="js-timeline-item"><div id="pullrequestreview-${8000 + index}" class="js-comment js-updatable-content">
  <div class="TimelineItem"><div class="TimelineItem-body"><strong><a class="author Link--primary text-bold" href="${item.bot ? '/apps/' : '/'}${e(item.author.replace(/\[bot\]$/, ''))}">${e(item.author)}</a></strong>
    ${item.bot ? '<span class="Label Label--secondary">bot</span>' : ''} reviewed</div></div>
  ${body}
  ${(item.threads ?? []).map((thread, k) => reviewThread(pr, thread, headSha, index * 10 + k)).join('\n')}
</div></div>`;
}

// As the saved page draws one: the commits list, a condensed item with the git-commit badge.
function commitItem(pr, sha, message) {
  const href = `/${e(pr.owner)}/${e(pr.repo)}/pull/${pr.number}/commits/${sha}`;
  return `<div class="js-timeline-item"><div data-test-selector="pr-timeline-commits-list"><div class="TimelineItem TimelineItem--condensed">
    <div class="TimelineItem-badge"><svg class="octicon octicon-git-commit" aria-hidden="true" width="16" height="16"></svg></div>
    <div class="TimelineItem-body"><code><a class="Link--secondary markdown-title" href="${href}">${e(message)}</a></code>
      <code><a href="${href}" class="Link--secondary">${sha.slice(0, 7)}</a></code></div>
  </div></div></div>`;
}

/** The merge box's (or a checks page's) list of check runs: [{name, state, url?}]. */
export function checkRows(checks) {
  return `<div class="merge-status-list js-updatable-content-preserve-scroll-position">
${checks.map((check) => `  <div class="merge-status-item d-flex">
    <div class="merge-status-icon"><svg class="octicon ${ICONS[check.state]}" aria-hidden="true" width="16" height="16"></svg></div>
    <div class="text-small"><strong>${e(check.name)}</strong> <span class="status-meta">— ${e(STATUS_TEXT[check.state])}</span></div>
    ${check.url ? `<a class="status-actions" href="${e(check.url)}">Details</a>` : ''}
  </div>`).join('\n')}
</div>`;
}

function document({ title, body }) {
  return `<!DOCTYPE html>
<html lang="en" data-color-mode="light"><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head>
<body>${body}</body></html>
`;
}

/**
 * pr: {owner, repo, number, title, author}; conversation: {description, labels, baseRef,
 * commits: [{sha, message}] (oldest first), comments: [{author, body, bot?}], reviews: [{author,
 * body?, bot?, threads: [{path, line, comments: [{author, body, bot?}]}]}], checks: [{name, state, url?}]}.
 * Returns the whole HTML document of `/OWNER/REPO/pull/N`.
 */
export function renderClassicConversationPage(pr, conversation) {
  const { description = '', labels = [], baseRef = 'main', commits = [], comments = [], reviews = [], checks = [] } = conversation;
  const headSha = commits.at(-1)?.sha ?? '0'.repeat(40);
  const repoPath = `/${e(pr.owner)}/${e(pr.repo)}`;
  const timeline = [
    ...commits.map((commit) => commitItem(pr, commit.sha, commit.message)),
    ...comments.map(topLevelComment),
    ...reviews.map((item, index) => review(pr, item, headSha, index)),
  ].join('\n');
  const body = `<div id="partial-discussion-header" class="gh-header js-details-container">
  <h1 class="gh-header-title"><span class="js-issue-title markdown-title">${e(pr.title)}</span> <span class="f1-light color-fg-muted">#${pr.number}</span></h1>
  <div class="gh-header-meta">
    <span title="Status: Open" class="State State--open">Open</span>
    <a class="author Link--secondary text-bold" href="/${e(pr.author)}">${e(pr.author)}</a> wants to merge ${commits.length} commits into
    <span title="${e(pr.owner)}/${e(pr.repo)}:${e(baseRef)}" class="commit-ref css-truncate base-ref"><a class="no-underline" href="${repoPath}"><span class="css-truncate-target">${e(baseRef)}</span></a></span>
    from <span class="commit-ref css-truncate head-ref"><span class="css-truncate-target">feature</span></span>
  </div>
</div>
<div class="Layout">
  <div class="Layout-main" id="discussion_bucket">
    <div class="pull-discussion-timeline js-pull-discussion-timeline"><div class="js-discussion">
      <div class="TimelineItem js-comment-container"><div class="timeline-comment-group js-minimizable-comment-group" id="issue-${600000 + pr.number}">
        ${commentHeader(pr.author)}
        <div class="edit-comment-hide"><task-lists disabled><table class="d-block"><tbody class="d-block"><tr class="d-block">
          <td class="d-block comment-body markdown-body js-comment-body">${description ? renderMarkdown(description) : '<p class="color-fg-muted"><em>No description provided.</em></p>'}</td>
        </tr></tbody></table></task-lists></div>
      </div></div>
      ${timeline}
    </div></div>
    <div id="partial-pull-merging" class="branch-action-body">${checkRows(checks)}</div>
    <form class="js-new-comment-form" action="#"><textarea id="new_comment_field" name="comment[body]" rows="4" cols="80"></textarea></form>
  </div>
  <div class="Layout-sidebar" id="partial-discussion-sidebar">
    <div class="discussion-sidebar-item sidebar-labels js-discussion-sidebar-item">
      <div class="discussion-sidebar-heading text-bold">Labels</div>
      <div class="labels css-truncate js-issue-labels">${labels.map((label) => `<a class="IssueLabel hx_IssueLabel" href="${repoPath}/labels/${encodeURIComponent(label)}"><span class="css-truncate-target">${e(label)}</span></a>`).join(' ')}</div>
    </div>
  </div>
</div>`;
  return document({ title: `${e(pr.title)} by ${e(pr.author)} · Pull Request #${pr.number} · ${e(pr.owner)}/${e(pr.repo)}`, body });
}

/** A commit's checks page (`/OWNER/REPO/commit/REF/checks`) listing `checks` like the merge box. */
export function renderBranchChecksPage({ owner, repo, ref }, checks) {
  return document({ title: `Checks · ${e(owner)}/${e(repo)}@${e(ref)}`, body: `<main class="Layout">${checkRows(checks)}</main>` });
}

/** A check's Details page whose logs have expired (GitHub's wording). */
export function renderExpiredLogsPage() {
  return document({ title: 'Job logs', body: '<main><p>The logs for this run have expired and are no longer available.</p></main>' });
}

/**
 * Serves, on the fake GitHub, `pr`'s conversation page drawn from `conversation` (answered
 * `delayMs` late), its base branch's checks page (`baseChecks`) and the Details pages in
 * `expiredLogs` (paths).
 */
export function serveConversation(github, pr, conversation, { baseChecks = [], expiredLogs = [], delayMs = 0 } = {}) {
  github.addPage(`/${pr.owner}/${pr.repo}/pull/${pr.number}`, renderClassicConversationPage(pr, conversation), { delayMs });
  const ref = conversation.baseRef ?? 'main';
  github.addPage(`/${pr.owner}/${pr.repo}/commit/${ref}/checks`, renderBranchChecksPage({ ...pr, ref }, baseChecks));
  for (const path of expiredLogs) github.addPage(path, renderExpiredLogsPage());
}
