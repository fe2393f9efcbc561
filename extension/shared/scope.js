// Which repositories the extension works on: the built-in packs' repositories (read from
// core/packs/*.json when the extension is built), the ones the user added (`OWNER/REPO` or
// `OWNER/*`, or `HOST/OWNER/REPO` and `HOST/OWNER/*` for one GitHub Enterprise host) and those
// the user's enabled packs name (either part may be a `*` glob, as in a pack). A pattern without a
// host holds on every host the extension runs on: github.com and the Enterprise hosts the user
// added. Names compare case-insensitively, as GitHub's do. Both the content script (before it asks
// for anything) and the background (before it fetches anything) decide with inScope().
import { isGitHubName } from './github-name.js';
import { hostOf, normalizeEnterpriseHost } from './github-host.js';

/**
 * `OWNER/REPO`, `OWNER/*`, `HOST/OWNER/REPO` or `HOST/OWNER/*` (spaces around it ignored) →
 * {host?, owner, repo} (repo may be '*'; host only when named, lower-cased), else null.
 */
export function parseRepoPattern(text) {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split('/');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const host = parts.length === 3 ? normalizeEnterpriseHost(parts.shift()) : undefined;
  if (host === null) return null;
  const [owner, repo] = parts;
  if (!isGitHubName(owner) || !(repo === '*' || isGitHubName(repo))) return null;
  return { ...(host && { host }), owner, repo };
}

/** The pattern as stored (`[HOST/]OWNER/REPO` or `[HOST/]OWNER/*`), or null when `text` is not one. */
export function normalizeRepoPattern(text) {
  const pattern = parseRepoPattern(text);
  return pattern ? `${pattern.host ? `${pattern.host}/` : ''}${pattern.owner}/${pattern.repo}` : null;
}

// One part of a pattern: GitHub's name characters and `*` (any run of them).
const GLOB_PART = /^[A-Za-z0-9._*-]+$/;
const globPartMatches = (glob, name) => {
  const source = glob.split('*').map((text) => text.replace(/[.]/g, '\\.')).join('[^/]*');
  return new RegExp(`^${source}$`, 'i').test(name);
};

/**
 * True when `text` (`[HOST/]OWNER/REPO`, owner and repository a `*` glob each) names the
 * repository {host?, owner, repo} (host: github.com when absent), case-insensitively.
 */
export function repoPatternMatches(text, repository) {
  if (typeof text !== 'string') return false;
  const parts = text.trim().split('/');
  if (parts.length === 3 && normalizeEnterpriseHost(parts.shift()) !== hostOf(repository)) return false;
  return parts.length === 2 && parts.every((part) => GLOB_PART.test(part))
    && globPartMatches(parts[0], repository.owner) && globPartMatches(parts[1], repository.repo);
}

/** True when {host?, owner, repo} matches one of `patterns` (see repoPatternMatches). */
export function inScope(repository, patterns) {
  if (!isGitHubName(repository.owner) || !isGitHubName(repository.repo)) return false;
  return patterns.some((text) => repoPatternMatches(text, repository));
}

// True for a pattern whose owner is only stars (`*/*`, `**/demo`): every account on GitHub. The
// engine refuses such a pack; one stored before it did is kept out of the scope here.
export function namesEveryOwner(pattern) {
  return typeof pattern === 'string' && /^\*+\//.test(pattern.trim());
}

/**
 * Every pattern in scope: the built-in packs' repositories, the user's, then the repositories of
 * the user's enabled packs (`packs` as shared/pack-store.js loads them; absent: none).
 */
export function scopePatterns(builtInRepos, settings, packs = { userPacks: [] }) {
  const packRepos = packs.userPacks.filter((user) => user.enabled).flatMap((user) => user.pack.repos ?? [])
    .filter((pattern) => !namesEveryOwner(pattern));
  return [...builtInRepos, ...settings.repos, ...packRepos];
}
