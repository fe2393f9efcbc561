// rules(): the rule catalogue in the WebAssembly engine, for the options page (rule ids, their
// documentation, status and measured precision), the same JSON `atom-review rules --format json`
// prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cliPath, loadEngine } from './support/engine.mjs';

const engine = await loadEngine();

test('rules() lists every rule with its status and precision', () => {
  const rules = JSON.parse(engine.rules());
  assert.ok(rules.length >= 40, `only ${rules.length} rules`);
  const ids = rules.map((rule) => rule.id);
  assert.equal(new Set(ids).size, ids.length, 'a rule id is listed twice');
  for (const rule of rules) {
    assert.match(rule.id, /^[A-Z]+[0-9]+[a-z]?$/);
    assert.ok(['stable', 'preview', 'off'].includes(rule.status), `${rule.id}: status ${rule.status}`);
    assert.ok(rule.precision === null || (rule.precision >= 0 && rule.precision <= 1), `${rule.id}: precision ${rule.precision}`);
    assert.ok(rule.summary.length > 0, `${rule.id} has no summary`);
  }
});

test('rules() is what the native CLI prints', { skip: !existsSync(cliPath) && `needs ${cliPath}` }, () => {
  const native = JSON.parse(execFileSync(cliPath, ['rules', '--format', 'json']).toString());
  assert.deepEqual(JSON.parse(engine.rules()), native);
});
