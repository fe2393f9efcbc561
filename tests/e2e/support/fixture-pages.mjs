// Draws a pull request's "Files changed" page from a unified diff, in either of GitHub's two UI
// generations, with the markup the extension's adapters rely on (modelled on pages GitHub
// rendered; names, classes' hash suffixes and styling are our own). Everything taken from the
// diff is HTML-escaped, as GitHub does.
import { createHash } from 'node:crypto';
import { filesForDisplay } from './diff-for-display.mjs';

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function diffAnchor(path) {
  return `diff-${createHash('sha256').update(path, 'utf8').digest('hex')}`;
}

const PAGE_STYLE = `
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
.pr-header { padding: 16px 24px 0; border-bottom: 1px solid #d1d9e0; }
.pr-header h1 { margin: 0 0 8px; font-size: 26px; font-weight: 400; }
.pr-header .num { color: #59636e; }
.pr-tabs { display: flex; gap: 16px; margin-top: 12px; }
.pr-tabs a { padding: 8px 4px; color: #1f2328; text-decoration: none; }
.pr-tabs a[aria-current] { border-bottom: 2px solid #fd8c73; font-weight: 600; }
.files { padding: 16px 24px; display: flex; flex-direction: column; gap: 16px; }
.file, [role=region] { border: 1px solid #d1d9e0; border-radius: 6px; overflow: hidden; }
.file-header, [class*=DiffFileHeader-module__diff-file-header] { display: flex; align-items: center; gap: 8px; padding: 6px 12px; background: #f6f8fa; border-bottom: 1px solid #d1d9e0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.file-info, [class*=DiffFileHeader-module__file-path-section] { display: flex; align-items: center; gap: 6px; flex: 1; min-width: 0; }
h3 { margin: 0; font-size: 12px; }
a.Link--primary { color: #1f2328; text-decoration: none; font-weight: 600; }
table { width: 100%; border-collapse: collapse; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
td { padding: 0 8px; white-space: pre; vertical-align: top; }
td.blob-num, td[class*=new-diff-line-number] { width: 1%; min-width: 40px; text-align: right; color: #59636e; }
.blob-num-hunk, .blob-code-hunk, .diff-hunk-cell { background: #ddf4ff; color: #59636e; }
.blob-num-addition, .blob-code-addition, tr.addition td { background: #dafbe1; }
.blob-num-deletion, .blob-code-deletion, tr.deletion td { background: #ffebe9; }
button { font: inherit; background: none; border: 0; color: #59636e; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
`;

// GitHub shows deleted accounts as "ghost"; pages of pull requests without a known author use it.
export const GHOST_AUTHOR = 'ghost';

function pageShell({ pr, title, ui, body, tab = 'files', view = 'unified', fileCount = null }) {
  const base = `/${escapeHtml(pr.owner)}/${escapeHtml(pr.repo)}/pull/${pr.number}`;
  const filesTab = ui === 'react' ? 'changes' : 'files';
  const current = (name) => (name === tab ? ' aria-current="page"' : '');
  return `<!DOCTYPE html>
<html lang="en" data-color-mode="light">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} by ${escapeHtml(pr.author ?? GHOST_AUTHOR)} · Pull Request #${pr.number} · ${escapeHtml(pr.owner)}/${escapeHtml(pr.repo)}</title>
${ui === 'classic' ? `<meta name="diff-view" content="${view}">` : ''}
<link rel="alternate" type="text/x-diff" href="${base}.diff">
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="pr-header">
  <h1><bdi class="js-issue-title markdown-title">${escapeHtml(title)}</bdi> <span class="num">#${pr.number}</span></h1>
  <nav class="pr-tabs" aria-label="Pull request navigation tabs">
    <a href="${base}"${current('conversation')}>Conversation</a><a href="${base}/commits">Commits</a>
    <a id="prs-files-anchor-tab" href="${base}/${filesTab}"${current('files')}>Files changed${fileCount === null ? ''
      : ` <span id="files_tab_counter" class="Counter" title="${fileCount}">${fileCount}</span>`}</a>
  </nav>
</div>
${body}
</body>
</html>
`;
}

function classicRow(anchor, row) {
  const oldCell = row.oldLine === null
    ? `<td class="blob-num blob-num-${row.kind} empty-cell"></td>`
    : `<td id="${anchor}L${row.oldLine}" data-line-number="${row.oldLine}" class="blob-num blob-num-${row.kind} js-linkable-line-number">${row.oldLine}</td>`;
  const newCell = row.newLine === null
    ? `<td class="blob-num blob-num-${row.kind} empty-cell"></td>`
    : `<td id="${anchor}R${row.newLine}" data-line-number="${row.newLine}" class="blob-num blob-num-${row.kind} js-linkable-line-number">${row.newLine}</td>`;
  const marker = { addition: '+', deletion: '-', context: ' ' }[row.kind];
  return `<tr data-hunk="h">${oldCell}${newCell}<td class="blob-code blob-code-${row.kind} js-file-line"><span class="blob-code-inner blob-code-marker" data-code-marker="${marker}">${escapeHtml(row.text)}</span></td></tr>`;
}

// Split view pairs each run of removed lines with the added lines that follow it, side by side.
export function splitPairs(rows) {
  const pairs = [];
  for (let i = 0; i < rows.length;) {
    if (rows[i].kind === 'context') {
      pairs.push({ left: rows[i], right: rows[i] });
      i += 1;
      continue;
    }
    const removed = [];
    const added = [];
    while (i < rows.length && rows[i].kind === 'deletion') removed.push(rows[i++]);
    while (i < rows.length && rows[i].kind === 'addition') added.push(rows[i++]);
    for (let k = 0; k < Math.max(removed.length, added.length); k += 1) {
      pairs.push({ left: removed[k] ?? null, right: added[k] ?? null });
    }
  }
  return pairs;
}

function classicSplitRow(anchor, { left, right }) {
  const half = (row, letter, line) => (row === null
    ? '<td class="blob-num empty-cell"></td><td class="blob-code empty-cell"></td>'
    : `<td id="${anchor}${letter}${line}" data-line-number="${line}" class="blob-num blob-num-${row.kind} js-linkable-line-number">${line}</td>`
      + `<td class="blob-code blob-code-${row.kind} js-file-line"><span class="blob-code-inner">${escapeHtml(row.text)}</span></td>`);
  return `<tr data-hunk="h">${half(left, 'L', left?.oldLine)}${half(right, 'R', right?.newLine)}</tr>`;
}

function reactSplitRow(anchor, { left, right }) {
  const half = (row, side, letter, line) => (row === null
    ? '<td class="new-diff-line-number empty-diff-line"></td><td class="diff-text-cell empty-diff-line"></td>'
    : `<td class="new-diff-line-number" data-diff-side="${side}" data-line-number="${line}">${line}</td>`
      + `<td class="diff-text-cell ${row.kind}" data-line-anchor="${anchor}${letter}${line}" data-diff-side="${side}" data-line-number="${line}"><code class="diff-text"><div class="diff-text-inner">${escapeHtml(row.text)}</div></code></td>`);
  return `<tr class="diff-line-row">${half(left, 'left', 'L', left?.oldLine)}${half(right, 'right', 'R', right?.newLine)}</tr>`;
}

// A large file as GitHub first shows it: no rows until "Load diff" is clicked.
const LOAD_DIFF = `<div class="js-diff-load-container"><div class="text-center p-3">
    <button type="button" class="btn-link js-diff-load">Load diff</button>
    <p>Large diffs are not rendered by default.</p></div></div>`;

// What GitHub puts in the file's `.js-file-content`: its rows, or a note for binary files.
function classicFileBody(file, view) {
  const anchor = diffAnchor(file.path);
  if (file.binary) return '<div class="data highlight js-blob-wrapper"><div class="data empty">Binary file not shown.</div></div>';
  const rows = file.hunks.map((hunk, index) =>
    `<tr data-position="${index}"><td class="blob-num blob-num-hunk" data-line-number="..."></td><td class="blob-num blob-num-hunk" data-line-number="..."></td><td class="blob-code blob-code-inner blob-code-hunk"${view === 'split' ? ' colspan="2"' : ''}>${escapeHtml(hunk.header)}</td></tr>`
    + (view === 'split' ? splitPairs(hunk.rows).map((pair) => classicSplitRow(anchor, pair))
      : hunk.rows.map((row) => classicRow(anchor, row))).join('')).join('\n');
  const split = view === 'split' ? ' file-diff-split js-file-diff-split' : '';
  return `<div class="data highlight js-blob-wrapper"><table class="diff-table js-diff-table tab-size${split}" data-tab-size="8" data-diff-anchor="${anchor}"><tbody>${rows}</tbody></table></div>`;
}

function classicFile(file, view = 'unified', { loadDiff = false } = {}) {
  const anchor = diffAnchor(file.path);
  const path = escapeHtml(file.path);
  const shownName = file.status === 'renamed' ? `${escapeHtml(file.oldPath)} → ${path}` : path;
  const changes = file.additions + file.deletions;
  return `<div id="${anchor}" data-details-container-group="file" class="file js-file js-details-container Details Details--on open" data-file-type="" data-file-deleted="${file.status === 'deleted'}" data-tagsearch-path="${path}">
  <div class="file-header d-flex js-file-header" data-path="${path}" data-anchor="${anchor}" data-file-deleted="${file.status === 'deleted'}">
    <div class="file-info flex-auto min-width-0">
      <button type="button" class="btn-octicon js-details-target" aria-label="Toggle diff contents" aria-expanded="true">▾</button>
      <span class="diffstat" aria-label="${changes} changes: ${file.additions} additions &amp; ${file.deletions} deletions">${changes}</span>
      <a title="${shownName}" class="Link--primary" href="#${anchor}">${shownName}</a>
      <clipboard-copy aria-label="Copy" value="${path}"></clipboard-copy>
    </div>
    <div class="file-actions"></div>
  </div>
  <div class="js-file-content">${loadDiff ? LOAD_DIFF : classicFileBody(file, view)}</div>
</div>`;
}

const REACT_MARKER = { addition: '+', deletion: '-', context: ' ' };

function reactRow(anchor, row) {
  const oldCell = row.oldLine === null
    ? '<td class="new-diff-line-number empty-diff-line"></td>'
    : `<td class="new-diff-line-number" data-diff-side="left" data-line-number="${row.oldLine}">${row.oldLine}</td>`;
  const newCell = row.newLine === null
    ? '<td class="new-diff-line-number empty-diff-line"></td>'
    : `<td class="new-diff-line-number" data-diff-side="right" data-line-number="${row.newLine}">${row.newLine}</td>`;
  const [side, line, letter] = row.newLine === null ? ['left', row.oldLine, 'L'] : ['right', row.newLine, 'R'];
  return `<tr class="diff-line-row ${row.kind}">${oldCell}${newCell}<td class="diff-text-cell" data-line-anchor="${anchor}${letter}${line}" data-diff-side="${side}" data-line-number="${line}"><code class="diff-text${row.kind === 'context' ? '' : ` ${row.kind}`}"><span class="diff-text-marker">${REACT_MARKER[row.kind]}</span><div class="diff-text-inner">${escapeHtml(row.text)}</div></code></td></tr>`;
}

function reactFile(file, index, view = 'unified') {
  const anchor = diffAnchor(file.path);
  const path = escapeHtml(file.path);
  const rows = file.hunks.map((hunk) => {
    const firstNew = hunk.rows.find((row) => row.newLine !== null)?.newLine ?? 0;
    return `<tr class="diff-line-row"><td colspan="${view === 'split' ? 4 : 3}" class="diff-hunk-cell" data-line-anchor="${anchor}R${firstNew}"><code class="diff-text-cell hunk"><div class="diff-text-inner">${escapeHtml(hunk.header)}</div></code></td></tr>`
      + (view === 'split' ? splitPairs(hunk.rows).map((pair) => reactSplitRow(anchor, pair))
        : hunk.rows.map((row) => reactRow(anchor, row))).join('');
  }).join('\n');
  return `<div class="PullRequestDiffsList-module__diffEntry__fx01">
  <div role="region" aria-labelledby="heading-f${index}" id="${anchor}" class="Diff-module__diff__fx02" data-targeted="false">
    <div class="Diff-module__diffHeaderWrapper__fx03"><div class="DiffFileHeader-module__diff-file-header__fx04">
      <div class="d-flex flex-shrink-0"><button type="button" aria-label="Collapse file">▾</button></div>
      <div class="d-flex px-1 flex-items-center overflow-hidden DiffFileHeader-module__file-path-section__fx05">
        <h3 id="heading-f${index}" class="DiffFileHeader-module__file-name__fx06"><a class="Link--primary" href="#${anchor}"><code>\u200E${path}\u200E</code></a>${file.status === 'renamed'
          ? `<span class="sr-only">${escapeHtml(file.oldPath)} renamed to ${path}</span>` : ''}</h3>
        ${file.binary ? '' : `<button type="button" aria-label="Expand all lines: ${path}" data-file-path="${path}" class="js-expand-all-difflines-button">⇕</button>`}
      </div>
      <div class="d-flex flex-justify-end flex-items-center gap-2"><span class="f6" aria-hidden="true">+${file.additions} −${file.deletions}</span><span class="sr-only">Lines changed: ${file.additions} additions &amp; ${file.deletions} deletions</span><button type="button" aria-pressed="false">Viewed</button></div>
    </div></div>
    <div class="border position-relative rounded-bottom-2">
      ${file.binary ? '<div>Binary file not shown.</div>' : `<table aria-label="Diff for: ${path}" class="tab-size width-full DiffLines-module__tableLayoutFixed__fx07" data-diff-anchor="${anchor}" role="grid"><tbody>${rows}</tbody></table>`}
    </div>
  </div>
</div>`;
}

// The review box, open, holding text the reviewer already typed.
const TYPED_REVIEW = 'Reviewed on my phone.';
const CLASSIC_REVIEW_POPOVER = `<details class="review-box" open><summary class="js-reviews-toggle">Review changes</summary>
<div id="review-changes-modal"><textarea id="pull_request_review_body" name="pull_request_review[body]" rows="3" cols="80">${TYPED_REVIEW}</textarea></div></details>`;
const REACT_REVIEW_DIALOG = `<div role="dialog" aria-label="Submit review" class="review-box">
<div class="MarkdownInput-module__textArea__fx08"><textarea rows="3" cols="80">${TYPED_REVIEW}</textarea></div></div>`;
export const TYPED_REVIEW_TEXT = TYPED_REVIEW;

// GitHub's React app data: the files of the view with their line counts, and the compared commits.
function reactEmbeddedData(pr, files) {
  const route = {
    diffSummaries: files.map((file) => ({ path: file.path, pathDigest: diffAnchor(file.path).slice('diff-'.length),
      linesAdded: file.additions, linesDeleted: file.deletions })),
  };
  if (pr.headSha) route.comparison = { fullDiff: { baseOid: pr.baseSha ?? null, headOid: pr.headSha } };
  const json = JSON.stringify({ payload: { pullRequestsChangesRoute: route } }).replace(/</g, '\\u003c');
  return `<script type="application/json" data-target="react-app.embeddedData">${json}</script>`;
}

// Where the classic page names the compared commits: the file list's table-of-contents menu.
function classicComparisonMenu(pr) {
  if (!pr.headSha) return '';
  const base = pr.baseSha ?? pr.headSha;
  return `<details-menu class="select-menu-modal" src="/${escapeHtml(pr.owner)}/${escapeHtml(pr.repo)}/pull/${pr.number}/show_toc?base_sha=${base}&amp;sha1=${base}&amp;sha2=${pr.headSha}" preload></details-menu>`;
}

// The batch loader GitHub leaves where the next files will arrive.
function classicProgressiveLoader(pr, start) {
  return `<include-fragment class="diff-progressive-loader js-diff-progressive-loader" data-targets="diff-file-filter.progressiveLoaders" src="/${escapeHtml(pr.owner)}/${escapeHtml(pr.repo)}/pull/${pr.number}/show_partial_comparison?end_commit_oid=${pr.headSha ?? ''}&amp;start_entry=${start}"></include-fragment>`;
}

/**
 * pr: {owner, repo, number, headSha?, baseSha?, page?}; ui: 'classic' | 'react'; view: 'unified'
 * | 'split' (GitHub's `?diff=split`). `pr.page` draws part of the diff, as GitHub does for big
 * pull requests: {loadDiff: [paths] (classic: behind "Load diff"), loadedFiles: n (classic: the
 * rest still to come behind a progressive loader), unmounted: [paths] (React: not rendered)}.
 * Returns the whole HTML document.
 */
export function renderFilesPage({ pr, title, ui, diffText, view = 'unified' }) {
  const files = filesForDisplay(diffText);
  const { loadDiff = [], loadedFiles = files.length, unmounted = [] } = pr.page ?? {};
  const body = ui === 'react'
    ? `${REACT_REVIEW_DIALOG}${reactEmbeddedData(pr, files)}<div data-testid="diff-content"><div data-testid="progressive-diffs-list" class="files">\n${files
      .map((file, index) => (unmounted.includes(file.path) ? '' : reactFile(file, index, view))).join('\n')}\n</div></div>`
    : `${CLASSIC_REVIEW_POPOVER}${classicComparisonMenu(pr)}<div id="files" class="diff-view js-diff-container"><div class="js-diff-progressive-container files">\n${files.slice(0, loadedFiles)
      .map((file) => classicFile(file, view, { loadDiff: loadDiff.includes(file.path) })).join('\n')}${loadedFiles < files.length ? classicProgressiveLoader(pr, loadedFiles) : ''}\n</div></div>`;
  return pageShell({ pr, title, ui, body, view, fileCount: ui === 'classic' ? files.length : null });
}

/** The rows GitHub renders into a classic file's `.js-file-content` once "Load diff" is clicked. */
export function renderClassicFileContent(diffText, path, view = 'unified') {
  const file = filesForDisplay(diffText).find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${path} is not in the diff`);
  return classicFileBody(file, view);
}

export { filesForDisplay };

/** The classic conversation page: the description, a comment, and the new-comment form. */
export function renderConversationPage({ pr, title, description = '' }) {
  const body = `<div id="discussion_bucket" class="files">
  <div class="js-discussion">
    <div class="timeline-comment"><div class="comment-body markdown-body"><p>${escapeHtml(description)}</p></div></div>
  </div>
  <form class="js-new-comment-form" action="#"><div id="issue-comment-box">
    <textarea id="new_comment_field" name="comment[body]" class="js-comment-field" rows="4" cols="80">${TYPED_REVIEW}</textarea>
  </div></form>
</div>`;
  return pageShell({ pr, title, ui: 'classic', body, tab: 'conversation' });
}
