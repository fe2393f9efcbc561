// Messages by which a content script asks the background for one of a pull request's github.com
// pages (content scripts never fetch). The background only ever builds the URL itself, from
// validated parts, so a message cannot make it fetch anything but these pages of this repository:
//   conversation   /OWNER/REPO/pull/N                 (the files page reads the PR's context there)
//   branch-checks  /OWNER/REPO/commit/REF/checks      (the checks of the base branch's latest commit)
//   check-details  /OWNER/REPO/actions/runs/ID[/job/ID] or /OWNER/REPO/runs/ID (a check's Details)

import { isGitHubName } from './github-name.js';

export const PAGE_FETCH_REQUEST = 'github-page';
export const PAGE_FETCH_KINDS = ['conversation', 'branch-checks', 'check-details'];

// git check-ref-format, roughly: no spaces, control characters, `..`, `~^:?*[\`, or leading `-`/`/`.
const REF_PATTERN = /^(?!-)(?!\/)(?!.*\.\.)(?!.*\/\/)(?!.*\.$)(?!.*\/$)[^\s~^:?*[\\\x00-\x1f\x7f]{1,255}$/;
const DETAILS_PATH = /^\/([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})\/(?:actions\/runs\/\d{1,20}(?:\/job\/\d{1,20})?|runs\/\d{1,20})$/;

/**
 * The same-repository path of a check's Details link (`https://github.com/O/R/actions/runs/…`,
 * `/O/R/runs/…`, any query or fragment dropped), or null when `url` points anywhere else.
 */
export function checkDetailsPath(url, { owner, repo }) {
  let parsed;
  try {
    parsed = new URL(url, 'https://github.com');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.host !== 'github.com') return null;
  const match = DETAILS_PATH.exec(parsed.pathname);
  if (!match || match[1] !== owner || match[2] !== repo) return null;
  return parsed.pathname;
}

/**
 * Returns {kind, owner, repo, number | ref | path} when `message` is a well-formed page request,
 * else null.
 */
export function parsePageFetchRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== PAGE_FETCH_REQUEST) return null;
  const { kind, owner, repo } = message;
  if (!PAGE_FETCH_KINDS.includes(kind) || !isGitHubName(owner) || !isGitHubName(repo)) return null;
  if (kind === 'conversation') {
    return Number.isSafeInteger(message.number) && message.number > 0 ? { kind, owner, repo, number: message.number } : null;
  }
  if (kind === 'branch-checks') {
    return typeof message.ref === 'string' && REF_PATTERN.test(message.ref) ? { kind, owner, repo, ref: message.ref } : null;
  }
  const path = typeof message.path === 'string' ? checkDetailsPath(message.path, { owner, repo }) : null;
  return path === message.path ? { kind, owner, repo, path } : null;
}

export function pageFetchRequest(request) {
  return { type: PAGE_FETCH_REQUEST, ...request };
}

const segment = encodeURIComponent;

/** The github.com URL of a parsed request. */
export function pageFetchUrl(request) {
  const repoBase = `https://github.com/${segment(request.owner)}/${segment(request.repo)}`;
  if (request.kind === 'conversation') return `${repoBase}/pull/${request.number}`;
  if (request.kind === 'branch-checks') return `${repoBase}/commit/${request.ref.split('/').map(segment).join('/')}/checks`;
  return `https://github.com${request.path}`;
}
