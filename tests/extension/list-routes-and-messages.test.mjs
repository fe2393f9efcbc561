import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchPullRequestListPage } from '../../extension/content/page-routes.js';
import { listSummaryRequest, parseListSummaryRequest, parseReviewRequest } from '../../extension/shared/messages.js';

test('lists that can show pull requests', () => {
  assert.deepEqual(matchPullRequestListPage('/ROCm/ATOM/pulls'), { scope: 'repository', owner: 'ROCm', repo: 'ATOM' });
  assert.deepEqual(matchPullRequestListPage('/ROCm/ATOM/issues/'), { scope: 'repository', owner: 'ROCm', repo: 'ATOM' });
  assert.deepEqual(matchPullRequestListPage('/pulls'), { scope: 'global' });
  assert.deepEqual(matchPullRequestListPage('/issues'), { scope: 'global' });
  assert.deepEqual(matchPullRequestListPage('/pulls/review-requested'), { scope: 'global' });
});

test('pages that are not such lists', () => {
  for (const path of ['/', '', '/ROCm/ATOM', '/ROCm/ATOM/pull/1', '/ROCm/ATOM/pulls/1', '/ROCm/ATOM/issues/3',
    '/ROCm/pulls/x/y', '/pulls/someone-else', '/ROCm/ATOM/pull/1/files']) {
    assert.equal(matchPullRequestListPage(path), null, path);
  }
});

test('a list summary request survives the round trip, with or without a head commit', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12, title: 'Fix', headSha: '0123456789abcdef0123456789abcdef01234567' };
  assert.deepEqual(parseListSummaryRequest(listSummaryRequest(pr)), { host: 'github.com', ...pr });
  const { headSha: _sha, ...withoutHead } = pr;
  assert.deepEqual(parseListSummaryRequest(listSummaryRequest(withoutHead)), { host: 'github.com', ...withoutHead });
  assert.deepEqual(parseListSummaryRequest({ ...listSummaryRequest(pr), host: 'ghe.example.com' }), { host: 'ghe.example.com', ...pr },
    'the host the scope gate writes');
});

test('malformed list requests are refused; a malformed head commit is dropped', () => {
  for (const message of [null, {}, { type: 'list-summary', owner: 'a', repo: 'b', number: 0 },
    { type: 'list-summary', owner: '../a', repo: 'b', number: 1 }, { type: 'review', owner: 'a', repo: 'b', number: 1 }]) {
    assert.equal(parseListSummaryRequest(message), null, JSON.stringify(message));
  }
  assert.deepEqual(parseListSummaryRequest({ type: 'list-summary', owner: 'a', repo: 'b', number: 1, headSha: 'HEAD; rm' }),
    { host: 'github.com', owner: 'a', repo: 'b', number: 1 });
  assert.equal(parseReviewRequest(listSummaryRequest({ owner: 'a', repo: 'b', number: 1 })), null,
    'the review handler does not answer list requests');
});
