// scripts/import-labels on exports written here from the project's own P1 fixture: the labelled PR
// and the label lines it writes, a verdict given again replacing the earlier one, the check against
// the built engine, and exports it refuses whole.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'build/native/atom-review');
const fixture = join(root, 'tests/rules/P1/fires_claim_no_numbers');
const head = 'ab'.repeat(20);
const engine = 'cd'.repeat(20);

let work;
before(() => { work = mkdtempSync(join(tmpdir(), 'import-labels-test-')); });
after(() => rmSync(work, { recursive: true, force: true }));

function exportFile(name, changes = {}) {
  const meta = JSON.parse(readFileSync(`${fixture}.meta.json`, 'utf8'));
  const file = {
    format: 'atom-review-field-labels/1', engine, exported_at: '2026-12-06',
    pr: { repo: meta.repo, number: meta.number, title: meta.title, body: meta.body, head_sha: head },
    diff: readFileSync(`${fixture}.diff`, 'utf8'),
    head_files: [{ path: 'atom/model_ops/moe.py', text: readFileSync(`${fixture}.head/atom/model_ops/moe.py`, 'utf8') }],
    labels: [
      { rule: 'P1', message_id: 'x', path: null, line: null, side: 'new', severity: 'note', mode: 'whole', verdict: 'TP', why: 'no timing' },
      { rule: 'B4', message_id: 'y', path: 'atom/model_ops/moe.py', line: 3, side: 'new', severity: 'note', mode: 'whole', verdict: 'FP', why: '' },
    ],
    ...changes,
  };
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

const importLabels = (...args) => spawnSync(join(root, 'scripts/import-labels'), args, { encoding: 'utf8' });

test('an export becomes a labelled PR with its head files and one label line per verdict, checked against the engine',
  { skip: !existsSync(cli) && 'build/native/atom-review is not built' }, () => {
    const shared = join(work, 'shared-ok');
    const out = join(work, 'labels-ok.jsonl');
    const run = importLabels('--labeler', 'ana', '--shared', shared, '--out', out, exportFile('ok.json'));
    assert.equal(run.status, 0, run.stderr);
    const caseName = `ROCm-ATOM-1500-${head.slice(0, 10)}`;
    const meta = JSON.parse(readFileSync(join(shared, 'labeled/field', caseName, 'meta.json'), 'utf8'));
    assert.deepEqual(meta, { repo: 'ROCm/ATOM', number: 1500, sha: head, title: 'Optimize MoE sorting for decode',
      body: 'Use a faster sort kernel for the expert ids.', head_sha: head });
    assert.equal(readFileSync(join(shared, 'labeled/field', caseName, 'pr.diff'), 'utf8'), readFileSync(`${fixture}.diff`, 'utf8'));
    assert.ok(existsSync(join(shared, 'labeled/field', caseName, 'head/atom/model_ops/moe.py')));
    const labels = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(labels.map(({ repo, commit, set, rule, mode, verdict, engine: e, labeler, labeled_at: day }) =>
      [repo, commit, set, rule, mode, verdict, e, labeler, day]), [
      ['ROCm/ATOM', head.slice(0, 10), 'field', 'P1', 'whole', 'TP', engine, 'ana', '2026-12-06'],
      ['ROCm/ATOM', head.slice(0, 10), 'field', 'B4', 'whole', 'FP', engine, 'ana', '2026-12-06'],
    ]);
    assert.match(run.stdout, /2 labels, 1 name a finding the engine gives now/);
    assert.match(run.stdout, /not given now: B4 atom\/model_ops\/moe\.py:3 \(whole\)/);

    const again = importLabels('--labeler', 'ana', '--shared', shared, '--out', out, exportFile('again.json', {
      labels: [{ rule: 'P1', message_id: 'x', path: null, line: null, side: 'new', severity: 'note', mode: 'whole', verdict: 'LOW', why: 'changed my mind' }],
    }));
    assert.equal(again.status, 0, again.stderr);
    const relabelled = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(relabelled.map(({ rule, verdict }) => [rule, verdict]), [['P1', 'LOW'], ['B4', 'FP']],
      'the same labeller on the same finding: the later verdict replaces the earlier');
  });

test('exports that cannot be used are refused whole, each problem naming its file and field', () => {
  const shared = join(work, 'shared-bad');
  const out = join(work, 'labels-bad.jsonl');
  const good = exportFile('good.json');
  const dirty = exportFile('dirty.json', { engine: `${engine}-dirty` });
  const climbing = exportFile('climbing.json', { head_files: [{ path: '../../etc/passwd', text: 'x' }] });
  const wrong = exportFile('wrong.json', { labels: [{ rule: 'P1', path: null, line: null, side: 'new', mode: 'whole', verdict: 'maybe' }] });
  const run = importLabels('--labeler', 'ana', '--shared', shared, '--out', out, good, dirty, climbing, wrong);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /dirty\.json: \/engine is ".*-dirty", not a commit/);
  assert.match(run.stderr, /climbing\.json: \/head_files\/0 is not \{path, text\} with a path inside the repository/);
  assert.match(run.stderr, /wrong\.json: \/labels\/0\/verdict must be TP, LOW or FP/);
  assert.ok(!existsSync(shared) && !existsSync(out), 'nothing written');
  const withEngine = importLabels('--labeler', 'ana', '--engine', engine, '--shared', shared, '--out', out, dirty);
  assert.equal(withEngine.status, 0, withEngine.stderr);
  assert.deepEqual(readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line).engine), [engine, engine],
    '--engine names the rules an unstamped build ran');
  assert.equal(importLabels('--shared', shared, good).status, 2, '--labeler is required');
});
