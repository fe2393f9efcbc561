// Messages by which a content script asks the background for one of a pull request's pages
// (content scripts never fetch). The background only ever builds the URL itself, from validated
// parts and the host of the tab that asked, so a message cannot make it fetch anything but these
// pages of this repository:
//   conversation   /OWNER/REPO/pull/N                 (the files page reads the PR's context there)
//   branch-checks  /OWNER/REPO/commit/REF/checks      (the checks of the base branch's latest commit)
//   check-details  /OWNER/REPO/actions/runs/ID[/job/ID] or /OWNER/REPO/runs/ID (a check's Details)

import { isGitHubName } from './github-name.js';
import { GITHUB_COM, hostOf, isGitHubHost, siteOrigin } from './github-host.js';

export const PAGE_FETCH_REQUEST = 'github-page';
export const PAGE_FETCH_KINDS = ['conversation', 'branch-checks', 'check-details'];

// git check-ref-format, roughly: no spaces, control characters, `..`, `~^:?*[\`, or leading `-`/`/`.
const REF_PATTERN = /^(?!-)(?!\/)(?!.*\.\.)(?!.*\/\/)(?!.*\.$)(?!.*\/$)[^\s~^:?*[\\\x00-\x1f\x7f]{1,255}$/;
const DETAILS_PATH = /^\/([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})\/(?:actions\/runs\/\d{1,20}(?:\/job\/\d{1,20})?|runs\/\d{1,20})$/;

/**
 * The same-repository path of a check's Details link (`https://HOST/O/R/actions/runs/…`,
 * `/O/R/runs/…`, any query or fragment dropped), or null when `url` points anywhere else.
 */
export function checkDetailsPath(url, repository) {
  const { owner, repo } = repository;
  const host = hostOf(repository);
  let parsed;
  try {
    parsed = new URL(url, siteOrigin(host));
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.host !== host) return null;
  const match = DETAILS_PATH.exec(parsed.pathname);
  if (!match || match[1] !== owner || match[2] !== repo) return null;
  return parsed.pathname;
}

/**
 * Returns {kind, host, owner, repo, number | ref | path} when `message` is a well-formed page
 * request, else null. `host` is the one the background's scope gate wrote (the asking tab's).
 */
export function parsePageFetchRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== PAGE_FETCH_REQUEST) return null;
  const { kind, owner, repo } = message;
  const host = message.host ?? GITHUB_COM;
  if (!PAGE_FETCH_KINDS.includes(kind) || !isGitHubHost(host) || !isGitHubName(owner) || !isGitHubName(repo)) return null;
  if (kind === 'conversation') {
    return Number.isSafeInteger(message.number) && message.number > 0 ? { kind, host, owner, repo, number: message.number } : null;
  }
  if (kind === 'branch-checks') {
    return typeof message.ref === 'string' && REF_PATTERN.test(message.ref) ? { kind, host, owner, repo, ref: message.ref } : null;
  }
  const path = typeof message.path === 'string' ? checkDetailsPath(message.path, { host, owner, repo }) : null;
  return path === message.path ? { kind, host, owner, repo, path } : null;
}

// The host is not part of the message: the background takes it from the tab that asks.
export function pageFetchRequest({ host, ...request }) {
  return { type: PAGE_FETCH_REQUEST, ...request };
}

const segment = encodeURIComponent;

/** The URL of a parsed request, on its host. */
export function pageFetchUrl(request) {
  const site = siteOrigin(hostOf(request));
  const repoBase = `${site}/${segment(request.owner)}/${segment(request.repo)}`;
  if (request.kind === 'conversation') return `${repoBase}/pull/${request.number}`;
  if (request.kind === 'branch-checks') return `${repoBase}/commit/${request.ref.split('/').map(segment).join('/')}/checks`;
  return `${site}${request.path}`;
}
