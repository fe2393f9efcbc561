// The pure parts of reading a pull request's context: the links the panel builds, the check
// states read from GitHub's icons and texts, bot authors, and the page-fetch messages the
// background accepts (it must fetch nothing but the same PR's github.com pages).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkStateFromIcon, checkStateFromText } from '../../extension/content/adapters/conversation-checks.js';
import { isBotAuthor } from '../../extension/content/adapters/conversation-comments.js';
import { externalHref, issueHref } from '../../extension/content/pr-context/links.js';
import { checkDetailsPath, pageFetchRequest, pageFetchUrl, parsePageFetchRequest } from '../../extension/shared/page-fetch-messages.js';

test('linked-issue hrefs come from validated owner/repo/number only', () => {
  assert.equal(issueHref('#12', 'ROCm/ATOM'), '/ROCm/ATOM/issues/12');
  assert.equal(issueHref('ROCm/aiter#45', 'ROCm/ATOM'), '/ROCm/aiter/issues/45');
  for (const [reference, repository] of [['#12', undefined], ['#12', 'ROCm'], ['#0', 'ROCm/ATOM'], ['12', 'ROCm/ATOM'],
    ['#12 ', 'ROCm/ATOM'], ['javascript:alert(1)#1', 'ROCm/ATOM'], ['../x#1', 'ROCm/ATOM'], ['a/b/c#1', 'ROCm/ATOM'],
    ['#12', '../../evil'], ['#12', 'ROCm/ATOM?x'], ['../..#1', 'ROCm/ATOM'], ['#1', './..'], [null, 'ROCm/ATOM']]) {
    assert.equal(issueHref(reference, repository), null, `${reference} in ${repository}`);
  }
});

test('Details links are kept only when https', () => {
  assert.equal(externalHref('https://readthedocs.org/projects/x/builds/1/'), 'https://readthedocs.org/projects/x/builds/1/');
  for (const url of ['javascript:alert(1)', 'http://ci.example/1', 'data:text/html,x', '/relative', 'https://u:p@x.example/', null]) {
    assert.equal(externalHref(url), null, String(url));
  }
});

test('check states from the octicon, else from the status text', () => {
  assert.equal(checkStateFromIcon(['octicon', 'octicon-check', 'color-fg-success']), 'success');
  assert.equal(checkStateFromIcon(['octicon', 'octicon-x']), 'failure');
  assert.equal(checkStateFromIcon(['octicon-skip']), 'skipped');
  assert.equal(checkStateFromIcon(['octicon-dot-fill', 'hx_dot-fill-pending-icon']), 'pending');
  assert.equal(checkStateFromIcon(['octicon-stop']), 'cancelled');
  assert.equal(checkStateFromIcon(['octicon-git-pull-request']), null);
  assert.equal(checkStateFromText('— Failing after 2m'), 'failure');
  assert.equal(checkStateFromText('Successful in 40s'), 'success');
  assert.equal(checkStateFromText('Timed out after 6h'), 'timed_out');
  assert.equal(checkStateFromText('Queued — Waiting to run this check...'), 'pending');
  assert.equal(checkStateFromText('test-failure-handling'), null, 'a name is not a state');
});

test('bots: [bot] logins, /apps/ links, the "bot" label, Copilot', () => {
  assert.equal(isBotAuthor({ name: 'github-actions[bot]' }), true);
  assert.equal(isBotAuthor({ name: 'Copilot' }), true);
  assert.equal(isBotAuthor({ name: 'copilot-pull-request-reviewer[bot]' }), true);
  assert.equal(isBotAuthor({ name: 'ci-helper', href: '/apps/ci-helper' }), true);
  assert.equal(isBotAuthor({ name: 'ci-helper', labels: ['Bot'] }), true);
  assert.equal(isBotAuthor({ name: 'valarLip', href: '/valarLip', labels: ['Member', 'Author'] }), false);
  assert.equal(isBotAuthor({ name: 'robotics-dev', href: '/robotics-dev' }), false);
});

test('page requests round-trip and name only the same repository\'s pages', () => {
  const conversation = { kind: 'conversation', host: 'github.com', owner: 'ROCm', repo: 'ATOM', number: 7 };
  assert.deepEqual(parsePageFetchRequest(pageFetchRequest(conversation)), conversation);
  assert.equal(pageFetchUrl(conversation), 'https://github.com/ROCm/ATOM/pull/7');
  const base = { kind: 'branch-checks', host: 'github.com', owner: 'ROCm', repo: 'ATOM', ref: 'release/v0.2' };
  assert.deepEqual(parsePageFetchRequest(pageFetchRequest(base)), base);
  assert.equal(pageFetchUrl(base), 'https://github.com/ROCm/ATOM/commit/release/v0.2/checks');
  const details = { kind: 'check-details', host: 'github.com', owner: 'ROCm', repo: 'ATOM', path: '/ROCm/ATOM/actions/runs/123/job/456' };
  assert.deepEqual(parsePageFetchRequest(pageFetchRequest(details)), details);
  assert.equal(pageFetchUrl(details), 'https://github.com/ROCm/ATOM/actions/runs/123/job/456');
  // On an Enterprise host (the scope gate writes the asking tab's host): the same pages there.
  const onHost = parsePageFetchRequest({ ...pageFetchRequest(details), host: 'ghe.example.com' });
  assert.equal(pageFetchUrl(onHost), 'https://ghe.example.com/ROCm/ATOM/actions/runs/123/job/456');
  assert.equal(pageFetchUrl(parsePageFetchRequest({ ...pageFetchRequest(conversation), host: 'ghe.example.com' })),
    'https://ghe.example.com/ROCm/ATOM/pull/7');
  assert.equal(pageFetchRequest({ ...conversation, host: 'ghe.example.com' }).host, undefined, 'a page never names the host');
  for (const message of [null, {}, { ...conversation }, pageFetchRequest({ ...conversation, number: 0 }),
    pageFetchRequest({ ...conversation, number: '7' }), pageFetchRequest({ ...conversation, owner: '..' }),
    pageFetchRequest({ ...conversation, repo: 'ATOM/../x' }), pageFetchRequest({ ...conversation, kind: 'diff' }),
    pageFetchRequest({ ...base, ref: '../../settings' }), pageFetchRequest({ ...base, ref: 'a b' }), pageFetchRequest({ ...base, ref: '-x' }),
    pageFetchRequest({ ...base, ref: 'main?x=1' }), pageFetchRequest({ ...details, path: '/other/repo/actions/runs/1' }),
    pageFetchRequest({ ...details, path: 'https://evil.example/ROCm/ATOM/actions/runs/1' }),
    pageFetchRequest({ ...details, path: '/ROCm/ATOM/settings' }), pageFetchRequest({ ...details, path: '/ROCm/ATOM/actions/runs/1?x=1' }),
    { ...pageFetchRequest(conversation), host: 'evil.example/x' }, { ...pageFetchRequest(conversation), host: '10.0.0.1' }]) {
    assert.equal(parsePageFetchRequest(message), null, JSON.stringify(message));
  }
});

test('a check\'s Details path is kept only for this repository\'s Actions runs on its host', () => {
  const here = { owner: 'ROCm', repo: 'ATOM' };
  assert.equal(checkDetailsPath('https://github.com/ROCm/ATOM/actions/runs/9/job/10?pr=3#step:4:1', here), '/ROCm/ATOM/actions/runs/9/job/10');
  assert.equal(checkDetailsPath('https://github.com/ROCm/ATOM/runs/11', here), '/ROCm/ATOM/runs/11');
  for (const url of ['https://github.com/ROCm/aiter/actions/runs/9', 'https://readthedocs.org/ROCm/ATOM/actions/runs/9',
    'http://github.com/ROCm/ATOM/actions/runs/9', 'https://github.com.evil.example/ROCm/ATOM/actions/runs/9',
    'https://github.com/ROCm/ATOM/pull/3']) {
    assert.equal(checkDetailsPath(url, here), null, url);
  }
  const onHost = { host: 'ghe.example.com', owner: 'ROCm', repo: 'ATOM' };
  assert.equal(checkDetailsPath('https://ghe.example.com/ROCm/ATOM/actions/runs/9', onHost), '/ROCm/ATOM/actions/runs/9');
  assert.equal(checkDetailsPath('/ROCm/ATOM/runs/11', onHost), '/ROCm/ATOM/runs/11');
  assert.equal(checkDetailsPath('https://github.com/ROCm/ATOM/actions/runs/9', onHost), null, 'github.com is another host');
});
