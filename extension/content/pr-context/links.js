// Links the panel's context sections may carry, built only from validated parts: an issue
// reference the engine reports ("#12", "ROCm/aiter#45") becomes an issue address on the page's own
// host (github.com or an Enterprise host), and a check's Details link is kept only when it is https.
import { isGitHubName } from '../../shared/github-name.js';

const NAME = '[A-Za-z0-9_.-]{1,100}';
const REFERENCE = new RegExp(`^(?:(${NAME})/(${NAME}))?#([1-9][0-9]{0,9})$`);
const REPOSITORY = new RegExp(`^(${NAME})/(${NAME})$`);

/**
 * `/OWNER/REPO/issues/N` (on the page's host) for `reference` ("#N" in `repository`
 * "owner/repo", or "owner/repo#N"), or null when either is not of that shape. GitHub sends
 * /issues/N of a pull request on to /pull/N.
 */
export function issueHref(reference, repository) {
  const match = typeof reference === 'string' ? REFERENCE.exec(reference) : null;
  if (!match) return null;
  let [, owner, repo] = match;
  if (!owner) {
    const here = typeof repository === 'string' ? REPOSITORY.exec(repository) : null;
    if (!here) return null;
    [, owner, repo] = here;
  }
  if (!isGitHubName(owner) || !isGitHubName(repo)) return null;
  return `/${owner}/${repo}/issues/${match[3]}`;
}

/** `url` normalised when it is an https address, else null. */
export function externalHref(url) {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password ? parsed.href : null;
  } catch {
    return null;
  }
}
