import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReviewRequest, reviewRequest } from '../../extension/shared/messages.js';

test('a review request survives the round trip', () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12 };
  assert.deepEqual(parseReviewRequest(reviewRequest(pr)), pr);
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

test('title and author travel when well-formed, and become the engine meta', async () => {
  const { metaForRequest } = await import('../../extension/shared/messages.js');
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 12, title: 'Fix <b>x</b>', author: 'dependabot[bot]' };
  const parsed = parseReviewRequest(reviewRequest(pr));
  assert.deepEqual(parsed, pr);
  assert.deepEqual(metaForRequest(parsed), { repo: 'ROCm/ATOM', number: 12, title: 'Fix <b>x</b>', author: 'dependabot[bot]' });
  const odd = parseReviewRequest({ type: 'review', owner: 'a', repo: 'b', number: 1, title: 'x'.repeat(5000), author: 'a b' });
  assert.deepEqual(odd, { owner: 'a', repo: 'b', number: 1 });
  assert.deepEqual(metaForRequest(odd), { repo: 'a/b', number: 1 });
});
