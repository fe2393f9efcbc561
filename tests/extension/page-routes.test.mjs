import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchPullRequestFilesPage } from '../../extension/content/page-routes.js';

test('files pages of both UIs, with and without commit ranges', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 1498 };
  for (const path of ['/ROCm/ATOM/pull/1498/files', '/ROCm/ATOM/pull/1498/changes', '/ROCm/ATOM/pull/1498/files/',
    '/ROCm/ATOM/pull/1498/files/0123abc..4567def', '/ROCm/ATOM/pull/1498/changes/0123abc..4567def',
    '/ROCm/ATOM/pull/1498/changes/0123abcdef']) {
    assert.deepEqual(matchPullRequestFilesPage(path), pr, path);
  }
});

test('other pages are not files pages', () => {
  for (const path of ['/ROCm/ATOM/pull/1498', '/ROCm/ATOM/pull/1498/commits', '/ROCm/ATOM/pulls',
    '/ROCm/ATOM/pull/0/files', '/ROCm/ATOM/pull/abc/files', '/ROCm/ATOM/pull/1498/files/a/b', '/ROCm/pull/1/files',
    '/ROCm/ATOM/issues/1498/files', '/', '']) {
    assert.equal(matchPullRequestFilesPage(path), null, path);
  }
});

test('owner and repository names are decoded', () => {
  assert.deepEqual(matchPullRequestFilesPage('/some-org/my.repo_x/pull/7/files'),
    { owner: 'some-org', repo: 'my.repo_x', number: 7 });
});

test('pull request pages with the panel: conversation and files', async () => {
  const { matchPullRequestPage } = await import('../../extension/content/page-routes.js');
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 3 };
  assert.deepEqual(matchPullRequestPage('/ROCm/ATOM/pull/3'), { ...pr, tab: 'conversation' });
  assert.deepEqual(matchPullRequestPage('/ROCm/ATOM/pull/3/'), { ...pr, tab: 'conversation' });
  assert.deepEqual(matchPullRequestPage('/ROCm/ATOM/pull/3/files'), { ...pr, tab: 'files' });
  assert.deepEqual(matchPullRequestPage('/ROCm/ATOM/pull/3/changes/abc1234..def5678'), { ...pr, tab: 'files' });
  for (const path of ['/ROCm/ATOM/pull/3/commits', '/ROCm/ATOM/pull/3/checks', '/ROCm/ATOM/pulls', '/ROCm/ATOM/pull/x']) {
    assert.equal(matchPullRequestPage(path), null, path);
  }
});
