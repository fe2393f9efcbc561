// The background answers only this extension's content scripts in github.com tabs.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  fromOurExtensionPages, fromOurGitHubTabs, isOurExtensionPage, isOurGitHubTab, senderGitHubHost,
} from '../../extension/background/message-sender.js';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const PR_URL = 'https://github.com/ROCm/ATOM/pull/7/files';
const tabSender = (overrides = {}) => ({ id: ID, url: PR_URL, tab: { id: 3, url: PR_URL }, ...overrides });

test('our content script in a github.com tab is heard', () => {
  assert.equal(isOurGitHubTab(tabSender(), ID), true);
  assert.equal(isOurGitHubTab(tabSender({ tab: { id: 3 } }), ID), true, 'a tab whose address is not disclosed, in a github.com frame');
});

test('anyone else is not', () => {
  const refused = {
    'another extension': tabSender({ id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }),
    'no id': tabSender({ id: undefined }),
    'an extension page (no tab)': { id: ID, url: `chrome-extension://${ID}/page.html` },
    'a frame of another site in a github.com tab': tabSender({ url: 'https://evil.example/frame' }),
    'a github.com frame in a tab of another site': tabSender({ tab: { id: 3, url: 'https://evil.example/' } }),
    'plain http': tabSender({ url: 'http://github.com/ROCm/ATOM/pull/7', tab: { id: 3, url: 'http://github.com/ROCm/ATOM/pull/7' } }),
    'a look-alike host': tabSender({ url: 'https://github.com.evil.example/x', tab: { id: 3, url: 'https://github.com.evil.example/x' } }),
    'a sub-domain': tabSender({ url: 'https://gist.github.com/x', tab: { id: 3, url: 'https://gist.github.com/x' } }),
    'no address': tabSender({ url: undefined }),
    'not an address': tabSender({ url: 'not a url' }),
  };
  for (const [what, sender] of Object.entries(refused)) assert.equal(isOurGitHubTab(sender, ID), false, what);
  assert.equal(isOurGitHubTab(null, ID), false);
  assert.equal(isOurGitHubTab(tabSender(), undefined), false, 'without our own id nothing is ours');
});

test('the sender\'s host: github.com, or a name that may be an Enterprise host (the scope gate checks it was added)', () => {
  assert.equal(senderGitHubHost(tabSender(), ID), 'github.com');
  const ghe = 'https://ghe.example.com/acme/widgets/pull/7/files';
  assert.equal(senderGitHubHost(tabSender({ url: ghe, tab: { id: 3, url: ghe } }), ID), 'ghe.example.com');
  assert.equal(isOurGitHubTab(tabSender({ url: ghe, tab: { id: 3, url: ghe } }), ID), false, 'not github.com');
  for (const [what, sender] of Object.entries({
    'an Enterprise frame in a github.com tab': tabSender({ url: ghe }),
    'plain http': tabSender({ url: 'http://ghe.example.com/x', tab: { id: 3 } }),
    'an address, not a name': tabSender({ url: 'https://10.0.0.1/x', tab: { id: 3 } }),
    'a port': tabSender({ url: 'https://ghe.example.com:8443/x', tab: { id: 3 } }),
    'a single label': tabSender({ url: 'https://intranet/x', tab: { id: 3 } }),
  })) assert.equal(senderGitHubHost(sender, ID), null, what);
});

test('a wrapped listener never sees a refused message, and answers nothing', () => {
  const seen = [];
  const listener = fromOurGitHubTabs((message) => { seen.push(message); return true; }, ID);
  assert.equal(listener({ n: 1 }, tabSender({ id: 'other' }), () => assert.fail('answered')), false);
  assert.deepEqual(seen, []);
  assert.equal(listener({ n: 2 }, tabSender(), () => {}), true);
  assert.deepEqual(seen, [{ n: 2 }]);
});

test('every background message listener goes through the sender check', () => {
  const dir = join(import.meta.dirname, '..', '..', 'extension', 'background');
  const registrations = readdirSync(dir).flatMap((name) => readFileSync(join(dir, name), 'utf8')
    .split('\n').filter((line) => /\.onMessage(External)?\.addListener\(/.test(line)).map((line) => `${name}: ${line.trim()}`));
  assert.ok(registrations.length > 0, 'the background listens somewhere');
  for (const line of registrations) assert.match(line, /addListener\(from(OurGitHubTabs|OurExtensionPages)\(/, line);
});

test('the options page (our own extension page) is heard by the extension-page check; nothing else is', () => {
  const ORIGIN = `chrome-extension://${ID}`;
  const page = { id: ID, url: `${ORIGIN}/options.html`, tab: { id: 4, url: `${ORIGIN}/options.html` } };
  assert.equal(isOurExtensionPage(page, ID, ORIGIN), true);
  assert.equal(isOurExtensionPage({ ...page, tab: undefined }, ID, ORIGIN), true, 'a page without a tab');
  assert.equal(isOurExtensionPage(tabSender(), ID, ORIGIN), false, 'our content script on github.com');
  assert.equal(isOurExtensionPage({ ...page, id: 'other' }, ID, ORIGIN), false);
  assert.equal(isOurExtensionPage({ ...page, url: `chrome-extension://${'z'.repeat(32)}/options.html` }, ID, ORIGIN), false);
  assert.equal(isOurExtensionPage({ ...page, url: `${ORIGIN}.evil.example/x` }, ID, ORIGIN), false);
  assert.equal(isOurExtensionPage({ ...page, url: undefined }, ID, ORIGIN), false);
  const seen = [];
  const listener = fromOurExtensionPages((message) => { seen.push(message); return true; }, ID, ORIGIN);
  assert.equal(listener({ n: 1 }, tabSender(), () => assert.fail('answered')), false);
  assert.equal(listener({ n: 2 }, page, () => {}), true);
  assert.deepEqual(seen, [{ n: 2 }]);
});
