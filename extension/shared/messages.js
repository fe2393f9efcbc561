// Messages between content scripts and the background engine host.
// A content script names a pull request (with the title and author its page shows), and may add
// the diff when the page holds all of it, and the context its pages show (shared/review-inputs.js);
// without a diff the background fetches the PR's `.diff` itself.
import { COMMIT_SHA } from './commit-sha.js';
import { isGitHubName } from './github-name.js';
import { GITHUB_COM, isGitHubHost } from './github-host.js';
import { parsePageDiff, parsePullRequestContext } from './review-inputs.js';

export const REVIEW_REQUEST = 'review';
// Sent when a page is about to ask for a review: the background gets its engine ready meanwhile.
export const PREPARE_REQUEST = 'prepare-engine';

const MAX_TITLE_LENGTH = 1000;

/**
 * Returns {host, owner, repo, number, title?, author?} when `message` is a well-formed review
 * request, else null. A title or author of the wrong shape is dropped, not fatal. `host` is the
 * one the background's scope gate wrote (the asking tab's; github.com when there is none).
 */
export function parseReviewRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== REVIEW_REQUEST) return null;
  const pr = pullRequestNamed(message);
  if (!pr) return null;
  const { title, author } = message;
  if (typeof title === 'string' && title.length <= MAX_TITLE_LENGTH) pr.title = title;
  if (typeof author === 'string' && isGitHubName(author.replace(/\[bot\]$/, ''))) pr.author = author;
  const dismissed = parseDismissed(message.dismissed);
  if (dismissed) pr.dismissed = dismissed;
  const diff = parsePageDiff(message.diff);
  if (diff) pr.diff = diff;
  const context = parsePullRequestContext(message.context);
  if (Object.keys(context).length > 0) pr.context = context;
  if (message.withRepository === true) pr.withRepository = true;
  return pr;
}

/** {host, owner, repo, number} when `message` is a well-formed prepare request, else null. */
export function parsePrepareRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== PREPARE_REQUEST) return null;
  return pullRequestNamed(message);
}

export function prepareRequest({ owner, repo, number }) {
  return { type: PREPARE_REQUEST, owner, repo, number };
}

// The pull request a message names (the scope gate checks the same fields), or null.
function pullRequestNamed(message) {
  const { owner, repo, number } = message;
  const host = message.host ?? GITHUB_COM;
  if (!isGitHubHost(host) || !isGitHubName(owner) || !isGitHubName(repo)) return null;
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { host, owner, repo, number };
}

const MAX_DISMISSED = 1000;
const MAX_DISMISS_TEXT = 1000;
const isShortText = (value) => typeof value === 'string' && value.length <= MAX_DISMISS_TEXT;

/**
 * The findings the reviewer dismissed (contract.md `PR.json` "dismissed"): a non-empty list of
 * {rule, path, line, reason}, or undefined when absent or not of that shape.
 */
export function parseDismissed(list) {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_DISMISSED) return undefined;
  const parsed = [];
  for (const item of list) {
    if (!item || typeof item !== 'object' || !isShortText(item.rule)) return undefined;
    if (item.path !== null && !isShortText(item.path)) return undefined;
    if (item.line !== null && !(Number.isSafeInteger(item.line) && item.line > 0)) return undefined;
    parsed.push({ rule: item.rule, path: item.path, line: item.line, reason: isShortText(item.reason) ? item.reason : '' });
  }
  return parsed;
}

/** `withRepository`: the review checked against the whole repository (its snapshot downloaded when need be). */
export function reviewRequest({ owner, repo, number, title, author, dismissed, diff, context, withRepository }) {
  return { type: REVIEW_REQUEST, owner, repo, number, ...(title && { title }), ...(author && { author }),
    ...(dismissed?.length && { dismissed }), ...(diff && { diff }), ...(context && { context }),
    ...(withRepository === true && { withRepository }) };
}

// While a review with the repository downloads its snapshot: the page asks how far it got
// ({receivedBytes, totalBytes, phase: 'downloading'|'indexing'} or null), or cancels the download.
export const REPOSITORY_PROGRESS_REQUEST = 'repository-progress';
export const REPOSITORY_CANCEL_REQUEST = 'repository-cancel';

/** {host, owner, repo, number} for a well-formed progress or cancel request of `type`, else null. */
export function parseRepositoryRequest(message, type) {
  if (!message || typeof message !== 'object' || message.type !== type) return null;
  return pullRequestNamed(message);
}

export const repositoryRequest = (type, { owner, repo, number }) => ({ type, owner, repo, number });

/** The PR meta (contract.md `PR.json`) the engine gets for a review request. */
export function metaForRequest({ owner, repo, number, title, author, dismissed, context }) {
  return { repo: `${owner}/${repo}`, number, ...(title !== undefined && { title }), ...(author !== undefined && { author }),
    ...context, ...(dismissed !== undefined && { dismissed }) };
}

// Pull request lists: one summary per row, keyed by the head commit when the row shows it.
export const LIST_SUMMARY_REQUEST = 'list-summary';

/** Returns {host, owner, repo, number, title?, headSha?} for a well-formed list summary request, else null. */
export function parseListSummaryRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== LIST_SUMMARY_REQUEST) return null;
  const pr = parseReviewRequest({ ...message, type: REVIEW_REQUEST });
  if (pr && typeof message.headSha === 'string' && COMMIT_SHA.test(message.headSha)) pr.headSha = message.headSha;
  return pr;
}

export function listSummaryRequest({ headSha, ...pr }) {
  return { ...reviewRequest(pr), type: LIST_SUMMARY_REQUEST, ...(headSha && { headSha }) };
}

// The inputs of a pull request's review, for the reviewer's exported verdicts
// (content/field-labels.js): the same request as a review's, answered with the diff, the meta and
// the files the engine read whole instead of a result.
export const REVIEW_INPUTS_REQUEST = 'review-inputs';

/** Returns the pull request of a well-formed review inputs request (as parseReviewRequest), else null. */
export function parseReviewInputsRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== REVIEW_INPUTS_REQUEST) return null;
  return parseReviewRequest({ ...message, type: REVIEW_REQUEST });
}

export function reviewInputsRequest(pr) {
  return { ...reviewRequest(pr), type: REVIEW_INPUTS_REQUEST };
}
