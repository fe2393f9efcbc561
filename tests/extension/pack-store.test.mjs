// shared/pack-store.js: the user's packs in storage.local, overrides, choices, the change event.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  LOCAL_KEYS, MAX_USER_PACKS, addUserPack, loadPacks, onPacksChanged, packsFromStorage, removeUserPack, setPackChoice,
  setRuleOverride, setUserPackEnabled, userPackId,
} from '../../extension/shared/pack-store.js';
import { fakeStorage } from './support/fake-storage.mjs';

const pack = (name, extra = {}) => ({ name, repos: ['octo/demo'], ...extra });

test('nothing stored: no pack, no override, no choice', async () => {
  assert.deepEqual(await loadPacks(fakeStorage()), { userPacks: [], ruleOverrides: {}, packChoices: {} });
});

test('an imported pack is kept in storage.local, enabled; the same name again replaces it', async () => {
  const storage = fakeStorage();
  await addUserPack(storage, pack('mine', { version: '1' }));
  await addUserPack(storage, pack('other'));
  await addUserPack(storage, pack('mine', { version: '2' }));
  assert.equal(storage.sync.items.size, 0, 'nothing in storage.sync');
  const { userPacks } = await loadPacks(storage);
  assert.deepEqual(userPacks.map((user) => [user.name, user.enabled, user.pack.version]), [['other', true, undefined], ['mine', true, '2']]);
  await assert.rejects(addUserPack(storage, { repos: [] }), /not a pack/);
  await assert.rejects(addUserPack(storage, { name: 'x' }), /not a pack/);
});

test('at most MAX_USER_PACKS packs', async () => {
  const storage = fakeStorage();
  for (let i = 0; i < MAX_USER_PACKS; i += 1) await addUserPack(storage, pack(`p${i}`));
  await assert.rejects(addUserPack(storage, pack('one-more')), /at most/);
  await addUserPack(storage, pack('p3', { version: 'new' })); // a replacement still fits
  assert.equal((await loadPacks(storage)).userPacks.length, MAX_USER_PACKS);
});

test('enable / disable; removal drops the pack, its overrides and the choices of it', async () => {
  const storage = fakeStorage();
  await addUserPack(storage, pack('mine'));
  await addUserPack(storage, pack('kept'));
  await setUserPackEnabled(storage, 'mine', false);
  assert.deepEqual((await loadPacks(storage)).userPacks.map((user) => user.enabled), [false, true]);
  await setRuleOverride(storage, userPackId('mine'), 'HK3', 'off');
  await setRuleOverride(storage, 'built-in:atom', 'C3', 'note');
  await setPackChoice(storage, { owner: 'Octo', repo: 'Demo' }, userPackId('mine'));
  await setPackChoice(storage, { owner: 'octo', repo: 'other' }, userPackId('kept'));
  await removeUserPack(storage, 'mine');
  assert.deepEqual(await loadPacks(storage), {
    userPacks: [{ name: 'kept', enabled: true, pack: pack('kept') }],
    ruleOverrides: { 'built-in:atom': { C3: 'note' } },
    packChoices: { 'octo/other': userPackId('kept') },
  });
});

test('overrides: off / note / warn / red, null goes back to the pack\'s own, anything else is refused', async () => {
  const storage = fakeStorage();
  await setRuleOverride(storage, 'built-in:atom', 'HK3', 'off');
  await setRuleOverride(storage, 'built-in:atom', 'C3', 'red');
  await setRuleOverride(storage, 'built-in:atom', 'HK3', null);
  assert.deepEqual((await loadPacks(storage)).ruleOverrides, { 'built-in:atom': { C3: 'red' } });
  await assert.rejects(setRuleOverride(storage, 'built-in:atom', 'C3', 'loud'), /not one of/);
});

test('choices are per repository, case-insensitively; null is the default again', async () => {
  const storage = fakeStorage();
  await setPackChoice(storage, { owner: 'ROCm', repo: 'ATOM' }, 'user:mine');
  assert.deepEqual((await loadPacks(storage)).packChoices, { 'rocm/atom': 'user:mine' });
  await setPackChoice(storage, { owner: 'rocm', repo: 'atom' }, null);
  assert.deepEqual((await loadPacks(storage)).packChoices, {});
});

test('stored values of the wrong shape read as absent', () => {
  assert.deepEqual(packsFromStorage({
    [LOCAL_KEYS.userPacks]: [{ name: 'ok', pack: { name: 'ok', repos: [] } }, { name: 7, pack: {} }, { name: 'no-repos', pack: { name: 'x' } }, null],
    [LOCAL_KEYS.ruleOverrides]: { a: { HK3: 'off', C3: 'loud' }, b: 'x', c: { D1: 3 } },
    [LOCAL_KEYS.packChoices]: { 'o/r': 'user:ok', 'O/R': 'user:ok', 'o/x': 5 },
  }), {
    userPacks: [{ name: 'ok', enabled: true, pack: { name: 'ok', repos: [] } }],
    ruleOverrides: { a: { HK3: 'off' } },
    packChoices: { 'o/r': 'user:ok' },
  });
  assert.deepEqual(packsFromStorage({ [LOCAL_KEYS.userPacks]: 'x', [LOCAL_KEYS.ruleOverrides]: [], [LOCAL_KEYS.packChoices]: null }),
    { userPacks: [], ruleOverrides: {}, packChoices: {} });
});

test('the change event gives the new state, for local changes of our keys only, until aborted', async () => {
  const storage = fakeStorage();
  const seen = [];
  const controller = new AbortController();
  onPacksChanged(storage, (packs) => seen.push(packs), controller.signal);
  await addUserPack(storage, pack('mine'));
  await storage.sync.set({ [LOCAL_KEYS.userPacks]: [] }); // another area
  await storage.local.set({ unrelated: 1 });
  await new Promise((resolve) => { setTimeout(resolve, 10); });
  assert.equal(seen.length, 1);
  assert.equal(seen[0].userPacks[0].name, 'mine');
  controller.abort();
  assert.equal(storage.onChanged.count, 0);
});
