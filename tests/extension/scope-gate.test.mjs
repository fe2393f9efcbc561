// background/scope-gate.js: the background answers requests for repositories in scope only, on
// github.com and the Enterprise hosts added, and names the asking tab's host in what it passes on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OUT_OF_SCOPE, scopeGatedListener } from '../../extension/background/scope-gate.js';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const tabOn = (host) => ({ id: ID, url: `https://${host}/ROCm/ATOM/pull/1/files`, tab: { id: 3 } });

function gate(patterns = ['ROCm/ATOM', 'octo/*'], { hosts = [], sender = tabOn('github.com') } = {}) {
  const calls = [];
  const answering = (name) => (message, _sender, sendResponse) => {
    calls.push({ name, message });
    sendResponse({ ok: true, from: name });
    return true;
  };
  const listener = scopeGatedListener({ review: answering('review'), 'github-page': answering('page'),
    malformed: () => false }, async () => ({ patterns, hosts }), ID);
  const ask = (message, from = sender) => new Promise((resolve) => {
    const kept = listener(message, from, resolve);
    if (!kept) resolve('no answer');
  });
  return { calls, ask };
}

test('a request for a repository in scope reaches its listener', async () => {
  const { calls, ask } = gate();
  assert.deepEqual(await ask({ type: 'review', owner: 'ROCm', repo: 'ATOM', number: 1 }), { ok: true, from: 'review' });
  assert.deepEqual(await ask({ type: 'github-page', owner: 'octo', repo: 'demo' }), { ok: true, from: 'page' });
  assert.deepEqual(calls.map((call) => call.name), ['review', 'page']);
});

test('a request for a repository out of scope is refused and its listener never runs', async () => {
  const { calls, ask } = gate();
  for (const message of [
    { type: 'review', owner: 'torvalds', repo: 'linux', number: 1 },
    { type: 'github-page', owner: 'ROCm', repo: 'aiter-fork' },
    { type: 'review', number: 1 },
    { type: 'review', owner: 'ROCm', repo: '*', number: 1 },
  ]) {
    const answer = await ask(message);
    assert.equal(answer.ok, false);
    assert.equal(answer.kind, OUT_OF_SCOPE);
  }
  assert.equal(calls.length, 0);
});

test('other messages are left alone; a listener that does not answer still gets the port closed with a reason', async () => {
  const { ask } = gate();
  assert.equal(await ask({ type: 'something-else', owner: 'ROCm', repo: 'ATOM' }), 'no answer');
  assert.equal(await ask(null), 'no answer');
  assert.equal((await ask({ type: 'malformed', owner: 'ROCm', repo: 'ATOM' })).kind, 'failed');
});

test('the scope is read at each request: removing a repository stops its requests at once', async () => {
  let patterns = ['octo/demo'];
  const listener = scopeGatedListener({ review: (_m, _s, sendResponse) => { sendResponse({ ok: true }); return true; } },
    async () => ({ patterns, hosts: [] }), ID);
  const ask = (message) => new Promise((resolve) => { listener(message, tabOn('github.com'), resolve); });
  assert.equal((await ask({ type: 'review', owner: 'octo', repo: 'demo' })).ok, true);
  patterns = [];
  assert.equal((await ask({ type: 'review', owner: 'octo', repo: 'demo' })).kind, OUT_OF_SCOPE);
});

test('the listener gets the asking tab\'s host, whatever the message says', async () => {
  const { calls, ask } = gate(['ROCm/ATOM'], { hosts: ['ghe.example.com'] });
  await ask({ type: 'review', owner: 'ROCm', repo: 'ATOM', number: 1, host: 'evil.example' });
  await ask({ type: 'review', owner: 'ROCm', repo: 'ATOM', number: 1 }, tabOn('ghe.example.com'));
  assert.deepEqual(calls.map((call) => call.message.host), ['github.com', 'ghe.example.com']);
});

test('an Enterprise host works only once added; a HOST/ pattern holds on that host alone', async () => {
  const { calls, ask } = gate(['ROCm/ATOM', 'ghe.example.com/acme/*'], { hosts: ['ghe.example.com'] });
  const other = await ask({ type: 'review', owner: 'ROCm', repo: 'ATOM', number: 1 }, tabOn('ghe.other.example'));
  assert.equal(other.kind, OUT_OF_SCOPE);
  assert.match(other.error, /ghe\.other\.example is not a GitHub host atom-review was given/);
  assert.equal((await ask({ type: 'review', owner: 'acme', repo: 'widgets', number: 1 }, tabOn('ghe.example.com'))).ok, true);
  assert.equal((await ask({ type: 'review', owner: 'acme', repo: 'widgets', number: 1 })).kind, OUT_OF_SCOPE,
    'acme/* was added for the Enterprise host, not for github.com');
  assert.equal((await ask({ type: 'review', owner: 'ROCm', repo: 'ATOM', number: 1 }, tabOn('ghe.example.com'))).ok, true,
    'a pattern without a host holds on every host');
  assert.equal(calls.length, 2);
});
