// The WebAssembly engine as the extension uses it: bytes and meta in, the contract's JSON out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './support/engine.mjs';
import { SIMPLE_DIFF, diffWithStrangeBytes, encode } from './support/inputs.mjs';

const engine = await loadEngine();

const CONTRACT_KEYS = ['ai_signals', 'checklist', 'draft', 'errors', 'files', 'findings', 'pr', 'pr_types',
  'questions', 'schema', 'stats', 'verdict'];

test('engineVersion() reports a version string', () => {
  assert.match(engine.engineVersion(), /^\d+\.\d+\.\d+/);
});

test('a simple diff gives the contract result', () => {
  const meta = { repo: 'ROCm/ATOM', number: 7, title: 'Tweak MoE' };
  const result = JSON.parse(engine.review(encode(SIMPLE_DIFF), JSON.stringify(meta)));
  for (const key of CONTRACT_KEYS) assert.ok(key in result, `missing top-level key ${key}`);
  assert.equal(result.schema, 'atom-review/1');
  assert.deepEqual(result.pr, meta);
  assert.deepEqual(result.stats, { files: 1, additions: 2, deletions: 1, bytes: encode(SIMPLE_DIFF).length });
  assert.equal(result.files[0].path, 'atom/model_ops/moe.py');
  assert.ok(['lgtm', 'needs_work', 'block'].includes(result.verdict));
  assert.deepEqual(result.errors, []);
});

test('the same input gives the same bytes', () => {
  const first = engine.review(encode(SIMPLE_DIFF), '{}');
  assert.equal(engine.review(encode(SIMPLE_DIFF), '{}'), first);
});

test('invalid UTF-8 and NUL bytes in the diff cross as bytes', () => {
  const bytes = diffWithStrangeBytes();
  const result = JSON.parse(engine.review(bytes, '{}'));
  assert.equal(result.stats.bytes, bytes.length);
  assert.equal(result.stats.additions, 2);
  assert.equal(result.files[0].path, 'atom/model_ops/moe.py');
});

test('a diff given as a string is refused with a TypeError', () => {
  assert.throws(() => engine.review(SIMPLE_DIFF, '{}'), TypeError);
});

test('malformed meta JSON is reported in errors[], not thrown', () => {
  const result = JSON.parse(engine.review(encode(SIMPLE_DIFF), '{"title": '));
  assert.ok(result.errors.length > 0, 'errors[] should name the bad meta');
});

test('empty and non-diff input give a result, not a crash', () => {
  for (const input of [new Uint8Array(0), encode('hello\nworld\n'), Uint8Array.from([0, 0, 0xff])]) {
    const result = JSON.parse(engine.review(input, '{}'));
    assert.equal(result.schema, 'atom-review/1');
    assert.equal(result.stats.files, 0);
  }
});
