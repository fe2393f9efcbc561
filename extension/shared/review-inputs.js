// What a content script may send along with a review request besides naming the pull request:
// the diff it read from the page, and the pull request's context read from its pages. Both come
// from a page GitHub rendered, so both are checked for shape and size before the engine sees them.
import { COMMIT_SHA } from './commit-sha.js';
import { pageDiffFitsMessage } from './diff-limits.js';

export const PAGE_DIFF_SOURCES = ['page-rendered', 'page-data'];

/** {text, source, files} when `diff` is a usable diff read from the page, else undefined. */
export function parsePageDiff(diff) {
  if (!diff || typeof diff !== 'object') return undefined;
  const { text, source, files } = diff;
  if (typeof text !== 'string' || text.length === 0 || !pageDiffFitsMessage(text)) return undefined;
  if (!PAGE_DIFF_SOURCES.includes(source)) return undefined;
  return { text, source, files: Number.isSafeInteger(files) && files >= 0 ? files : null };
}

const REF_PATTERN = /^[^\s~^:?*[\\]{1,255}$/;
const MAX_TEXT = 65536;
const MAX_SHORT_TEXT = 1000;
const MAX_ITEMS = 500;
const CHECK_STATES = ['success', 'failure', 'error', 'cancelled', 'timed_out', 'action_required',
  'pending', 'skipped', 'neutral'];

const text = (value, max = MAX_TEXT) => (typeof value === 'string' && value.length <= max ? value : undefined);
const list = (value) => (Array.isArray(value) ? value.slice(0, MAX_ITEMS) : []);

function parseComment(item) {
  if (!item || typeof item !== 'object') return null;
  const author = text(item.author, 100);
  const body = text(item.body);
  if (author === undefined || body === undefined) return null;
  const comment = { author, body };
  const path = text(item.path, MAX_SHORT_TEXT);
  if (path) comment.path = path;
  if (Number.isSafeInteger(item.line) && item.line > 0) comment.line = item.line;
  if (item.bot === true) comment.bot = true;
  if (['comment', 'review', 'inline'].includes(item.kind)) comment.kind = item.kind;
  return comment;
}

function parseCheck(item) {
  if (!item || typeof item !== 'object') return null;
  const name = text(item.name, MAX_SHORT_TEXT);
  if (!name || !CHECK_STATES.includes(item.state)) return null;
  const check = { name, state: item.state };
  const url = text(item.url, MAX_SHORT_TEXT);
  if (url) check.url = url;
  const workflow = text(item.workflow, MAX_SHORT_TEXT);
  if (workflow) check.workflow = workflow;
  if (item.logs_expired === true) check.logs_expired = true;
  if (CHECK_STATES.includes(item.base_state)) check.base_state = item.base_state;
  return check;
}

// One budget for the description and the comments together (UTF-8 bytes): 500 comments of 64 KiB
// each would be ~32 MiB of text, copied again as JSON inside the engine's capped memory.
export const MAX_CONTEXT_BYTES = 1024 * 1024;
const utf8 = new TextEncoder();
const bytesOf = (value) => (value ? utf8.encode(value).length : 0);

// Keeps the description, then the newest comments (the page lists them oldest first) that fit in
// what the description leaves; `context_omitted_bytes` in the meta says how much was left out
// (the engine does not read it yet: issue #42 asks for it in the result's `skipped`).
function withinContextBudget(parsed) {
  if (!parsed.comments) return parsed;
  let left = MAX_CONTEXT_BYTES - bytesOf(parsed.body); // the description alone is at most 64 Ki characters
  let omitted = 0;
  const kept = [];
  for (let i = parsed.comments.length - 1; i >= 0; i -= 1) {
    const size = bytesOf(parsed.comments[i].body);
    if (omitted === 0 && size <= left) {
      kept.push(parsed.comments[i]);
      left -= size;
    } else {
      omitted += size;
    }
  }
  parsed.comments = kept.reverse();
  if (omitted > 0) parsed.context_omitted_bytes = omitted;
  return parsed;
}

/**
 * The pull request's context in the engine meta's spelling (contract.md `PR.json`, plus `checks`
 * and `base_ref`): {body?, labels?, comments?, checks?, head_sha?, base_sha?, base_ref?,
 * context_omitted_bytes?}, the description and comments within MAX_CONTEXT_BYTES.
 * Fields of the wrong shape are dropped one by one; never throws.
 */
export function parsePullRequestContext(context) {
  if (!context || typeof context !== 'object') return {};
  const parsed = {};
  const body = text(context.body);
  if (body !== undefined) parsed.body = body;
  if (Array.isArray(context.labels)) parsed.labels = list(context.labels).filter((label) => text(label, 200));
  if (Array.isArray(context.comments)) parsed.comments = list(context.comments).map(parseComment).filter(Boolean);
  if (Array.isArray(context.checks)) parsed.checks = list(context.checks).map(parseCheck).filter(Boolean);
  for (const field of ['head_sha', 'base_sha']) {
    if (typeof context[field] === 'string' && COMMIT_SHA.test(context[field])) parsed[field] = context[field];
  }
  if (typeof context.base_ref === 'string' && REF_PATTERN.test(context.base_ref)) parsed.base_ref = context.base_ref;
  return withinContextBudget(parsed);
}
