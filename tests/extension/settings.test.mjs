// shared/settings.js: what is stored where, defaults, validation, the sync item limit, the change event.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FEATURE_IDS } from '../../extension/shared/features.js';
import {
  MAX_HOSTS, MAX_REPOS, SYNC_ITEM_MAX_BYTES, SYNC_KEYS, SettingsTooLarge, isFeatureOn, loadSettings,
  SNAPSHOT_CACHE_MIB, onSettingsChanged, setFeatureOn, setHosts, setOffRulesRun, setRepos, setSnapshotCacheMiB, setSnapshotPolicy,
  settingsFromStorage, snapshotPolicy,
} from '../../extension/shared/settings.js';
import { fakeStorage } from './support/fake-storage.mjs';

test('nothing stored: every feature on, no added repository, no Enterprise host, the off rules not run', async () => {
  const settings = await loadSettings(fakeStorage());
  assert.deepEqual(settings, { features: {}, repos: [], hosts: [], offRules: false, snapshotPolicies: {}, snapshotCacheMiB: 200 });
  for (const id of FEATURE_IDS) assert.equal(isFeatureOn(settings, id), true, id);
});

test('a feature switched off is stored in storage.sync, and on again removes the entry', async () => {
  const storage = fakeStorage();
  await setFeatureOn(storage, 'list-badges', false);
  assert.deepEqual(storage.sync.items.get(SYNC_KEYS.features), { 'list-badges': false });
  assert.equal(storage.local.items.size, 0);
  const settings = await loadSettings(storage);
  assert.equal(isFeatureOn(settings, 'list-badges'), false);
  assert.equal(isFeatureOn(settings, 'tier-badges'), true);
  await setFeatureOn(storage, 'list-badges', true);
  assert.deepEqual(storage.sync.items.get(SYNC_KEYS.features), {});
  await assert.rejects(setFeatureOn(storage, 'no-such-feature', false), /no feature/);
});

test('running the rules measured off is stored in storage.sync, and can be switched off again', async () => {
  const storage = fakeStorage();
  await setOffRulesRun(storage, true);
  assert.equal(storage.sync.items.get(SYNC_KEYS.offRules), true);
  assert.equal((await loadSettings(storage)).offRules, true);
  await setOffRulesRun(storage, false);
  assert.equal(storage.sync.items.get(SYNC_KEYS.offRules), false);
  assert.equal((await loadSettings(storage)).offRules, false);
});

test('repositories are validated, normalised and kept once', async () => {
  const storage = fakeStorage();
  await setRepos(storage, [' octo/demo ', 'octo/*', 'octo/demo', 'GHE.Example.com/acme/*']);
  assert.deepEqual((await loadSettings(storage)).repos, ['octo/demo', 'octo/*', 'ghe.example.com/acme/*']);
  for (const bad of ['octo', 'octo/demo/extra', '*/demo', 'octo/..', 'octo/de mo', '', 'https://github.com/octo/demo',
    'github.com/octo/demo', '10.0.0.1/octo/demo']) {
    await assert.rejects(setRepos(storage, [bad]), /not OWNER\/REPO/, bad);
  }
  assert.deepEqual((await loadSettings(storage)).repos, ['octo/demo', 'octo/*', 'ghe.example.com/acme/*'], 'a refused write changes nothing');
});

test('Enterprise hosts are validated, normalised, kept once and capped', async () => {
  const storage = fakeStorage();
  await setHosts(storage, ['GHE.example.com', 'https://git.corp.example/', 'ghe.example.com']);
  assert.deepEqual((await loadSettings(storage)).hosts, ['ghe.example.com', 'git.corp.example']);
  for (const bad of ['github.com', 'gist.github.com', 'raw.githubusercontent.com', 'localhost', '10.0.0.1', 'ghe.example.com:8443',
    'ghe.example.com/x', 'http://ghe.example.com', 'ghe..example.com', '-ghe.example.com', '']) {
    await assert.rejects(setHosts(storage, [bad]), /is not a GitHub Enterprise host name/, bad);
  }
  await assert.rejects(setHosts(storage, Array.from({ length: MAX_HOSTS + 1 }, (_, i) => `ghe${i}.example.com`)), SettingsTooLarge);
  assert.deepEqual((await loadSettings(storage)).hosts, ['ghe.example.com', 'git.corp.example'], 'a refused write changes nothing');
});

test('a synced item larger than 8 KB is refused before it is written', async () => {
  const storage = fakeStorage();
  const long = (i) => `owner${i}/${'r'.repeat(90)}${i}`;
  const repos = Array.from({ length: MAX_REPOS }, (_, i) => long(i));
  assert.ok(JSON.stringify(repos).length > SYNC_ITEM_MAX_BYTES);
  await assert.rejects(setRepos(storage, repos), SettingsTooLarge);
  assert.equal(storage.sync.items.has(SYNC_KEYS.repos), false);
  await assert.rejects(setRepos(storage, Array.from({ length: MAX_REPOS + 1 }, (_, i) => `o/r${i}`)), SettingsTooLarge);
});

test('stored values of the wrong shape read as the defaults', () => {
  const settings = settingsFromStorage({
    [SYNC_KEYS.features]: { 'tier-badges': 'no', findings: false, unknown: false },
    [SYNC_KEYS.repos]: ['octo/demo', 42, 'not a repo'],
    [SYNC_KEYS.hosts]: ['ghe.example.com', 'github.com', null],
    [SYNC_KEYS.offRules]: 'yes',
    [SYNC_KEYS.snapshotPolicies]: { 'ROCm/ATOM': 'always', 'octo/demo': 'sometimes', 'not a repo': 'never' },
    [SYNC_KEYS.snapshotCacheMiB]: 1.5,
  });
  assert.deepEqual(settings, { features: { findings: false }, repos: ['octo/demo'], hosts: ['ghe.example.com'], offRules: false,
    snapshotPolicies: { 'ROCm/ATOM': 'always' }, snapshotCacheMiB: 200 });
  assert.deepEqual(settingsFromStorage({ [SYNC_KEYS.snapshotPolicies]: ['ROCm/ATOM'], [SYNC_KEYS.snapshotCacheMiB]: 8 }).snapshotPolicies, {});
  assert.equal(settingsFromStorage({ [SYNC_KEYS.snapshotCacheMiB]: 8 }).snapshotCacheMiB, 200);
});

test('snapshot policies per repository: ask by default, never or always stored, the exact name over a pattern', async () => {
  const storage = fakeStorage();
  const atom = { owner: 'ROCm', repo: 'ATOM' };
  assert.equal(snapshotPolicy(await loadSettings(storage), atom), 'ask');
  await setSnapshotPolicy(storage, 'ROCm/*', 'never');
  await setSnapshotPolicy(storage, ' ROCm/ATOM ', 'always');
  await setSnapshotPolicy(storage, 'ghe.example.com/acme/widgets', 'never');
  assert.deepEqual(storage.sync.items.get(SYNC_KEYS.snapshotPolicies),
    { 'ROCm/*': 'never', 'ROCm/ATOM': 'always', 'ghe.example.com/acme/widgets': 'never' });
  const settings = await loadSettings(storage);
  assert.equal(snapshotPolicy(settings, atom), 'always');
  assert.equal(snapshotPolicy(settings, { owner: 'rocm', repo: 'atom' }), 'always', 'GitHub names ignore case');
  assert.equal(snapshotPolicy(settings, { owner: 'ROCm', repo: 'aiter' }), 'never');
  assert.equal(snapshotPolicy(settings, { host: 'ghe.example.com', owner: 'acme', repo: 'widgets' }), 'never');
  assert.equal(snapshotPolicy(settings, { owner: 'acme', repo: 'widgets' }), 'ask', 'another host');
  await setSnapshotPolicy(storage, 'ROCm/ATOM', 'ask');
  assert.equal(snapshotPolicy(await loadSettings(storage), atom), 'never', 'ask removes the entry; the pattern holds again');
  await assert.rejects(setSnapshotPolicy(storage, 'ROCm', 'never'), /not OWNER\/REPO/);
  await assert.rejects(setSnapshotPolicy(storage, 'ROCm/ATOM', 'sometimes'), /not never, ask or always/);
});

test('the snapshots\' cap: 200 MiB by default, a whole number from 16 to 4096 MiB', async () => {
  const storage = fakeStorage();
  assert.equal((await loadSettings(storage)).snapshotCacheMiB, SNAPSHOT_CACHE_MIB.default);
  await setSnapshotCacheMiB(storage, 512);
  assert.equal((await loadSettings(storage)).snapshotCacheMiB, 512);
  for (const bad of [15, 4097, 1.5, '300', null]) await assert.rejects(setSnapshotCacheMiB(storage, bad), /whole number of MiB from 16 to 4096/, String(bad));
  assert.equal((await loadSettings(storage)).snapshotCacheMiB, 512);
});

test('the change event gives the new settings, for sync changes of our keys only, until aborted', async () => {
  const storage = fakeStorage();
  const seen = [];
  const controller = new AbortController();
  onSettingsChanged(storage, (settings) => seen.push(settings), controller.signal);
  await setFeatureOn(storage, 'findings', false);
  await storage.local.set({ [SYNC_KEYS.repos]: ['a/b'] }); // another area
  await storage.sync.set({ unrelated: 1 });
  await new Promise((resolve) => { setTimeout(resolve, 10); });
  assert.equal(seen.length, 1);
  assert.equal(isFeatureOn(seen[0], 'findings'), false);
  controller.abort();
  assert.equal(storage.onChanged.count, 0);
});
