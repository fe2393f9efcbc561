// shared/ghe-hosts.js: a host's permission and content script come and go together.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addGheHost, forgetHostsWhosePermissionWasRemoved, removeGheHost } from '../../extension/shared/ghe-hosts.js';
import { loadSettings } from '../../extension/shared/settings.js';
import { fakeStorage } from './support/fake-storage.mjs';

function fakeApi({ grant = true } = {}) {
  const granted = new Set();
  const scripts = new Map();
  const removedListeners = [];
  return {
    granted, scripts, removedListeners,
    storage: fakeStorage(),
    permissions: {
      async request({ origins }) { if (grant) for (const origin of origins) granted.add(origin); return grant; },
      async remove({ origins }) { for (const origin of origins) granted.delete(origin); return true; },
      onRemoved: { addListener: (listener) => removedListeners.push(listener) },
    },
    scripting: {
      async getRegisteredContentScripts({ ids }) { return ids.filter((id) => scripts.has(id)).map((id) => scripts.get(id)); },
      async registerContentScripts(list) {
        for (const script of list) {
          if (scripts.has(script.id)) throw new Error(`duplicate id ${script.id}`);
          scripts.set(script.id, script);
        }
      },
      async unregisterContentScripts({ ids }) { for (const id of ids) scripts.delete(id); },
    },
  };
}

test('adding a host asks for its permission, registers the content script for it and keeps it', async () => {
  const api = fakeApi();
  assert.equal(await addGheHost(api, ' GitHub.Example.com '), 'github.example.com');
  assert.deepEqual([...api.granted], ['https://github.example.com/*']);
  const [script] = api.scripts.values();
  assert.deepEqual(script.matches, ['https://github.example.com/*']);
  assert.deepEqual(script.js, ['content.js']);
  assert.deepEqual((await loadSettings(api.storage)).gheHosts, ['github.example.com']);
  await addGheHost(api, 'github.example.com'); // again: still one script, one host
  assert.equal(api.scripts.size, 1);
  assert.deepEqual((await loadSettings(api.storage)).gheHosts, ['github.example.com']);
});

test('a refused permission or a bad host changes nothing', async () => {
  const api = fakeApi({ grant: false });
  await assert.rejects(addGheHost(api, 'github.example.com'), /not granted/);
  await assert.rejects(addGheHost(fakeApi(), 'https://github.example.com/'), /not a host name/);
  assert.equal(api.scripts.size, 0);
  assert.deepEqual((await loadSettings(api.storage)).gheHosts, []);
});

test('removing a host unregisters its script and gives its permission back', async () => {
  const api = fakeApi();
  await addGheHost(api, 'a.example.com');
  await addGheHost(api, 'b.example.com');
  await removeGheHost(api, 'a.example.com');
  assert.deepEqual([...api.granted], ['https://b.example.com/*']);
  assert.deepEqual([...api.scripts.keys()], ['ghe-b.example.com']);
  assert.deepEqual((await loadSettings(api.storage)).gheHosts, ['b.example.com']);
});

test('a permission taken away in the browser\'s UI forgets the host and its script', async () => {
  const api = fakeApi();
  forgetHostsWhosePermissionWasRemoved(api);
  await addGheHost(api, 'a.example.com');
  api.granted.delete('https://a.example.com/*');
  for (const listener of api.removedListeners) listener({ origins: ['https://a.example.com/*'] });
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  assert.equal(api.scripts.size, 0);
  assert.deepEqual((await loadSettings(api.storage)).gheHosts, []);
});
