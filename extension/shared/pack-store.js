// The user's packs, owned by this module alone (storage.local: a pack may be up to 1 MiB, far past
// storage.sync's 8 KB an item). Three items:
//   atomReview.userPacks     [{name, enabled, pack}]  imported packs, each already validated by the engine
//   atomReview.ruleOverrides {packId: {ruleId: 'off'|'note'|'warn'|'red'}}  per-rule overrides
//   atomReview.packChoices   {'owner/repo' (lower case): packId}  which pack applies where the user chose
// A pack's id is `built-in:<file name>` for a built-in pack and `user:<name>` for an imported one.
// Every reader goes through loadPacks() and onPacksChanged().

export const LOCAL_KEYS = {
  userPacks: 'atomReview.userPacks',
  ruleOverrides: 'atomReview.ruleOverrides',
  packChoices: 'atomReview.packChoices',
};
export const OVERRIDE_LEVELS = ['off', 'note', 'warn', 'red'];
export const MAX_USER_PACKS = 20;

export const userPackId = (name) => `user:${name}`;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The packs state from what storage holds: anything of the wrong shape reads as absent. */
export function packsFromStorage(items) {
  const stored = items?.[LOCAL_KEYS.userPacks];
  const userPacks = (Array.isArray(stored) ? stored : [])
    .filter((user) => isObject(user) && typeof user.name === 'string' && isObject(user.pack) && Array.isArray(user.pack.repos))
    .map((user) => ({ name: user.name, enabled: user.enabled !== false, pack: user.pack }))
    .slice(0, MAX_USER_PACKS);
  const ruleOverrides = {};
  const overrides = items?.[LOCAL_KEYS.ruleOverrides];
  for (const [packId, rules] of Object.entries(isObject(overrides) ? overrides : {})) {
    if (!isObject(rules)) continue;
    const kept = Object.fromEntries(Object.entries(rules).filter(([, level]) => OVERRIDE_LEVELS.includes(level)));
    if (Object.keys(kept).length > 0) ruleOverrides[packId] = kept;
  }
  const choices = items?.[LOCAL_KEYS.packChoices];
  const packChoices = Object.fromEntries(Object.entries(isObject(choices) ? choices : {})
    .filter(([repo, packId]) => typeof packId === 'string' && repo === repo.toLowerCase()));
  return { userPacks, ruleOverrides, packChoices };
}

/** Reads the packs state; `storage` is chrome.storage (or browser.storage). */
export async function loadPacks(storage) {
  return packsFromStorage(await storage.local.get(Object.values(LOCAL_KEYS)));
}

/**
 * Keeps `pack` (a pack object the engine's validatePack accepted) under its name, enabled; an
 * imported pack of the same name is replaced (its overrides and choices stay).
 */
export async function addUserPack(storage, pack) {
  if (!isObject(pack) || typeof pack.name !== 'string' || !Array.isArray(pack.repos)) throw new Error('not a pack');
  const { userPacks } = await loadPacks(storage);
  const others = userPacks.filter((user) => user.name !== pack.name);
  if (others.length >= MAX_USER_PACKS) throw new Error(`at most ${MAX_USER_PACKS} packs`);
  await storage.local.set({ [LOCAL_KEYS.userPacks]: [...others, { name: pack.name, enabled: true, pack }] });
}

export async function setUserPackEnabled(storage, name, enabled) {
  const { userPacks } = await loadPacks(storage);
  await storage.local.set({ [LOCAL_KEYS.userPacks]: userPacks.map((user) => (user.name === name ? { ...user, enabled } : user)) });
}

/** Removes the pack, its overrides and every choice of it. */
export async function removeUserPack(storage, name) {
  const { userPacks, ruleOverrides, packChoices } = await loadPacks(storage);
  const id = userPackId(name);
  const { [id]: _dropped, ...overrides } = ruleOverrides;
  await storage.local.set({
    [LOCAL_KEYS.userPacks]: userPacks.filter((user) => user.name !== name),
    [LOCAL_KEYS.ruleOverrides]: overrides,
    [LOCAL_KEYS.packChoices]: Object.fromEntries(Object.entries(packChoices).filter(([, chosen]) => chosen !== id)),
  });
}

/** Sets rule `ruleId` of pack `packId` to `level` (one of OVERRIDE_LEVELS), or back to the pack's own with null. */
export async function setRuleOverride(storage, packId, ruleId, level) {
  if (level !== null && !OVERRIDE_LEVELS.includes(level)) throw new Error(`${level} is not one of ${OVERRIDE_LEVELS.join(', ')}`);
  const { ruleOverrides } = await loadPacks(storage);
  const rules = { ...(ruleOverrides[packId] ?? {}) };
  if (level === null) delete rules[ruleId];
  else rules[ruleId] = level;
  await storage.local.set({ [LOCAL_KEYS.ruleOverrides]: { ...ruleOverrides, [packId]: rules } });
}

/** Makes `packId` the pack for `owner/repo`, or (null) goes back to the default. */
export async function setPackChoice(storage, { owner, repo }, packId) {
  const { packChoices } = await loadPacks(storage);
  const key = `${owner}/${repo}`.toLowerCase();
  const next = { ...packChoices };
  if (packId === null) delete next[key];
  else next[key] = packId;
  await storage.local.set({ [LOCAL_KEYS.packChoices]: next });
}

/** Calls `listener(packs)` whenever one of the items changes (in any extension context), until `signal` aborts. */
export function onPacksChanged(storage, listener, signal) {
  const keys = new Set(Object.values(LOCAL_KEYS));
  const onChanged = (changes, area) => {
    if (area !== 'local' || !Object.keys(changes).some((key) => keys.has(key))) return;
    loadPacks(storage).then(listener, () => {});
  };
  storage.onChanged.addListener(onChanged);
  signal?.addEventListener('abort', () => storage.onChanged.removeListener(onChanged), { once: true });
}
