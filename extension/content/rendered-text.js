// The text of rendered markdown with its block structure kept: a line break between paragraphs,
// headings, list items, table rows and code blocks, so "Fixes #12" stays on its own line and a
// "Test Plan" heading stays a line of its own. GitHub's HTML holds the rendered markdown only (the
// source appears only in the edit form, which a reader of the page may not have), so this is what
// the engine gets as the description and comment bodies.

const BLOCK_TAGS = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT',
  'FIGCAPTION', 'FIGURE', 'FOOTER', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'OL', 'P',
  'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'THEAD', 'TR', 'UL']);
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'BUTTON', 'svg']);

function collect(node, parts) {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      parts.push(child.nodeValue);
    } else if (child.nodeType === 1) {
      if (SKIPPED_TAGS.has(child.tagName) || child.hidden) continue;
      if (child.tagName === 'BR') { parts.push('\n'); continue; }
      if (child.tagName === 'TD' || child.tagName === 'TH') parts.push(' ');
      const block = BLOCK_TAGS.has(child.tagName);
      if (block) parts.push('\n');
      collect(child, parts);
      if (block) parts.push('\n');
    }
  }
}

/** The element's text, one line per block, runs of spaces and blank lines collapsed. */
export function renderedText(element) {
  if (!element) return '';
  const parts = [];
  collect(element, parts);
  return parts.join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
