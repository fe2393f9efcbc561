// Which repositories the extension works on: the built-in packs' repositories (read from
// core/packs/*.json when the extension is built), the ones the user added (`OWNER/REPO` or
// `OWNER/*`) and those the user's enabled packs name (either part may be a `*` glob, as in a pack). Names compare case-insensitively, as GitHub's do. Both the content script (before it
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

// One part of a pattern: GitHub's name characters and `*` (any run of them).
const GLOB_PART = /^[A-Za-z0-9._*-]+$/;
const globPartMatches = (glob, name) => {
  const source = glob.split('*').map((text) => text.replace(/[.]/g, '\\.')).join('[^/]*');
  return new RegExp(`^${source}$`, 'i').test(name);
};

/** True when `text` (`OWNER/REPO`, either part a `*` glob) names {owner, repo}, case-insensitively. */
export function repoPatternMatches(text, { owner, repo }) {
  if (typeof text !== 'string') return false;
  const parts = text.trim().split('/');
  return parts.length === 2 && parts.every((part) => GLOB_PART.test(part))
    && globPartMatches(parts[0], owner) && globPartMatches(parts[1], repo);
}

/** True when {owner, repo} matches one of `patterns` (see repoPatternMatches). */
export function inScope({ owner, repo }, patterns) {
  if (!isGitHubName(owner) || !isGitHubName(repo)) return false;
  return patterns.some((text) => repoPatternMatches(text, { owner, repo }));
}

/**
 * Every pattern in scope: the built-in packs' repositories, the user's, then the repositories of
 * the user's enabled packs (`packs` as shared/pack-store.js loads them; absent: none).
 */
export function scopePatterns(builtInRepos, settings, packs = { userPacks: [] }) {
  const packRepos = packs.userPacks.filter((user) => user.enabled).flatMap((user) => user.pack.repos ?? []);
  return [...builtInRepos, ...settings.repos, ...packRepos];
}
