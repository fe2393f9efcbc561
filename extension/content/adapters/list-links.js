// Pull request links on list pages: `/OWNER/REPO/pull/N` and nothing longer.
const PULL_PATH = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/pull\/(\d+)\/?$/;

/** {owner, repo, number} for a link to a pull request's main page, else null. */
export function pullRequestOfLink(link) {
  let url;
  try {
    url = new URL(link.getAttribute('href') ?? '', link.ownerDocument.location.href);
  } catch {
    return null;
  }
  if (url.origin !== link.ownerDocument.location.origin) return null;
  const match = PULL_PATH.exec(url.pathname);
  if (!match) return null;
  const number = Number(match[3]);
  return Number.isSafeInteger(number) && number > 0 ? { owner: match[1], repo: match[2], number } : null;
}
