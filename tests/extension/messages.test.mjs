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
