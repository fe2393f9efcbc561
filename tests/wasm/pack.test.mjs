// Packs in the WebAssembly engine: validatePack(packJson) and a "pack" object in the review's meta,
// the two calls the extension makes (core/packs/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, loadEngine } from './support/engine.mjs';
import { encode } from './support/inputs.mjs';

const engine = await loadEngine();

const DIFF = [
  'diff --git a/atom/models/llama.py b/atom/models/llama.py',
  '--- a/atom/models/llama.py',
  '+++ b/atom/models/llama.py',
  '@@ -1,2 +1,4 @@',
  ' import torch',
  '+# TODO: remove this workaround',
  '+print(x)',
  ' x = 1',
  '',
].join('\n');

const PACK = {
  name: 'Mine',
  repos: ['ROCm/ATOM'],
  rules: { HK4: { enabled: false } },
  custom_rules: [{
    id: 'X-print', pattern: '^\\s*print\\((\\w+)\\)', severity: 'warn',
    problem: 'print of `{1}` left in {path}', impact: 'stdout noise', action: 'use the logger',
  }],
};

test('validatePack says ok for a valid pack', () => {
  assert.deepEqual(JSON.parse(engine.validatePack(JSON.stringify(PACK))), { ok: true, errors: [] });
});

test('validatePack names each error by JSON Pointer, with RE2\'s message for a pattern', () => {
  const bad = { ...PACK, repos: ['ROCm'], custom_rules: [{ ...PACK.custom_rules[0], pattern: 'print(' }] };
  assert.deepEqual(JSON.parse(engine.validatePack(JSON.stringify(bad))), {
    ok: false,
    errors: [
      { path: '/repos/0', message: 'must be OWNER/REPO (either part may use * as a glob)' },
      { path: '/custom_rules/0/pattern', message: 'RE2 rejects it: missing ): print(' },
    ],
  });
  assert.deepEqual(JSON.parse(engine.validatePack('{nope')), { ok: false, errors: [{ path: '', message: 'not valid JSON' }] });
});

test('validatePack refuses a pack nested deeper than 32 levels before parsing it', () => {
  const deep = JSON.stringify({ ...PACK, description: 'x' }).replace('"x"', '['.repeat(100000) + ']'.repeat(100000));
  assert.deepEqual(JSON.parse(engine.validatePack(deep)),
    { ok: false, errors: [{ path: '', message: 'arrays and objects nested deeper than 32 levels' }] });
});

test('meta.pack turns a rule off and adds a custom rule, as --pack does natively', async () => {
  const meta = { repo: 'ROCm/ATOM', number: 3 };
  const result = JSON.parse(engine.review(encode(DIFF), JSON.stringify({ ...meta, pack: PACK })));
  const rules = result.findings.map((finding) => finding.rule);
  assert.ok(!rules.includes('HK4'), rules.join(','));
  const custom = result.findings.find((finding) => finding.rule === 'X-print');
  assert.equal(custom.problem, 'print of `x` left in atom/models/llama.py');
  assert.deepEqual(result.pr, meta);

  const dir = mkdtempSync(join(tmpdir(), 'atom-pack-'));
  try {
    writeFileSync(join(dir, 'change.diff'), DIFF);
    writeFileSync(join(dir, 'pr.json'), JSON.stringify(meta));
    writeFileSync(join(dir, 'pack.json'), JSON.stringify(PACK));
    const native = await new Promise((resolve, reject) => {
      execFile(cliPath, ['review', '--format', 'json', '--pack', join(dir, 'pack.json'), '--meta', join(dir, 'pr.json'),
        join(dir, 'change.diff')], { encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)));
    });
    assert.equal(engine.review(encode(DIFF), JSON.stringify({ ...meta, pack: PACK })) + '\n', native);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an invalid meta.pack is the review\'s clear error, not a crash', () => {
  const result = JSON.parse(engine.review(encode(DIFF), JSON.stringify({ repo: 'ROCm/ATOM', pack: { name: 'P', repos: 'x' } })));
  assert.deepEqual(result.findings, []);
  assert.deepEqual(result.errors, [{ code: 'bad-pack', message: 'meta.pack: /repos: must be an array', line: 0 }]);
  // The next review is whole again: its unmeasured perf claim gives P1, a stable rule.
  const after = JSON.parse(engine.review(encode(DIFF), JSON.stringify({ repo: 'ROCm/ATOM', title: 'Speed up llama decode', body: 'Makes decode faster.' })));
  assert.ok(after.findings.some((finding) => finding.rule === 'P1'), JSON.stringify(after.findings));
});
