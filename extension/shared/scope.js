// Which repositories the extension works on: the built-in packs' repositories (read from
// core/packs/*.json when the extension is built) and the ones the user added (`OWNER/REPO` or
// `OWNER/*`). Names compare case-insensitively, as GitHub's do. Both the content script (before it
// asks for anything) and the background (before it fetches anything) decide with inScope().
import { isGitHubName } from './github-name.js';

/** `OWNER/REPO` or `OWNER/*` (spaces around it ignored) → {owner, repo} (repo may be '*'), else null. */
export function parseRepoPattern(text) {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split('/');
  if (parts.length !== 2) return null;
  const [owner, repo] = parts;
  if (!isGitHubName(owner) || !(repo === '*' || isGitHubName(repo))) return null;
  return { owner, repo };
}

/** The pattern as stored: `OWNER/REPO` or `OWNER/*`, or null when `text` is not one. */
export function normalizeRepoPattern(text) {
  const pattern = parseRepoPattern(text);
  return pattern ? `${pattern.owner}/${pattern.repo}` : null;
}

/** True when {owner, repo} matches one of `patterns` (strings as normalizeRepoPattern keeps them). */
export function inScope({ owner, repo }, patterns) {
  if (!isGitHubName(owner) || !isGitHubName(repo)) return false;
  const ownerKey = owner.toLowerCase();
  const repoKey = repo.toLowerCase();
  return patterns.some((text) => {
    const pattern = parseRepoPattern(text);
    return pattern !== null && pattern.owner.toLowerCase() === ownerKey
      && (pattern.repo === '*' || pattern.repo.toLowerCase() === repoKey);
  });
}

/** Every pattern in scope: the built-in packs' repositories, then the user's. */
export function scopePatterns(builtInRepos, settings) {
  return [...builtInRepos, ...settings.repos];
}
