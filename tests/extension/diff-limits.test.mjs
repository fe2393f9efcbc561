// A page's diff travels to the background only when its runtime message stays inside Chrome's
// 64 MiB limit with room to spare (shared/diff-limits.js); the background checks it again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_DIFF_BYTES, pageDiffFitsMessage } from '../../extension/shared/diff-limits.js';
import { parseReviewRequest, reviewRequest } from '../../extension/shared/messages.js';
import { parsePageDiff } from '../../extension/shared/review-inputs.js';

const pageDiff = (text) => ({ text, source: 'page-rendered', files: 1 });

test('the cap is well under the 64 MiB a message may hold', () => {
  assert.ok(MAX_DIFF_BYTES <= 32 * 1024 * 1024);
});

test('a diff fits by the bytes its message takes, not by its characters', () => {
  const max = 60_000;
  assert.equal(pageDiffFitsMessage('+x\n'.repeat(1000)), true);
  assert.equal(pageDiffFitsMessage('a'.repeat(max), max), true, 'exactly the cap');
  assert.equal(pageDiffFitsMessage('a'.repeat(max + 1), max), false);
  assert.equal(pageDiffFitsMessage('é'.repeat(max / 2 + 1), max), false, 'two bytes each in UTF-8');
  assert.equal(pageDiffFitsMessage('\u0001'.repeat(max / 6 + 1), max), false, '\\u0001 in JSON: six bytes each');
  assert.equal(pageDiffFitsMessage('\t'.repeat(max / 2), max), true, '\\t: two bytes each');
  assert.equal(pageDiffFitsMessage('a'.repeat(MAX_DIFF_BYTES + 1)), false, 'the default cap');
});

test('the count is never below what the message really takes', () => {
  const pieces = ['a', '\n', '\t', '"', '\\', '\u0000', '\u001f', 'é', '→', '😀', '\u2028', '\ud800'];
  const target = 60_000;
  for (const piece of pieces) {
    const real = (text) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;
    const unit = real(piece);
    const just = piece.repeat(Math.floor(target / unit) + 1); // a little over the cap, in real bytes
    assert.ok(real(just) > target);
    assert.equal(pageDiffFitsMessage(just, target), false, JSON.stringify(piece));
    assert.equal(pageDiffFitsMessage(piece.repeat(Math.floor(target / 6 / piece.length)), target), true, 'six bytes a character always fit');
  }
});

test('the background refuses a page diff over the cap, so the review falls back to the .diff', () => {
  assert.deepEqual(parsePageDiff(pageDiff('+x\n')), { text: '+x\n', source: 'page-rendered', files: 1 });
  assert.equal(parsePageDiff(pageDiff('\u0001'.repeat(MAX_DIFF_BYTES / 4))), undefined, 'short in characters, long in its message');
  assert.equal(parsePageDiff(pageDiff('a'.repeat(MAX_DIFF_BYTES + 1))), undefined);
});

test('a review request with a page diff over the cap keeps the pull request without the diff, so the .diff is fetched', () => {
  const pr = { owner: 'octo-org', repo: 'widgets', number: 12, title: 'Big change' };
  const kept = parseReviewRequest(reviewRequest({ ...pr, diff: pageDiff('+x\n') }));
  assert.deepEqual(kept, { host: 'github.com', ...pr, diff: { text: '+x\n', source: 'page-rendered', files: 1 } });
  for (const text of ['a'.repeat(MAX_DIFF_BYTES + 1), '\u0001'.repeat(MAX_DIFF_BYTES / 4)]) {
    const oversized = parseReviewRequest(reviewRequest({ ...pr, diff: pageDiff(text) }));
    assert.deepEqual(oversized, { host: 'github.com', ...pr }, 'the request stands; the background fetches the diff (main.js reviewPullRequest)');
  }
});
