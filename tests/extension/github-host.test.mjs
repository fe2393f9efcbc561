// shared/github-host.js and the keys that carry a host: which names are Enterprise hosts, where
// each host serves what, and github.com's keys spelled as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  GITHUB_COM, diffSources, enterpriseHostPermissions, isGitHubHost, isServedHost, normalizeEnterpriseHost, rawFileSources,
} from '../../extension/shared/github-host.js';
import { pullRequestKey } from '../../extension/shared/pull-request-key.js';
import { reviewStateKey } from '../../extension/content/review-storage.js';
import { ListSummaryStore } from '../../extension/background/list-summary-store.js';

test('an Enterprise host is a DNS name of two labels or more, not an address, a port or one of GitHub\'s own', () => {
  assert.equal(normalizeEnterpriseHost(' GHE.Example.com '), 'ghe.example.com');
  assert.equal(normalizeEnterpriseHost('https://git.corp.example/'), 'git.corp.example');
  assert.equal(normalizeEnterpriseHost('a-1.b2.example'), 'a-1.b2.example');
  for (const bad of ['github.com', 'gist.github.com', 'raw.githubusercontent.com', 'github.githubassets.com', 'localhost',
    '192.168.0.1', 'ghe.example.com:8443', 'http://ghe.example.com', 'ghe.example.com/path', 'ghe..example.com',
    '-ghe.example.com', 'ghe-.example.com', 'ghe example.com', 'ghé.example.com', `${'a'.repeat(64)}.example.com`, '', null, 7]) {
    assert.equal(normalizeEnterpriseHost(bad), null, String(bad));
  }
  assert.equal(isGitHubHost(GITHUB_COM), true);
  assert.equal(isGitHubHost('ghe.example.com'), true);
  assert.equal(isGitHubHost('GHE.example.com'), false, 'a host in a message is already normalised');
  assert.equal(isGitHubHost(undefined), false);
});

test('the extension works on github.com and on the Enterprise hosts added, no other', () => {
  assert.equal(isServedHost(GITHUB_COM, []), true);
  assert.equal(isServedHost('ghe.example.com', ['ghe.example.com']), true);
  assert.equal(isServedHost('ghe.example.com', []), false);
  assert.equal(isServedHost('other.example.com', ['ghe.example.com']), false);
});

test('where each host serves diffs and raw files', () => {
  assert.deepEqual(diffSources({ owner: 'ROCm', repo: 'ATOM' }),
    ['https://github.com', 'https://patch-diff.githubusercontent.com'], 'raw.githubusercontent.com serves user content, never a .diff');
  assert.deepEqual(diffSources({ host: 'ghe.example.com', owner: 'acme', repo: 'widgets' }),
    ['https://ghe.example.com/acme/widgets/pull', 'https://ghe.example.com/raw', 'https://raw.ghe.example.com']);
  assert.deepEqual(rawFileSources(), ['https://raw.githubusercontent.com']);
  assert.deepEqual(rawFileSources('ghe.example.com'), ['https://ghe.example.com/raw', 'https://raw.ghe.example.com']);
  assert.deepEqual(enterpriseHostPermissions('ghe.example.com'), ['https://ghe.example.com/*', 'https://raw.ghe.example.com/*']);
});

test('keys: github.com\'s as before, an Enterprise host\'s start with the host', async () => {
  const pr = { owner: 'acme', repo: 'widgets', number: 7 };
  assert.equal(pullRequestKey(pr), 'acme/widgets#7');
  assert.equal(pullRequestKey({ ...pr, host: 'github.com' }), 'acme/widgets#7');
  assert.equal(pullRequestKey({ ...pr, host: 'ghe.example.com' }), 'ghe.example.com/acme/widgets#7');
  assert.equal(reviewStateKey(pr, 'abc'), 'atom-review:pr:acme/widgets#7@abc');
  assert.equal(reviewStateKey({ ...pr, host: 'ghe.example.com' }, 'abc'), 'atom-review:pr:ghe.example.com/acme/widgets#7@abc');
  assert.notEqual(ListSummaryStore.keyOf({ ...pr, headSha: 'a' }), ListSummaryStore.keyOf({ ...pr, host: 'ghe.example.com', headSha: 'a' }));
  assert.equal(ListSummaryStore.keyOf({ ...pr, headSha: 'a' }), 'acme/widgets#7@a');
});
