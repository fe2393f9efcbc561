// Which GitHub page is this? Pure functions of the URL path, shared by every feature.

const PR_FILES_PATH = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\/(?:files|changes)(?:\/[^/]*)?\/?$/;

/**
 * On a pull request's files page (classic `/files`, React `/changes`, and their commit-range
 * forms) returns {owner, repo, number}; anywhere else null.
 */
export function matchPullRequestFilesPage(pathname) {
  const match = PR_FILES_PATH.exec(pathname);
  if (!match) return null;
  const number = Number(match[3]);
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { owner: decodeURIComponent(match[1]), repo: decodeURIComponent(match[2]), number };
}

const PR_PAGE_PATH = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/(files|changes)(?:\/[^/]*)?)?\/?$/;

/**
 * On a pull request's conversation or files page returns {owner, repo, number, tab}
 * (tab: 'conversation' | 'files'); anywhere else null.
 */
export function matchPullRequestPage(pathname) {
  const match = PR_PAGE_PATH.exec(pathname);
  if (!match) return null;
  const number = Number(match[3]);
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { owner: decodeURIComponent(match[1]), repo: decodeURIComponent(match[2]), number,
    tab: match[4] ? 'files' : 'conversation' };
}

const REPO_LIST_PATH = /^\/([^/]+)\/([^/]+)\/(pulls|issues)\/?$/;
const GLOBAL_LIST_PATH = /^\/(pulls|issues)(?:\/(?:assigned|created|mentioned|review-requested))?\/?$/;

/**
 * On a list that can show pull requests (a repository's `/pulls` or `/issues`, the global
 * `/pulls` or `/issues` and their assigned/created/mentioned/review-requested tabs) returns {scope: 'repository'|'global', owner?, repo?}; else null.
 */
export function matchPullRequestListPage(pathname) {
  const repoMatch = REPO_LIST_PATH.exec(pathname);
  if (repoMatch) {
    return { scope: 'repository', owner: decodeURIComponent(repoMatch[1]), repo: decodeURIComponent(repoMatch[2]) };
  }
  return GLOBAL_LIST_PATH.test(pathname) ? { scope: 'global' } : null;
}
