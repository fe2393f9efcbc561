import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parsePrepareRequest, parseReviewInputsRequest, parseReviewRequest, prepareRequest, reviewInputsRequest, reviewRequest,
} from '../../extension/shared/messages.js';

test('a review request survives the round trip; it is on github.com unless the scope gate names the tab\'s host', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12 };
  assert.deepEqual(parseReviewRequest(reviewRequest(pr)), { host: 'github.com', ...pr });
  assert.equal(reviewRequest({ ...pr, host: 'ghe.example.com' }).host, undefined, 'a page never names the host');
  assert.deepEqual(parseReviewRequest({ ...reviewRequest(pr), host: 'ghe.example.com' }), { host: 'ghe.example.com', ...pr });
  for (const host of ['ghe.example.com/x', 'localhost', '127.0.0.1', 'GHE.example.com', 'https://ghe.example.com', 7]) {
    assert.equal(parseReviewRequest({ ...reviewRequest(pr), host }), null, String(host));
  }
});

test('malformed or foreign messages are refused', () => {
  for (const message of [null, 'review', {}, { type: 'other', owner: 'a', repo: 'b', number: 1 },
    { type: 'review', owner: 'a', repo: 'b', number: '1' }, { type: 'review', owner: 'a', repo: 'b', number: 0 },
    { type: 'review', owner: 'a', repo: 'b', number: 1.5 }, { type: 'review', owner: '../x', repo: 'b', number: 1 },
    { type: 'review', owner: 'a', repo: 'b/c', number: 1 }, { type: 'review', owner: '', repo: 'b', number: 1 },
    { type: 'review', owner: 'a', repo: 'b?x=1', number: 1 }]) {
    assert.equal(parseReviewRequest(message), null, JSON.stringify(message));
  }
});

test('a prepare request names the pull request only, checked as a review request is', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12 };
  assert.deepEqual(prepareRequest({ ...pr, title: 'Fix', diff: { text: 'x' } }), { type: 'prepare-engine', ...pr });
  assert.deepEqual(parsePrepareRequest(prepareRequest(pr)), { host: 'github.com', ...pr });
  assert.deepEqual(parsePrepareRequest({ ...prepareRequest(pr), host: 'ghe.example.com' }), { host: 'ghe.example.com', ...pr });
  assert.equal(parsePrepareRequest(reviewRequest(pr)), null, 'a review request is not a prepare request');
  assert.equal(parseReviewRequest(prepareRequest(pr)), null, 'nor the other way round');
  for (const message of [null, { ...prepareRequest(pr), number: 0 }, { ...prepareRequest(pr), owner: '..' },
    { ...prepareRequest(pr), repo: 'b/c' }, { ...prepareRequest(pr), host: 'localhost' }]) {
    assert.equal(parsePrepareRequest(message), null, JSON.stringify(message));
  }
});

test('title and author travel when well-formed, and become the engine meta', async () => {
  const { metaForRequest } = await import('../../extension/shared/messages.js');
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12, title: 'Fix <b>x</b>', author: 'dependabot[bot]' };
  const parsed = parseReviewRequest(reviewRequest(pr));
  assert.deepEqual(parsed, { host: 'github.com', ...pr });
  assert.deepEqual(metaForRequest(parsed), { repo: 'ROCm/ATOM', number: 12, title: 'Fix <b>x</b>', author: 'dependabot[bot]' });
  const odd = parseReviewRequest({ type: 'review', owner: 'a', repo: 'b', number: 1, title: 'x'.repeat(5000), author: 'a b' });
  assert.deepEqual(odd, { host: 'github.com', owner: 'a', repo: 'b', number: 1 });
  assert.deepEqual(metaForRequest(odd), { repo: 'a/b', number: 1 });
});

test('`.` and `..` are not an owner or a repository, in review and list requests alike', async () => {
  const { listSummaryRequest, parseListSummaryRequest } = await import('../../extension/shared/messages.js');
  for (const [owner, repo] of [['.', 'ATOM'], ['..', 'ATOM'], ['ROCm', '.'], ['ROCm', '..'], ['ROCm', 'AT OM'], ['ROCm', 'é']]) {
    const pr = { owner, repo, number: 3 };
    assert.equal(parseReviewRequest(reviewRequest(pr)), null, `review ${owner}/${repo}`);
    assert.equal(parseListSummaryRequest(listSummaryRequest(pr)), null, `list ${owner}/${repo}`);
  }
  assert.deepEqual(parseReviewRequest(reviewRequest({ owner: 'ROCm', repo: '.github', number: 3 })),
    { host: 'github.com', owner: 'ROCm', repo: '.github', number: 3 }, 'a name that only starts with a dot is fine');
});

test('the one name check is shared by every message that names a repository', async () => {
  const { isGitHubName } = await import('../../extension/shared/github-name.js');
  const { parsePageFetchRequest } = await import('../../extension/shared/page-fetch-messages.js');
  for (const name of ['.', '..', '', 'a/b', 'x'.repeat(101), null, 7]) {
    assert.equal(isGitHubName(name), false, String(name));
    assert.equal(parsePageFetchRequest({ type: 'github-page', kind: 'conversation', owner: name, repo: 'r', number: 1 }), null);
  }
  for (const name of ['ROCm', 'aiter', 'a.b-c_d', '.github']) assert.equal(isGitHubName(name), true, name);
});

test('pack check requests: JSON text only, bounded', async () => {
  const { MAX_PACK_JSON_CHARS, packValidateRequest, parsePackValidateRequest } = await import('../../extension/shared/pack-messages.js');
  assert.equal(parsePackValidateRequest(packValidateRequest('{"name":"x"}')), '{"name":"x"}');
  assert.equal(parsePackValidateRequest({ type: 'validate-pack', packJson: { name: 'x' } }), null);
  assert.equal(parsePackValidateRequest({ type: 'review', packJson: '{}' }), null);
  assert.equal(parsePackValidateRequest(packValidateRequest('x'.repeat(MAX_PACK_JSON_CHARS + 1))), null);
  assert.equal(parsePackValidateRequest(null), null);
});

test('try-pack requests: pack JSON text and a diff of at most MAX_DIFF_BYTES characters', async () => {
  const { packTryRequest, parsePackTryRequest } = await import('../../extension/shared/pack-messages.js');
  const { MAX_DIFF_BYTES } = await import('../../extension/shared/diff-limits.js');
  assert.deepEqual(parsePackTryRequest(packTryRequest('{}', 'diff --git a/x b/x')), { packJson: '{}', diff: 'diff --git a/x b/x' });
  assert.equal(parsePackTryRequest({ type: 'try-pack', packJson: '{}' }), null, 'no diff');
  assert.equal(parsePackTryRequest({ type: 'try-pack', diff: '' }), null, 'no pack');
  assert.equal(parsePackTryRequest(packTryRequest('{}', 'x'.repeat(MAX_DIFF_BYTES + 1))), null);
  assert.equal(parsePackTryRequest({ type: 'validate-pack', packJson: '{}', diff: '' }), null);
});

test('rule catalogue requests are recognised by their type alone', async () => {
  const { isRuleCatalogueRequest, ruleCatalogueRequest } = await import('../../extension/shared/pack-messages.js');
  assert.equal(isRuleCatalogueRequest(ruleCatalogueRequest()), true);
  assert.equal(isRuleCatalogueRequest({ type: 'validate-pack', packJson: '{}' }), false);
  assert.equal(isRuleCatalogueRequest(null), false);
  assert.equal(isRuleCatalogueRequest('rule-catalogue'), false);
});

test('a review inputs request (the export of verdicts) carries what a review request does, and only that type is taken', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12, title: 'Fix', diff: { text: 'diff --git a/x b/x\n', source: 'page-rendered', files: 1 },
    context: { body: 'why', head_sha: '0123456789abcdef0123456789abcdef01234567' } };
  assert.deepEqual(parseReviewInputsRequest(reviewInputsRequest(pr)), { host: 'github.com', ...pr });
  assert.equal(parseReviewInputsRequest(reviewRequest(pr)), null, 'a review request is not an inputs request');
  assert.equal(parseReviewRequest(reviewInputsRequest(pr)), null, 'nor the other way round');
  assert.equal(parseReviewInputsRequest({ ...reviewInputsRequest(pr), owner: '../x' }), null);
});
