import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pullRequestFromDocumentTitle } from '../../extension/content/adapters/page-title.js';

test('title and author from a pull request page title', () => {
  assert.deepEqual(pullRequestFromDocumentTitle('Fix MoE routing by some-dev · Pull Request #1498 · ROCm/ATOM', 1498),
    { title: 'Fix MoE routing', author: 'some-dev' });
  assert.deepEqual(pullRequestFromDocumentTitle('[Perf] Faster by 2x by dependabot[bot] · Pull Request #7 · ROCm/ATOM · GitHub', 7),
    { title: '[Perf] Faster by 2x', author: 'dependabot[bot]' });
});

test('another pull request or another page gives nothing', () => {
  assert.deepEqual(pullRequestFromDocumentTitle('Fix by dev · Pull Request #1 · ROCm/ATOM', 2), {});
  assert.deepEqual(pullRequestFromDocumentTitle('Pull requests · ROCm/ATOM', 1), {});
  assert.deepEqual(pullRequestFromDocumentTitle('', 1), {});
});
