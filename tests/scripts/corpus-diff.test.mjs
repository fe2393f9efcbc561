// scripts/corpus-diff on a tiny fake corpus with two fake CLIs (support/fake-cli.mjs): the
// findings it calls added and removed, the counts per rule, severity and half, --rule, and the
// PRs a CLI could not review.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareRows } from '../../scripts/lib/finding-changes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fakeCli = join(root, 'tests/scripts/support/fake-cli.mjs');
const finding = (rule, severity, path, line, problem) => ({ rule, severity, path, line, side: 'new', problem });

const A1 = finding('B4', 'warn', 'atom/a.py', 10, 'default changed');
const A2 = finding('HK4', 'warn', 'atom/a.py', 20, 'TODO left');
const A3 = finding('D1', 'red', 'atom/a.py', 30, 'unguarded');
const B1 = finding('B4', 'warn', 'atom/b.py', 5, 'default changed');
const B1red = { ...B1, severity: 'red' };
const W1 = finding('D1c', 'warn', 'atom/a.py', 40, 'read before assigned');

let work;
const write = (relative, content) => {
  const path = join(work, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
};

before(() => {
  work = mkdtempSync(join(tmpdir(), 'corpus-diff-test-'));
  for (const variant of ['old', 'new']) {
    write(`bin/${variant}`, `#!/bin/sh\nexec node '${fakeCli}' ${variant} "$@"\n`);
    chmodSync(join(work, `bin/${variant}`), 0o755);
  }
  // atom/1111111111: tuning half; atom/9999999999 and aiter/abcdef0123: held out.
  write('corpus/atom/1111111111.diff', 'diff a');
  write('corpus/atom/1111111111.meta.json', { number: 11 });
  write('corpus/atom/1111111111.old.hunks.json', [A1, A1, A2]);
  write('corpus/atom/1111111111.new.hunks.json', [A1, A3]);
  write('corpus/atom/1111111111.old.whole.json', [A1]);
  write('corpus/atom/1111111111.new.whole.json', [A1, W1]);
  write('corpus/atom/9999999999.diff', 'diff b');
  write('corpus/atom/9999999999.meta.json', { number: 99 });
  write('corpus/atom/9999999999.old.hunks.json', [B1]);
  write('corpus/atom/9999999999.new.hunks.json', [B1red]);
  write('corpus/aiter/abcdef0123.diff', 'unreadable');
  write('corpus/aiter/abcdef0123.old.hunks.json', [A1]);
  for (const pr of ['atom/1111111111', 'atom/9999999999', 'aiter/abcdef0123']) write(`trees/${pr}/head/x.py`, 'x = 1\n');
});
after(() => rmSync(work, { recursive: true, force: true }));

function corpusDiff(...extra) {
  const out = execFileSync('node', [join(root, 'scripts/lib/corpus-diff.mjs'), '--base-cli', join(work, 'bin/old'),
    '--cli', join(work, 'bin/new'), '--corpus', join(work, 'corpus'), '--trees', join(work, 'trees'), '--json', ...extra]);
  return JSON.parse(out);
}
let hunksReport;
const hunksMode = () => (hunksReport ??= corpusDiff('--mode', 'hunks')).modes[0];
const brief = (rows) => rows.map((r) => `${r.repo}/${r.sha10} #${r.number} ${r.half} ${r.rule} ${r.severity} ${r.path}:${r.line}`);

test('hunks: what the change added and removed, one finding of a pair counted once', () => {
  const hunks = hunksMode();
  assert.equal(hunks.mode, 'hunks');
  assert.equal(hunks.compared, 2);
  assert.deepEqual(brief(hunks.added), [
    'atom/1111111111 #11 tuning D1 red atom/a.py:30',
    'atom/9999999999 #99 held-out B4 red atom/b.py:5',
  ]);
  assert.deepEqual(brief(hunks.removed), [
    'atom/1111111111 #11 tuning B4 warn atom/a.py:10',
    'atom/1111111111 #11 tuning HK4 warn atom/a.py:20',
    'atom/9999999999 #99 held-out B4 warn atom/b.py:5',
  ]);
  assert.equal(hunks.added[0].problem, 'unguarded');
});

test('hunks: counts per rule and severity, in all and per half', () => {
  const hunks = hunksMode();
  const row = (rule, severity) => hunks.counts.find((c) => c.rule === rule && c.severity === severity);
  assert.deepEqual(hunks.counts.map((c) => `${c.rule} ${c.severity}`), ['B4 red', 'B4 warn', 'D1 red', 'HK4 warn']);
  assert.deepEqual(row('B4', 'warn').all, { before: 3, after: 1 });
  assert.deepEqual(row('B4', 'warn').tuning, { before: 2, after: 1 });
  assert.deepEqual(row('B4', 'warn')['held-out'], { before: 1, after: 0 });
  assert.deepEqual(row('B4', 'red')['held-out'], { before: 0, after: 1 });
});

test('a PR either CLI cannot review is listed, not compared', () => {
  const hunks = hunksMode();
  assert.equal(hunks.failures.length, 1);
  assert.equal(hunks.failures[0].sha10, 'abcdef0123');
  assert.match(hunks.failures[0].after, /unreadable/);
  assert.ok(!hunks.removed.some((r) => r.sha10 === 'abcdef0123'));
});

test('whole: each diff reviewed with its own head directory', () => {
  const [whole] = corpusDiff('--mode', 'whole').modes;
  assert.equal(whole.mode, 'whole');
  assert.deepEqual(whole.failures.map((f) => f.sha10), ['abcdef0123']);
  assert.deepEqual(brief(whole.added), ['atom/1111111111 #11 tuning D1c warn atom/a.py:40']);
  assert.deepEqual(whole.removed, []);
});

test('--rule keeps only that rule; without trees the whole mode is skipped', () => {
  const report = corpusDiff('--rule', 'HK4', '--trees', join(work, 'no-trees'));
  assert.deepEqual(report.modes.map((m) => m.mode), ['hunks']);
  assert.ok(report.skipped.whole);
  assert.deepEqual(brief(report.modes[0].added), []);
  assert.deepEqual(brief(report.modes[0].removed), ['atom/1111111111 #11 tuning HK4 warn atom/a.py:20']);
  assert.deepEqual(report.modes[0].counts.map((c) => c.rule), ['HK4']);
});

test('the text report lists each added and removed finding with its PR', () => {
  const out = execFileSync('node', [join(root, 'scripts/lib/corpus-diff.mjs'), '--base-cli', join(work, 'bin/old'),
    '--cli', join(work, 'bin/new'), '--corpus', join(work, 'corpus'), '--mode', 'hunks']).toString();
  assert.match(out, /^\+ \[tuning\] atom 1111111111 #11 D1 red atom\/a\.py:30 {2}unguarded$/m);
  assert.match(out, /^- \[held-out\] atom 9999999999 #99 B4 warn atom\/b\.py:5 {2}default changed$/m);
  assert.match(out, /^\| B4 \| warn \| −2 \| 3→1 \| 2→1 \| 1→0 \|$/m);
  assert.match(out, /^\| all rules \| warn \| \| 4→1 \| 3→1 \| 1→0 \|$/m);
  assert.match(out, /^\| all rules \| red \| \| 0→2 \| 0→1 \| 0→1 \|$/m);
});

test('the baseline outcomes kept in --base-cache are reused: a broken baseline CLI is not run again', () => {
  const cache = join(work, 'cache');
  mkdirSync(cache, { recursive: true });
  const first = corpusDiff('--mode', 'hunks', '--base-cache', cache).modes[0];
  write('bin/broken', '#!/bin/sh\nexit 2\n');
  chmodSync(join(work, 'bin/broken'), 0o755);
  const again = corpusDiff('--mode', 'hunks', '--base-cache', cache, '--base-cli', join(work, 'bin/broken')).modes[0];
  assert.deepEqual(brief(again.removed), brief(first.removed));
  assert.deepEqual(brief(again.added), brief(first.added));
  assert.deepEqual(brief(first.added), brief(hunksMode().added));
});

test('--bytes: per mode, the PRs whose whole output is unchanged, those that differ and in which forms', () => {
  const [whole, hunks] = ['whole', 'hunks'].map((mode) => corpusDiff('--mode', mode, '--bytes').modes[0].bytes);
  assert.deepEqual(whole.forms, ['JSON', 'JSON --all-rules', 'SARIF', 'SARIF --all-rules']);
  assert.equal(whole.identical, 1, 'atom/9999999999 has the same (empty) whole-file findings before and after');
  assert.deepEqual(whole.differing.map((d) => `${d.sha10} ${d.forms.length}`), ['1111111111 4']);
  assert.deepEqual(whole.failures.map((f) => f.sha10), ['abcdef0123']);
  assert.equal(hunks.identical, 0);
  assert.deepEqual(hunks.differing.map((d) => d.sha10), ['1111111111', '9999999999']);
  assert.equal(corpusDiff('--mode', 'hunks').modes[0].bytes, undefined, 'only asked for');
});

test('compareRows: a finding moved to another line is one removed and one added', () => {
  const row = (line) => ({ repo: 'atom', sha10: '1111111111', half: 'tuning', rule: 'B4', severity: 'warn', path: 'a.py', line, side: 'new', problem: 'p' });
  const { added, removed } = compareRows([row(1), row(2)], [row(2), row(3)]);
  assert.deepEqual(added.map((r) => r.line), [3]);
  assert.deepEqual(removed.map((r) => r.line), [1]);
});

test('scripts/corpus-diff without the shared corpus says so and exits 0', () => {
  const run = spawnSync(join(root, 'scripts/corpus-diff'), [], { env: { ...process.env, ATOM_SHARED_DIR: join(work, 'absent') } });
  assert.equal(run.status, 0, run.stderr.toString());
  assert.match(run.stdout.toString(), /skipped: no corpus/);
});
