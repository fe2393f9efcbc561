// The user's settings, owned by this module alone: which features are switched off, the
// repositories added to the scope, the GitHub Enterprise hosts added, whether the rules
// measured off run too (as notes, for a reviewer who gives verdicts on them), and per repository
// whether its snapshot is downloaded, with the cap on the snapshots kept. Small settings live in
// storage.sync (they follow the user's browsers; 8 KB an item, so each is its own item and a write that would not fit is refused here);
// the user's packs are bigger and live in storage.local (shared/pack-store.js). Every reader goes through loadSettings() and onSettingsChanged().
import { FEATURE_IDS } from './features.js';
import { normalizeEnterpriseHost } from './github-host.js';
import { normalizeRepoPattern, repoPatternMatches } from './scope.js';

export const SYNC_KEYS = {
  features: 'atomReview.features', // {featureId: false} for each feature switched off (on by default)
  repos: 'atomReview.repos', // ['[HOST/]OWNER/REPO' | '[HOST/]OWNER/*'] added to the built-in packs' repositories
  // ['ghe.example.com']: Enterprise hosts the user added. One works only while the browser also
  // grants its permissions (background/enterprise-hosts.js registers the content script there).
  hosts: 'atomReview.hosts',
  offRules: 'atomReview.offRules', // true: reviews on a pull request's pages run every rule (meta.all_rules)
  // {'[HOST/]OWNER/REPO': 'never' | 'always'}: whether a repository's snapshot is downloaded; absent: ask.
  snapshotPolicies: 'atomReview.snapshotPolicies',
  snapshotCacheMiB: 'atomReview.snapshotCacheMiB', // the cap on the snapshots kept, in MiB
};
// chrome.storage.sync.QUOTA_BYTES_PER_ITEM: key plus JSON value.
export const SYNC_ITEM_MAX_BYTES = 8192;
export const MAX_REPOS = 200;
export const MAX_HOSTS = 20;
export const SNAPSHOT_POLICIES = ['never', 'ask', 'always'];
export const SNAPSHOT_CACHE_MIB = { default: 200, min: 16, max: 4096 };

const unique = (list) => [...new Set(list)];

/** Settings from what storage holds: anything of the wrong shape reads as the default. */
export function settingsFromStorage(items) {
  const features = {};
  const storedFeatures = items?.[SYNC_KEYS.features];
  if (storedFeatures && typeof storedFeatures === 'object') {
    for (const id of FEATURE_IDS) if (storedFeatures[id] === false) features[id] = false;
  }
  const list = (key, normalize, max) => {
    const stored = items?.[key];
    return Array.isArray(stored) ? unique(stored.map(normalize).filter(Boolean)).slice(0, max) : [];
  };
  return { features, repos: list(SYNC_KEYS.repos, normalizeRepoPattern, MAX_REPOS),
    hosts: list(SYNC_KEYS.hosts, normalizeEnterpriseHost, MAX_HOSTS), offRules: items?.[SYNC_KEYS.offRules] === true,
    snapshotPolicies: snapshotPoliciesFrom(items?.[SYNC_KEYS.snapshotPolicies]),
    snapshotCacheMiB: isCacheMiB(items?.[SYNC_KEYS.snapshotCacheMiB]) ? items[SYNC_KEYS.snapshotCacheMiB] : SNAPSHOT_CACHE_MIB.default };
}

const isCacheMiB = (value) => Number.isInteger(value) && value >= SNAPSHOT_CACHE_MIB.min && value <= SNAPSHOT_CACHE_MIB.max;

function snapshotPoliciesFrom(stored) {
  const policies = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return policies;
  for (const [text, policy] of Object.entries(stored).slice(0, MAX_REPOS)) {
    const pattern = normalizeRepoPattern(text);
    if (pattern && (policy === 'never' || policy === 'always')) policies[pattern] = policy;
  }
  return policies;
}

/**
 * Whether the snapshot of {host?, owner, repo} is downloaded: 'never', 'ask' (the default) or
 * 'always'. A pattern without `*` wins over one with (ROCm/ATOM over ROCm/*).
 */
export function snapshotPolicy(settings, repository) {
  const matching = Object.keys(settings.snapshotPolicies).filter((pattern) => repoPatternMatches(pattern, repository))
    .sort((a, b) => a.split('*').length - b.split('*').length || (a < b ? -1 : 1));
  return matching.length > 0 ? settings.snapshotPolicies[matching[0]] : 'ask';
}

export function isFeatureOn(settings, id) {
  return settings.features[id] !== false;
}

export class SettingsTooLarge extends Error {}

function syncItem(key, value) {
  const bytes = new TextEncoder().encode(key + JSON.stringify(value)).byteLength;
  if (bytes > SYNC_ITEM_MAX_BYTES) throw new SettingsTooLarge(`${key} would take ${bytes} bytes, more than the ${SYNC_ITEM_MAX_BYTES} a synced item may`);
  return { [key]: value };
}

/** Reads the settings; `storage` is chrome.storage (or browser.storage). */
export async function loadSettings(storage) {
  return settingsFromStorage(await storage.sync.get(Object.values(SYNC_KEYS)));
}

/** Switches feature `id` on or off. */
export async function setFeatureOn(storage, id, on) {
  if (!FEATURE_IDS.includes(id)) throw new Error(`no feature ${id}`);
  const { features } = await loadSettings(storage);
  const next = { ...features };
  if (on) delete next[id];
  else next[id] = false;
  await storage.sync.set(syncItem(SYNC_KEYS.features, next));
}

/** Whether reviews run the rules measured off too, as notes (off by default). */
export async function setOffRulesRun(storage, on) {
  await storage.sync.set({ [SYNC_KEYS.offRules]: on === true });
}

/** Sets the snapshot policy of `[HOST/]OWNER/REPO` (or a pattern); 'ask' removes the entry. */
export async function setSnapshotPolicy(storage, text, policy) {
  const pattern = normalizeRepoPattern(text);
  if (!pattern) throw new Error(`${JSON.stringify(text)} is not OWNER/REPO, OWNER/* or HOST/OWNER/REPO`);
  if (!SNAPSHOT_POLICIES.includes(policy)) throw new Error(`${JSON.stringify(policy)} is not never, ask or always`);
  const next = { ...(await loadSettings(storage)).snapshotPolicies };
  if (policy === 'ask') delete next[pattern];
  else next[pattern] = policy;
  if (Object.keys(next).length > MAX_REPOS) throw new SettingsTooLarge(`at most ${MAX_REPOS} repositories`);
  await storage.sync.set(syncItem(SYNC_KEYS.snapshotPolicies, next));
}

/** Sets the cap on the snapshots kept, in MiB (a whole number from 16 to 4096). */
export async function setSnapshotCacheMiB(storage, mib) {
  if (!isCacheMiB(mib)) throw new Error(`the snapshots' cap must be a whole number of MiB from ${SNAPSHOT_CACHE_MIB.min} to ${SNAPSHOT_CACHE_MIB.max}`);
  await storage.sync.set({ [SYNC_KEYS.snapshotCacheMiB]: mib });
}

/** Replaces the added repositories (each normalised; one that is not [HOST/]OWNER/REPO or [HOST/]OWNER/* throws). */
export async function setRepos(storage, repos) {
  const normalized = repos.map((text) => {
    const pattern = normalizeRepoPattern(text);
    if (!pattern) throw new Error(`${JSON.stringify(text)} is not OWNER/REPO, OWNER/* or HOST/OWNER/REPO`);
    return pattern;
  });
  if (normalized.length > MAX_REPOS) throw new SettingsTooLarge(`at most ${MAX_REPOS} repositories`);
  await storage.sync.set(syncItem(SYNC_KEYS.repos, unique(normalized)));
}

/** Replaces the added Enterprise hosts (each normalised; one that is not a host name throws). */
export async function setHosts(storage, hosts) {
  const normalized = hosts.map((text) => {
    const host = normalizeEnterpriseHost(text);
    if (!host) throw new Error(`${JSON.stringify(text)} is not a GitHub Enterprise host name`);
    return host;
  });
  if (normalized.length > MAX_HOSTS) throw new SettingsTooLarge(`at most ${MAX_HOSTS} Enterprise hosts`);
  await storage.sync.set(syncItem(SYNC_KEYS.hosts, unique(normalized)));
}

/**
 * Calls `listener(settings)` with the new settings whenever one of them changes (in this or any
 * other extension context), until `signal` aborts.
 */
export function onSettingsChanged(storage, listener, signal) {
  const keys = new Set(Object.values(SYNC_KEYS));
  const onChanged = (changes, area) => {
    if (area !== 'sync' || !Object.keys(changes).some((key) => keys.has(key))) return;
    loadSettings(storage).then(listener, () => {});
  };
  storage.onChanged.addListener(onChanged);
  signal?.addEventListener('abort', () => storage.onChanged.removeListener(onChanged), { once: true });
}
