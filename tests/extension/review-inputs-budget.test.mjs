// Issue #42: one budget for a pull request's description and comments together, so a page with
// 500 comments of 64 KiB cannot send ~32 MiB of text into the engine's capped memory. The newest
// comments are kept and how much was left out is said (the engine names it in the result).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_CONTEXT_BYTES, parsePullRequestContext } from '../../extension/shared/review-inputs.js';

const comment = (n, size) => ({ author: `user${n}`, body: `${n}:`.padEnd(size, 'x') });

test('an oversized context keeps the description and the newest comments within one budget', () => {
  const body = 'd'.repeat(60_000);
  const comments = Array.from({ length: 500 }, (_, n) => comment(n, 65_000));
  const parsed = parsePullRequestContext({ body, comments });
  const kept = parsed.comments.reduce((sum, item) => sum + item.body.length, 0) + parsed.body.length;
  assert.equal(parsed.body, body, 'the description is kept');
  assert.ok(kept <= MAX_CONTEXT_BYTES, `${kept} bytes kept`);
  assert.equal(parsed.comments.length, Math.floor((MAX_CONTEXT_BYTES - body.length) / 65_000));
  assert.equal(parsed.comments.at(-1).author, 'user499', 'the newest comment is kept');
  assert.deepEqual(parsed.comments.map((item) => item.author), comments.slice(-parsed.comments.length).map((item) => item.author),
    'the newest ones, in page order');
  assert.equal(parsed.context_omitted_bytes, (500 - parsed.comments.length) * 65_000);
});

test('a context within the budget is whole and says nothing was left out', () => {
  const parsed = parsePullRequestContext({ body: 'b', comments: [comment(1, 10), comment(2, 10)] });
  assert.equal(parsed.comments.length, 2);
  assert.equal(parsed.context_omitted_bytes, undefined);
});

test('the budget counts UTF-8 bytes, not characters', () => {
  const wide = { author: 'a', body: '€'.repeat(60_000) }; // 180,000 bytes
  const parsed = parsePullRequestContext({ comments: Array.from({ length: 10 }, () => wide) });
  assert.equal(parsed.comments.length, Math.floor(MAX_CONTEXT_BYTES / 180_000));
  assert.equal(parsed.context_omitted_bytes, (10 - parsed.comments.length) * 180_000);
});
