// Which pack applies to a repository and what the engine gets for it. Pure: the built-in packs
// ([{id, pack}], from the build) and the packs state (shared/pack-store.js) come in as arguments.
//   The pack applying: the user's choice for the repository (when that pack still exists and, for
//   an imported one, is enabled), else the first built-in pack whose repos name it, else the first
//   enabled imported pack whose repos name it, else none.
//   meta.pack: nothing for a built-in pack without overrides (the engine picks the same one itself);
//   otherwise the pack with the user's overrides merged into its `rules` (built-in rules) and its
//   `custom_rules` (off removes one; a level sets its severity).
import { repoPatternMatches } from './scope.js';
import { userPackId } from './pack-store.js';

const names = (pack, repository) => (pack.repos ?? []).some((pattern) => repoPatternMatches(pattern, repository));

/** Every pack the user may choose: [{id, pack, builtIn}] (imported ones only when enabled). */
export function availablePacks(builtInPacks, packs) {
  return [...builtInPacks.map(({ id, pack }) => ({ id, pack, builtIn: true })),
    ...packs.userPacks.filter((user) => user.enabled).map((user) => ({ id: userPackId(user.name), pack: user.pack, builtIn: false }))];
}

/** → {id, pack, builtIn, chosen} for {owner, repo}, or null when no pack names it. */
export function applyingPack(builtInPacks, packs, repository) {
  const available = availablePacks(builtInPacks, packs);
  const choice = packs.packChoices[`${repository.owner}/${repository.repo}`.toLowerCase()];
  const chosen = available.find((entry) => entry.id === choice);
  if (chosen) return { ...chosen, chosen: true };
  const named = available.find((entry) => entry.builtIn && names(entry.pack, repository))
    ?? available.find((entry) => !entry.builtIn && names(entry.pack, repository));
  return named ? { ...named, chosen: false } : null;
}

/** The pack with `overrides` ({ruleId: level}) merged in; custom rules by their id, built-in rules in `rules`. */
export function packWithOverrides(pack, overrides = {}) {
  const customIds = new Set((pack.custom_rules ?? []).map((rule) => rule.id));
  const rules = { ...(pack.rules ?? {}) };
  for (const [ruleId, level] of Object.entries(overrides)) {
    if (customIds.has(ruleId)) continue;
    rules[ruleId] = level === 'off' ? { enabled: false } : { severity: level };
  }
  const customRules = (pack.custom_rules ?? []).filter((rule) => overrides[rule.id] !== 'off')
    .map((rule) => (overrides[rule.id] ? { ...rule, severity: overrides[rule.id] } : rule));
  const merged = { ...pack };
  if (Object.keys(rules).length > 0) merged.rules = rules;
  if (pack.custom_rules) merged.custom_rules = customRules;
  return merged;
}

/** The meta's `pack` for a review of {owner, repo}: a pack object, or null for the unchanged built-in (or none). */
export function reviewPack(builtInPacks, packs, repository) {
  const applying = applyingPack(builtInPacks, packs, repository);
  if (!applying) return null;
  const overrides = packs.ruleOverrides[applying.id] ?? {};
  if (applying.builtIn && Object.keys(overrides).length === 0) {
    // The engine picks a built-in pack by the repository itself; one the user chose for another
    // repository is sent, since the engine would not pick it there.
    return applying.chosen && !names(applying.pack, repository) ? applying.pack : null;
  }
  return packWithOverrides(applying.pack, overrides);
}
