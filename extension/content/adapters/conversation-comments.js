// The comments of a classic conversation page's timeline: top-level comments
// (`#issuecomment-<id>`), review summaries (`#pullrequestreview-<id>`) and inline review comments
// (`.review-comment` in a review thread, whose header names the file and whose diff excerpt ends
// on the commented line). The description is not a comment. Each says whether a bot wrote it.
import { renderedText } from '../rendered-text.js';

const THREAD = '.js-resolvable-timeline-thread-container';
const BOT_NAMES = new Set(['copilot', 'copilot-pull-request-reviewer']);
const text = (element) => element?.textContent.replace(/\s+/g, ' ').trim() ?? '';

/**
 * True for an app or bot author: a `[bot]` login, a link to /apps/…, the "bot" label GitHub shows
 * next to app authors, or Copilot (its reviews are signed "Copilot").
 */
export function isBotAuthor({ name, href = '', labels = [] }) {
  const login = name.toLowerCase();
  if (login.endsWith('[bot]') || BOT_NAMES.has(login.replace(/\[bot\]$/, ''))) return true;
  if (/^(?:https:\/\/github\.com)?\/apps\//.test(href)) return true;
  return labels.some((label) => label.trim().toLowerCase() === 'bot');
}

// The elements under `root` matching `selector` that do not sit in a nested `excluded` container.
function own(root, selector, excluded) {
  return Array.from(root.querySelectorAll(selector)).filter((element) => {
    const nested = element.parentElement?.closest(excluded);
    return !nested || !root.contains(nested) || nested === root;
  });
}

function authorOf(root, excluded) {
  const link = excluded ? own(root, 'a.author', excluded)[0] : root.querySelector('a.author');
  if (!link) return null;
  const labels = (excluded ? own(root, '.Label', excluded) : Array.from(root.querySelectorAll('.Label'))).map(text);
  const name = text(link);
  return name ? { name, bot: isBotAuthor({ name, href: link.getAttribute('href') ?? '', labels }) } : null;
}

const comment = (author, body, kind, place = {}) => ({
  author: author.name, body, kind, ...place, ...(author.bot && { bot: true }),
});

// The last line number in a thread's diff excerpt: the line the comment is on (new side when shown).
function threadPlace(thread) {
  const pathLink = thread.querySelector('summary a[title], a[href*="#diff-"]');
  const path = pathLink?.getAttribute('title') || text(pathLink);
  const rows = Array.from(thread.querySelectorAll('tr')).filter((row) => row.querySelector('td[data-line-number]'));
  const numbers = rows.at(-1) ? Array.from(rows.at(-1).querySelectorAll('td[data-line-number]'), (cell) => Number(cell.dataset.lineNumber)) : [];
  const line = numbers.filter((n) => Number.isSafeInteger(n) && n > 0).at(-1);
  return { ...(path && { path }), ...(line && { line }) };
}

function readInline(root) {
  return Array.from(root.querySelectorAll(THREAD)).flatMap((thread) => {
    const place = threadPlace(thread);
    return Array.from(thread.querySelectorAll('.review-comment')).flatMap((item) => {
      const author = authorOf(item);
      const body = renderedText(item.querySelector('.comment-body'));
      return author && body ? [comment(author, body, 'inline', place)] : [];
    });
  });
}

/** [{author, body, kind: 'comment'|'review'|'inline', path?, line?, bot?}] in page order. */
export function readComments(doc) {
  const comments = [];
  for (const item of doc.querySelectorAll('[id^="issuecomment-"], [id^="pullrequestreview-"]')) {
    if (/^issuecomment-\d+$/.test(item.id)) {
      const author = authorOf(item);
      const body = renderedText(item.querySelector('.comment-body'));
      if (author && body) comments.push(comment(author, body, 'comment'));
    } else if (/^pullrequestreview-\d+$/.test(item.id)) {
      const author = authorOf(item, THREAD);
      const summary = own(item, '.comment-body', THREAD)[0];
      const body = renderedText(summary);
      if (author && body) comments.push(comment(author, body, 'review'));
      comments.push(...readInline(item));
    }
  }
  return comments;
}
