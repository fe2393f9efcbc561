// shared/pack-choice.js (which pack applies, meta.pack) and the review cache key that includes it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtInPacks as readBuiltInPacks } from '../../extension/pack-repos.mjs';
import { applyingPack, availablePacks, packWithOverrides, reviewPack } from '../../extension/shared/pack-choice.js';
import { packsFromStorage, userPackId } from '../../extension/shared/pack-store.js';
import { BUILT_IN_PACK_KEY, packKey, reviewRequestKey } from '../../extension/background/review-request-key.js';
import { ListSummaryStore } from '../../extension/background/list-summary-store.js';

const BUILT_IN = [
  { id: 'built-in:aiter', pack: { name: 'aiter', repos: ['ROCm/aiter'] } },
  { id: 'built-in:atom', pack: { name: 'ATOM', repos: ['ROCm/ATOM'], rules: { HK4: { severity: 'note' } } } },
];
const ATOM = { owner: 'rocm', repo: 'atom' };
const MINE = {
  name: 'mine', repos: ['ROCm/ATOM', 'me/*'], rules: { C3: { enabled: false } },
  custom_rules: [{ id: 'X-sync', pattern: 'sync\\(\\)', severity: 'warn', problem: 'p', impact: 'i', action: 'a' }],
};
const state = ({ enabled = true, overrides = {}, choices = {} } = {}) => ({
  ...packsFromStorage({}), userPacks: [{ name: 'mine', enabled, pack: MINE }], ruleOverrides: overrides, packChoices: choices,
});

test('the built-in packs are read from core/packs with their ids; the schema is not one', () => {
  const packs = readBuiltInPacks(join(import.meta.dirname, '..', '..', 'core', 'packs'));
  assert.deepEqual(packs.map(({ id }) => id), ['built-in:aiter', 'built-in:atom']);
  assert.equal(packs[1].pack.name, 'ATOM');
});

test('by default the built-in pack whose repos name the repository applies, and meta.pack stays empty', () => {
  assert.equal(applyingPack(BUILT_IN, state(), ATOM).id, 'built-in:atom');
  assert.equal(reviewPack(BUILT_IN, state(), ATOM), null);
  assert.equal(applyingPack(BUILT_IN, state(), { owner: 'octo', repo: 'demo' }), null, 'no pack names it');
});

test('an enabled imported pack applies where no built-in pack does; a disabled one nowhere', () => {
  assert.equal(applyingPack(BUILT_IN, state(), { owner: 'me', repo: 'thing' }).id, userPackId('mine'));
  assert.deepEqual(reviewPack(BUILT_IN, state(), { owner: 'me', repo: 'thing' }), MINE);
  assert.equal(applyingPack(BUILT_IN, state({ enabled: false }), { owner: 'me', repo: 'thing' }), null);
  assert.deepEqual(availablePacks(BUILT_IN, state({ enabled: false })).map(({ id }) => id), ['built-in:aiter', 'built-in:atom']);
});

test('the user\'s choice wins while the chosen pack is available; meta.pack is that pack', () => {
  const chosen = state({ choices: { 'rocm/atom': userPackId('mine') } });
  assert.equal(applyingPack(BUILT_IN, chosen, { owner: 'ROCm', repo: 'ATOM' }).id, userPackId('mine'));
  assert.deepEqual(reviewPack(BUILT_IN, chosen, ATOM), MINE);
  const disabled = state({ enabled: false, choices: { 'rocm/atom': userPackId('mine') } });
  assert.equal(applyingPack(BUILT_IN, disabled, ATOM).id, 'built-in:atom', 'a disabled choice falls back to the default');
  // A built-in pack chosen for a repository it does not name must be sent: the engine would not pick it.
  const elsewhere = state({ choices: { 'octo/demo': 'built-in:atom' } });
  assert.deepEqual(reviewPack(BUILT_IN, elsewhere, { owner: 'octo', repo: 'demo' }), BUILT_IN[1].pack);
  assert.equal(reviewPack(BUILT_IN, state({ choices: { 'rocm/atom': 'built-in:atom' } }), ATOM), null);
});

test('overrides are merged into the built-in pack\'s rules, and then it is sent', () => {
  const packs = state({ overrides: { 'built-in:atom': { HK3: 'off', HK4: 'red', D1: 'warn' } } });
  assert.deepEqual(reviewPack(BUILT_IN, packs, ATOM), {
    name: 'ATOM', repos: ['ROCm/ATOM'],
    rules: { HK4: { severity: 'red' }, HK3: { enabled: false }, D1: { severity: 'warn' } },
  });
  assert.deepEqual(BUILT_IN[1].pack.rules, { HK4: { severity: 'note' } }, 'the built-in pack itself is unchanged');
});

test('overrides of a custom rule: off removes it, a level sets its severity', () => {
  assert.deepEqual(packWithOverrides(MINE, { 'X-sync': 'off' }).custom_rules, []);
  assert.equal(packWithOverrides(MINE, { 'X-sync': 'note' }).custom_rules[0].severity, 'note');
  assert.equal(packWithOverrides(MINE, { 'X-sync': 'note' }).rules['X-sync'], undefined, 'not a built-in rule setting');
  assert.deepEqual(packWithOverrides(MINE, {}), MINE);
});

test('the review cache key changes with the pack, and not without one', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 1, title: 't' };
  const builtIn = reviewRequestKey(pr);
  assert.equal(reviewRequestKey(pr, null), builtIn);
  const mine = reviewRequestKey(pr, MINE);
  const changed = reviewRequestKey(pr, packWithOverrides(MINE, { 'X-sync': 'note' }));
  assert.notEqual(mine, builtIn);
  assert.notEqual(changed, mine);
  assert.equal(reviewRequestKey(pr, structuredClone(MINE)), mine, 'the same pack, the same key');
  assert.equal(packKey(null), BUILT_IN_PACK_KEY);
  assert.match(packKey(MINE), /^\d+\.[0-9a-f]{8}$/);
});

test('a list row\'s storage key names the pack unless it is the built-in one', () => {
  const row = { owner: 'ROCm', repo: 'ATOM', number: 3, headSha: 'a'.repeat(40) };
  assert.equal(ListSummaryStore.keyOf({ ...row, packKey: BUILT_IN_PACK_KEY }), ListSummaryStore.keyOf(row));
  assert.notEqual(ListSummaryStore.keyOf({ ...row, packKey: packKey(MINE) }), ListSummaryStore.keyOf(row));
});
