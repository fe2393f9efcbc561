// The WebAssembly engine as the extension uses it: bytes and meta in, the contract's JSON out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEngine } from './support/engine.mjs';
import { SIMPLE_DIFF, deeplyNestedFile, diffWithStrangeBytes, encode } from './support/inputs.mjs';

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
  assert.deepEqual(result.stats, { files: 1, additions: 2, deletions: 1, bytes: encode(SIMPLE_DIFF).length,
    red: 0, warn: 0, notes: 0, files_by_tier: { 1: 0, 2: 1, 3: 0 }, top_tier: 2 });
  assert.equal(result.files[0].path, 'atom/model_ops/moe.py');
  assert.ok(['lgtm', 'needs_work', 'block'].includes(result.verdict));
  assert.deepEqual(result.errors, []);
});

test('meta.all_rules runs the rules measured off too, as notes, their records as measured', () => {
  const fixtures = new URL('../e2e/fixtures/', import.meta.url);
  const diff = readFileSync(new URL('atom-demo.diff', fixtures));
  const meta = JSON.parse(readFileSync(new URL('atom-demo.meta.json', fixtures), 'utf8'));
  const measured = JSON.parse(engine.review(diff, JSON.stringify(meta)));
  const everyRule = JSON.parse(engine.review(diff, JSON.stringify({ ...meta, all_rules: true })));
  const offRules = (result) => result.findings.filter((finding) => result.rules[finding.rule]?.status === 'off');
  assert.deepEqual(offRules(measured), []);
  assert.ok(offRules(everyRule).length > 0, 'the demo has findings of rules measured off');
  for (const finding of offRules(everyRule)) assert.equal(finding.severity, 'note', finding.rule);
  assert.deepEqual(everyRule.findings.filter((finding) => everyRule.rules[finding.rule]?.status !== 'off'), measured.findings);
  const refused = JSON.parse(engine.review(diff, JSON.stringify({ ...meta, all_rules: 'yes' })));
  assert.deepEqual(refused.errors.map((error) => error.message), ['meta JSON: "all_rules" must be true or false']);
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

test('a meta nested deeper than 64 levels is refused in errors[] before it is parsed, as malformed meta is', () => {
  const nested = (depth) => '['.repeat(depth) + ']'.repeat(depth);
  const refused = JSON.parse(engine.review(encode(SIMPLE_DIFF), `{"repo": "ROCm/ATOM", "x": ${nested(100000)}}`));
  assert.deepEqual(refused.errors.map((error) => error.message),
    ['meta JSON: arrays and objects nested deeper than 64 levels']);
  assert.equal(refused.errors[0].code, 'bad-meta');
  const accepted = JSON.parse(engine.review(encode(SIMPLE_DIFF), `{"repo": "ROCm/ATOM", "x": ${nested(60)}}`));
  assert.deepEqual(accepted.errors, []);
});

test('empty and non-diff input give a result, not a crash', () => {
  for (const input of [new Uint8Array(0), encode('hello\nworld\n'), Uint8Array.from([0, 0, 0xff])]) {
    const result = JSON.parse(engine.review(input, '{}'));
    assert.equal(result.schema, 'atom-review/1');
    assert.equal(result.stats.files, 0);
  }
});

test('code nested 20,000 levels deep is reviewed, from its hunks and whole, without exhausting the stack', () => {
  const depth = 20000;
  const files = [
    deeplyNestedFile('atom/deep.py', `x = ${'('.repeat(depth)}1${')'.repeat(depth)}`),
    deeplyNestedFile('csrc/deep.cu', `__global__ void k() ${'{'.repeat(depth)}${'}'.repeat(depth)}`),
  ];
  for (const { diff, head } of files) {
    for (const result of [engine.review(diff, '{}'), engine.review(diff, '{}', head)].map((text) => JSON.parse(text))) {
      assert.equal(result.schema, 'atom-review/1');
      assert.equal(result.stats.files, 1);
    }
  }
});

// SIMPLE_DIFF's file at the head: nine lines above the hunk, then the hunk's new side.
const HEAD_OF_SIMPLE = `import torch\n${'\n'.repeat(7)}def fused_moe(x):\n    a = 1\n    b = 3\n    c = 4\n    return a\n`;
const simpleHead = (text = HEAD_OF_SIMPLE) => [{ path: 'atom/model_ops/moe.py', bytes: encode(text) }];

test('with the head files, a file that agrees with the diff is reviewed whole; the counts stay the diff\'s', () => {
  const meta = JSON.stringify({ repo: 'ROCm/ATOM', number: 7 });
  const whole = JSON.parse(engine.review(encode(SIMPLE_DIFF), meta, simpleHead()));
  assert.deepEqual(whole.errors, []);
  assert.deepEqual(whole.stats, JSON.parse(engine.review(encode(SIMPLE_DIFF), meta)).stats);
  assert.equal(engine.review(encode(SIMPLE_DIFF), meta, simpleHead()), engine.review(encode(SIMPLE_DIFF), meta, simpleHead()));
});

test('a review after the same one (its parses kept) or after forgetKeptTrees() gives the same bytes', () => {
  const meta = JSON.stringify({ repo: 'ROCm/ATOM', number: 7 });
  engine.forgetKeptTrees();
  const first = engine.review(encode(SIMPLE_DIFF), meta, simpleHead());
  assert.equal(engine.review(encode(SIMPLE_DIFF), meta, simpleHead()), first);
  engine.review(encode(SIMPLE_DIFF), meta);  // hunks only in between
  assert.equal(engine.review(encode(SIMPLE_DIFF), meta, simpleHead()), first);
  engine.forgetKeptTrees();
  assert.equal(engine.review(encode(SIMPLE_DIFF), meta, simpleHead()), first);
});

test('a head file missing or not the diff\'s new side keeps its hunks, named in errors[]', () => {
  const missing = JSON.parse(engine.review(encode(SIMPLE_DIFF), '{}', []));
  assert.deepEqual(missing.errors.map((error) => error.code), ['repo-file-missing']);
  const differs = JSON.parse(engine.review(encode(SIMPLE_DIFF), '{}', simpleHead(HEAD_OF_SIMPLE.replace('c = 4', 'c = 5'))));
  assert.deepEqual(differs.errors.map((error) => error.code), ['repo-file-differs']);
});

test('head files undefined or null are the two-argument form; of the wrong shape, a TypeError', () => {
  const alone = engine.review(encode(SIMPLE_DIFF), '{}');
  assert.equal(engine.review(encode(SIMPLE_DIFF), '{}', undefined), alone);
  assert.equal(engine.review(encode(SIMPLE_DIFF), '{}', null), alone);
  for (const bad of ['files', [{ path: 'a.py', bytes: 'text' }], [{ path: 1, bytes: encode('x') }], [null], {}]) {
    assert.throws(() => engine.review(encode(SIMPLE_DIFF), '{}', bad), TypeError, JSON.stringify(bad));
  }
});
