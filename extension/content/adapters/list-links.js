// Pull request links on list pages: `/OWNER/REPO/pull/N` and nothing longer.
const PULL_PATH = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/pull\/(\d+)\/?$/;

/** {owner, repo, number} for a link to a pull request's main page, else null. */
export function pullRequestOfLink(link) {
  // Parsed documents (tests, prefetches) have no location; GitHub's own pages always do.
  const base = link.ownerDocument.defaultView?.location?.href ?? 'https://github.com/';
  let url;
  try {
    url = new URL(link.getAttribute('href') ?? '', base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  const match = PULL_PATH.exec(url.pathname);
  if (!match) return null;
  const number = Number(match[3]);
  return Number.isSafeInteger(number) && number > 0 ? { owner: match[1], repo: match[2], number } : null;
}
