// background/enterprise-hosts.js: the content script is registered on exactly the Enterprise hosts
// that are added and granted, and never twice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostScript, hostScriptSyncer, syncHostScripts } from '../../extension/background/enterprise-hosts.js';

// chrome.scripting and chrome.permissions as far as the module uses them.
function fakeBrowser({ granted = [], registered = [] } = {}) {
  const scripts = new Map(registered.map((script) => [script.id, script]));
  const calls = [];
  return {
    calls,
    scripts,
    granted: new Set(granted),
    scripting: {
      getRegisteredContentScripts: async () => [...scripts.values()],
      registerContentScripts: async (list) => {
        calls.push(['register', list.map((script) => script.id)]);
        for (const script of list) {
          if (scripts.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
          scripts.set(script.id, script);
        }
      },
      unregisterContentScripts: async ({ ids }) => {
        calls.push(['unregister', ids]);
        for (const id of ids) scripts.delete(id);
      },
    },
    get permissions() {
      const granted = this.granted;
      return { contains: async ({ origins }) => origins.every((origin) => granted.has(origin)) };
    },
  };
}
const both = (host) => [`https://${host}/*`, `https://raw.${host}/*`];

test('the registration is the manifest\'s content script, on the host', () => {
  assert.deepEqual(hostScript('ghe.example.com'), { id: 'atom-review-host:ghe.example.com', matches: ['https://ghe.example.com/*'],
    js: ['content.js'], css: ['content.css'], runAt: 'document_idle' });
});

test('hosts added and granted get the script; a host not granted, or no longer added, does not', async () => {
  const browser = fakeBrowser({ granted: [...both('a.example'), 'https://b.example/*'],
    registered: [hostScript('gone.example'), { id: 'someone-else', matches: [] }] });
  const hosts = await syncHostScripts({ hosts: ['a.example', 'b.example'], scripting: browser.scripting, permissions: browser.permissions });
  assert.deepEqual(hosts, ['a.example'], 'b.example lacks its raw subdomain\'s permission');
  assert.deepEqual([...browser.scripts.keys()].sort(), ['atom-review-host:a.example', 'someone-else']);
  await syncHostScripts({ hosts: ['a.example'], scripting: browser.scripting, permissions: browser.permissions });
  assert.deepEqual(browser.calls, [['unregister', ['atom-review-host:gone.example']], ['register', ['atom-review-host:a.example']]],
    'nothing registered twice');
});

test('a permission taken back in the browser unregisters at the next sync', async () => {
  const browser = fakeBrowser({ granted: both('a.example') });
  await syncHostScripts({ hosts: ['a.example'], scripting: browser.scripting, permissions: browser.permissions });
  browser.granted.clear();
  assert.deepEqual(await syncHostScripts({ hosts: ['a.example'], scripting: browser.scripting, permissions: browser.permissions }), []);
  assert.equal(browser.scripts.size, 0);
});

test('without the scripting permission nothing is registered and nothing fails', async () => {
  assert.deepEqual(await syncHostScripts({ hosts: ['a.example'], scripting: undefined, permissions: fakeBrowser().permissions }), []);
});

test('syncs run one after another, so two quick changes never register a host twice', async () => {
  const browser = fakeBrowser({ granted: both('a.example') });
  const warnings = [];
  const sync = hostScriptSyncer({ readHosts: async () => ['a.example'], api: browser, log: { warn: (...args) => warnings.push(args) } });
  await Promise.all([sync(), sync(), sync()]);
  assert.deepEqual(warnings, []);
  assert.deepEqual(browser.calls, [['register', ['atom-review-host:a.example']]]);
  const failing = hostScriptSyncer({ readHosts: async () => { throw new Error('storage gone'); }, api: browser,
    log: { warn: (...args) => warnings.push(args) } });
  await failing();
  assert.equal(warnings.length, 1, 'a failure is logged, not thrown');
});
