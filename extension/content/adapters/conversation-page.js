// Reads a pull request's conversation page (the live document, or one fetched and parsed): title,
// author, description, labels, base branch and head commit. Classic selectors are those of the
// server-rendered page (a saved 2021 page: `.js-issue-title`, `.gh-header-meta a.author`,
// `.base-ref`, description `#issue-<id> .comment-body`); React ones (`data-testid`) are those other
// extensions read on the 2026 pages, unverified here. GitHub changes this often: whatever is not
// found is left out, never guessed.
import { COMMIT_SHA as SHA } from '../../shared/commit-sha.js';
import { readComments } from './conversation-comments.js';
import { readCheckRows } from './conversation-checks.js';
import { renderedText } from '../rendered-text.js';

const text = (element) => element?.textContent.replace(/\s+/g, ' ').trim() ?? '';
const first = (doc, selectors) => selectors.map((selector) => doc.querySelector(selector)).find(Boolean) ?? null;

function readTitle(doc) {
  return text(first(doc, ['.gh-header-title .js-issue-title', '[data-testid="issue-title"]', '.js-issue-title'])) || undefined;
}

function readAuthor(doc) {
  return text(first(doc, ['.gh-header-meta a.author', '[data-testid="issue-body-header-author"]'])) || undefined;
}

// React labels wrap their description in `.sr-only`; only the name is wanted.
function labelName(element) {
  const copy = element.cloneNode(true);
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return text(copy);
}

function readLabels(doc) {
  const names = Array.from(doc.querySelectorAll('.js-issue-labels a, .sidebar-labels a.IssueLabel, [data-testid="issue-labels"] a'), labelName);
  return [...new Set(names.filter(Boolean))];
}

// The description is the only timeline item whose id is `issue-<id>` (comments are `issuecomment-<id>`).
function readBody(doc) {
  const description = Array.from(doc.querySelectorAll('[id^="issue-"]')).find((element) => /^issue-\d+$/.test(element.id));
  const body = description?.querySelector('.comment-body, [data-testid="markdown-body"]');
  if (!body) return undefined;
  // An empty description shows a muted "No description provided." placeholder, not text of the author's.
  const placeholder = body.querySelector(':scope > p.color-fg-muted:only-child > em:only-child');
  return placeholder && /^No description provided\.?$/.test(text(placeholder)) ? '' : renderedText(body);
}

// `.base-ref`'s title is "owner/repo:branch"; its text is the branch (shortened when long).
function readBaseRef(doc) {
  const ref = first(doc, ['.gh-header-meta .base-ref', '.base-ref', '[data-testid="base-ref"]']);
  if (!ref) return undefined;
  const title = ref.getAttribute('title') ?? '';
  const fromTitle = title.includes(':') ? title.slice(title.indexOf(':') + 1) : '';
  return (fromTitle || text(ref)).replace(/^base:\s*/i, '') || undefined;
}

// Text anyone can write (descriptions, comments, reviews) is rendered inside these; a link there
// says nothing about the pull request, however it is spelled.
const WRITTEN_BY_SOMEONE = '.comment-body, .markdown-body, .js-comment-body';

// A timeline commit item: the saved 2021 page wraps them in `pr-timeline-commits-list`; each is a
// `.TimelineItem` whose badge is the git-commit octicon. Comment markup cannot carry either
// (GitHub's sanitizer drops `class` and `data-*` attributes).
function inCommitItem(link) {
  if (link.closest(WRITTEN_BY_SOMEONE)) return false;
  if (link.closest('[data-test-selector="pr-timeline-commits-list"]')) return true;
  const item = link.closest('.TimelineItem');
  return Boolean(item?.querySelector(':scope > .TimelineItem-badge .octicon-git-commit'));
}

// The timeline lists the PR's commits oldest first, each linking to /pull/N/commits/<sha>.
/** The head commit a conversation page names (the last commit item's link), or undefined. */
export function readHeadSha(doc, number) {
  const pattern = new RegExp(`^(?:https://github\\.com)?/[^/]+/[^/]+/pull/${number}/commits/([0-9a-f]{40})(?:$|[?#])`);
  const shas = Array.from(doc.querySelectorAll(`a[href*="/pull/${number}/commits/"]`))
    .filter(inCommitItem)
    .map((link) => pattern.exec(link.getAttribute('href') ?? '')?.[1])
    .filter((sha) => sha && SHA.test(sha));
  return shas.at(-1);
}

/**
 * The context a conversation page shows for pull request `pr` ({number}), in the engine meta's
 * spelling: {title?, author?, body?, labels?, comments?, checks?, base_ref?, head_sha?}.
 */
export function readConversationPage(doc, pr) {
  const context = {
    title: readTitle(doc), author: readAuthor(doc), body: readBody(doc), labels: readLabels(doc),
    comments: readComments(doc), checks: readCheckRows(doc), base_ref: readBaseRef(doc), head_sha: readHeadSha(doc, pr.number),
  };
  // An empty list says nothing the page showed; leaving it out keeps the meta what it was.
  return Object.fromEntries(Object.entries(context)
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
}
