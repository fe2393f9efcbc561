// core/rules/rule_status.json is what scripts/precision computes now from tests/labels/ and the
// built engine, so nobody edits it by hand. Needs build/native; labels need ../shared's corpus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { labelsToStable } from '../../scripts/lib/precision/measure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'build/native/atom-review');
const labelsDir = join(root, 'tests/labels');
const shared = process.env.ATOM_SHARED_DIR ?? resolve(root, '../shared');
const hasLabels = existsSync(labelsDir) && readdirSync(labelsDir).some((name) => name.endsWith('.jsonl'));

const skip = !existsSync(cli) ? 'build/native/atom-review is not built'
  : hasLabels && !existsSync(join(shared, 'corpus')) ? '../shared is absent (the labels need its corpus)' : false;

test('core/rules/rule_status.json equals what scripts/precision computes now', { skip }, () => {
  const run = spawnSync(join(root, 'scripts/precision'), ['--check'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(run.status, 0, `${run.stderr}\n${run.stdout}`);
});

// The engine says how far each rule is from its next status (`rules`: next_status); scripts/precision
// prints the same for a preview rule ("to stable"). Two spellings of one formula must agree.
test('the engine\'s findings-to-stable agree with scripts/precision\'s for every preview rule', { skip: !existsSync(cli) && 'build/native/atom-review is not built' }, () => {
  const run = spawnSync(cli, ['rules', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const preview = JSON.parse(run.stdout).filter((rule) => rule.status === 'preview');
  assert.ok(preview.length > 0);
  for (const rule of preview) {
    assert.deepEqual(rule.next_status, { status: 'stable', worth_raising_in_a_row: labelsToStable(rule) }, rule.id);
  }
});
