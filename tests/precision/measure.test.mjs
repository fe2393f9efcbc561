// The precision computation on small synthetic label sets and fake finding sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingKey, parseLabels } from '../../scripts/lib/precision/labels.mjs';
import { findingVerdict, formatAgreement, formatTied, labellerAgreement, labelsToStable, measure, statusJson, formatTable, tiedOnTheCall, MIN_LABELS, MIN_LABELS_TO_TURN_OFF, TURN_OFF_BELOW } from '../../scripts/lib/precision/measure.mjs';

let nextLine = 1;
const label = (rule, verdict, extra = {}) => ({
  repo: 'ROCm/ATOM', commit: '8abc000001', mode: 'hunks', rule, path: 'atom/x.py', line: nextLine++, side: 'new',
  verdict, engine: 'e1', labeled_at: '2026-12-01', ...extra,
});
const producedFor = (labels) => new Set(labels.map(findingKey));
const always = () => true;
const row = (result, rule) => result.rows.find((r) => r.rule === rule);

test('TP over all labels: LOW counts against, like FP', () => {
  const labels = [label('B1', 'TP'), label('B1', 'TP'), label('B1', 'LOW'), label('B1', 'FP')];
  const b1 = row(measure({ labels, ruleIds: ['B1'], produced: producedFor(labels), ruleUnchanged: always }), 'B1');
  assert.deepEqual([b1.labels, b1.tp, b1.low, b1.fp, b1.precision], [4, 2, 1, 1, 0.5]);
  assert.equal(b1.status, 'preview');
});

test(`stable needs ≥ 90% on at least ${MIN_LABELS} labels`, () => {
  const run = (tp, other) => {
    const labels = [...Array(tp)].map(() => label('HK4', 'TP')).concat([...Array(other)].map(() => label('HK4', 'LOW')));
    return row(measure({ labels, ruleIds: ['HK4'], produced: producedFor(labels), ruleUnchanged: always }), 'HK4');
  };
  assert.equal(run(MIN_LABELS, 0).status, 'stable');
  assert.equal(run(MIN_LABELS - 1, 0).status, 'preview', 'too few labels, however precise');
  assert.equal(run(7, 1).status, 'preview', '7 of 8 is 87.5%');
  assert.equal(run(9, 1).status, 'stable', '9 of 10 is 90%');
  assert.equal(run(8, 1).precision, 0.8889);
  assert.equal(run(8, 1).status, 'preview');
});

test(`off below ${TURN_OFF_BELOW * 100}% on at least ${MIN_LABELS_TO_TURN_OFF} labels; preview in between`, () => {
  const run = (tp, other) => {
    const labels = [...Array(tp)].map(() => label('C3', 'TP')).concat([...Array(other)].map(() => label('C3', 'FP')));
    return row(measure({ labels, ruleIds: ['C3'], produced: producedFor(labels), ruleUnchanged: always }), 'C3');
  };
  assert.equal(run(0, MIN_LABELS_TO_TURN_OFF).status, 'off');
  assert.equal(run(0, MIN_LABELS_TO_TURN_OFF - 1).status, 'preview', 'too few labels to turn a rule off');
  assert.equal(run(2, 3).status, 'off', '2 of 5 is 40%');
  assert.equal(run(3, 3).status, 'preview', 'half is not below half');
  assert.equal(run(9, 1).status, 'stable');
  const json = JSON.parse(statusJson([run(0, 6)]));
  assert.equal(json.rules.C3.status, 'off');
  assert.equal(json.min_labels_to_turn_off, MIN_LABELS_TO_TURN_OFF);
  assert.equal(json.turn_off_below, TURN_OFF_BELOW);
});

test('an off rule stays off after a change until enough fresh labels judge its new code', () => {
  const fresh = (verdicts) => verdicts.map((v) => label('B5', v, { engine: 'new' }));
  const stale = [...Array(10)].map(() => label('B5', 'FP', { engine: 'old' }));
  const unchanged = (rule, engine) => engine === 'new';
  const run = (labels, previousStatus) =>
    row(measure({ labels, ruleIds: ['B5'], produced: producedFor(labels), ruleUnchanged: unchanged, previousStatus }), 'B5');
  const kept = run(stale, { B5: 'off' });
  assert.equal(kept.status, 'off');
  assert.equal(kept.kept_off, true);
  assert.equal(JSON.parse(statusJson([kept])).rules.B5.kept_off, true);
  assert.equal(run(stale.concat(fresh(['TP', 'TP', 'TP', 'TP'])), { B5: 'off' }).status, 'off', '4 fresh labels are too few');
  assert.equal(run(stale.concat(fresh(['TP', 'TP', 'TP', 'LOW', 'FP'])), { B5: 'off' }).status, 'preview', '5 fresh labels judge it');
  assert.equal(run(stale, { B5: 'preview' }).status, 'preview', 'a rule that was not off comes back as preview');
  assert.equal(run(stale, {}).status, 'preview');
  assert.equal(JSON.parse(statusJson([run(stale, {})])).rules.B5.kept_off, undefined);
});

test('a rule with no labels is preview with no precision', () => {
  const result = measure({ labels: [], ruleIds: ['A1', 'B2'], produced: new Set(), ruleUnchanged: always });
  assert.deepEqual(result.rows.map((r) => [r.rule, r.status, r.precision, r.labels]), [['A1', 'preview', null, 0], ['B2', 'preview', null, 0]]);
});

test('labels made before the rule last changed are stale, not counted', () => {
  const labels = [label('D1b', 'TP', { engine: 'old' }), label('D1b', 'FP', { engine: 'new' }), label('C3', 'TP', { engine: 'old' })];
  const unchanged = (rule, engine) => !(rule === 'D1b' && engine === 'old');
  const result = measure({ labels, ruleIds: ['C3', 'D1b'], produced: producedFor(labels), ruleUnchanged: unchanged });
  assert.deepEqual([row(result, 'D1b').labels, row(result, 'D1b').fp, row(result, 'D1b').stale], [1, 1, 1]);
  assert.equal(row(result, 'C3').tp, 1, 'another rule unchanged since the same engine still counts');
});

test('an engine commit git does not know makes its labels stale and is reported', () => {
  const labels = [label('B3', 'TP', { engine: 'nowhere' })];
  const result = measure({ labels, ruleIds: ['B3'], produced: producedFor(labels), ruleUnchanged: () => null });
  assert.equal(row(result, 'B3').stale, 1);
  assert.deepEqual(result.unknownEngines, ['nowhere']);
});

test('a finding the engine no longer gives is vanished, not counted', () => {
  const kept = label('G1', 'TP');
  const gone = label('G1', 'FP');
  const otherMode = label('G1', 'TP', { mode: 'whole' });
  const result = measure({ labels: [kept, gone, otherMode], ruleIds: ['G1'], produced: producedFor([kept, { ...otherMode, mode: 'hunks' }]), ruleUnchanged: always });
  assert.deepEqual([row(result, 'G1').labels, row(result, 'G1').tp, row(result, 'G1').vanished], [1, 1, 2]);
  assert.deepEqual(result.vanished, [gone, otherMode], 'listed for reading: the change removed them');
});

test('the finding is matched on commit, mode, rule, path, line and side', () => {
  const base = label('E1', 'TP');
  for (const change of [{ commit: '8abc000002' }, { mode: 'whole' }, { rule: 'E2' }, { path: 'atom/y.py' }, { line: base.line + 1 }, { side: 'old' }, { repo: 'ROCm/aiter' }]) {
    const result = measure({ labels: [base], ruleIds: ['E1'], produced: new Set([findingKey({ ...base, ...change })]), ruleUnchanged: always });
    assert.equal(row(result, 'E1').vanished, 1, JSON.stringify(change));
  }
  const fileLevel = label('HK1', 'TP', { line: null });
  const result = measure({ labels: [fileLevel], ruleIds: ['HK1'], produced: new Set([findingKey({ ...fileLevel, line: 0 })]), ruleUnchanged: always });
  assert.equal(row(result, 'HK1').tp, 1, 'a null line and line 0 are the same file-level place');
});

test('two labels of one finding count once, at the worse verdict', () => {
  const first = label('B6', 'TP', { labeler: 'a' });
  const second = { ...first, verdict: 'LOW', labeler: 'b', labeled_at: '2026-12-02' };
  const b6 = row(measure({ labels: [first, second], ruleIds: ['B6'], produced: producedFor([first]), ruleUnchanged: always }), 'B6');
  assert.deepEqual([b6.labels, b6.tp, b6.low], [1, 0, 1]);
  assert.equal(b6.labeled_through, '2026-12-02');
});

test('three labellers: the verdict most of them gave; a tie goes to the worse', () => {
  const opinion = (verdict, labeler, mode = 'hunks') => ({ verdict, labeler, mode });
  assert.equal(findingVerdict([opinion('TP', 'a'), opinion('LOW', 'b'), opinion('TP', 'c')]), 'TP');
  assert.equal(findingVerdict([opinion('TP', 'a'), opinion('LOW', 'b'), opinion('LOW', 'c')]), 'LOW');
  assert.equal(findingVerdict([opinion('TP', 'a'), opinion('LOW', 'b'), opinion('FP', 'c')]), 'FP', 'three ways: the worst');
  assert.equal(findingVerdict([opinion('TP', 'a'), opinion('TP', 'b'), opinion('LOW', 'c'), opinion('LOW', 'd')]), 'LOW');
  assert.equal(findingVerdict([opinion('TP', 'a'), opinion('LOW', 'a', 'whole'), opinion('TP', 'b')]), 'LOW',
    "one labeller's two modes are one opinion, at its worse: a's LOW ties b's TP");
});

test('tied on the call: as many labellers call it worth a minute as not', () => {
  const opinion = (verdict, labeler) => ({ verdict, labeler });
  assert.equal(tiedOnTheCall([opinion('TP', 'a'), opinion('LOW', 'b')]), true);
  assert.equal(tiedOnTheCall([opinion('TP', 'a'), opinion('FP', 'b')]), true);
  assert.equal(tiedOnTheCall([opinion('LOW', 'a'), opinion('FP', 'b')]), false, 'both say not worth it');
  assert.equal(tiedOnTheCall([opinion('TP', 'a'), opinion('LOW', 'b'), opinion('TP', 'c')]), false);
  assert.equal(tiedOnTheCall([opinion('TP', 'a')]), false);
  assert.equal(tiedOnTheCall([opinion('TP', 'a'), opinion('LOW', 'a')]), false, 'one labeller is one opinion');
});

test('measure lists the tied findings, counted at the worse verdict until a third opinion settles them', () => {
  const first = label('P1', 'TP', { labeler: 'a', line: null, path: null });
  const second = { ...first, mode: 'whole', verdict: 'LOW', labeler: 'b' };
  const run = (labels) => measure({ labels, ruleIds: ['P1'], produced: producedFor([first, second]), ruleUnchanged: always });
  const tied = run([first, second]);
  assert.equal(tied.tied.length, 1);
  assert.deepEqual([row(tied, 'P1').tp, row(tied, 'P1').low], [0, 1]);
  assert.match(formatTied(tied.tied)[0], /^tied: 1 counted finding.*\(P1 1\)/);
  const settled = run([first, second, { ...first, labeler: 'c' }]);
  assert.equal(settled.tied.length, 0);
  assert.deepEqual([row(settled, 'P1').labels, row(settled, 'P1').tp], [1, 1]);
  assert.deepEqual(formatTied([]), []);
});

test('the same finding labelled in hunks and whole mode counts once', () => {
  const hunks = label('A3', 'TP', { line: null, path: null });
  const whole = { ...hunks, mode: 'whole', verdict: 'FP' };
  const a3 = row(measure({ labels: [hunks, whole], ruleIds: ['A3'], produced: producedFor([hunks, whole]), ruleUnchanged: always }), 'A3');
  assert.deepEqual([a3.labels, a3.tp, a3.fp], [1, 0, 1]);
  const onlyWholeStill = row(measure({ labels: [hunks, whole], ruleIds: ['A3'], produced: producedFor([hunks]), ruleUnchanged: always }), 'A3');
  assert.deepEqual([onlyWholeStill.labels, onlyWholeStill.tp, onlyWholeStill.vanished], [1, 1, 1], 'each mode is matched on its own run');
});

test('labels of unregistered rules are set aside', () => {
  const labels = [label('Z9', 'TP')];
  const result = measure({ labels, ruleIds: ['A1'], produced: producedFor(labels), ruleUnchanged: always });
  assert.deepEqual(result.unknownRules, ['Z9']);
  assert.equal(row(result, 'A1').labels, 0);
});

test('statusJson names every rule in order, with counts, and carries no run date', () => {
  const labels = [...Array(8)].map((_, i) => label('HK4', 'TP', { labeled_at: `2026-11-2${i}` }));
  const { rows } = measure({ labels, ruleIds: ['A1', 'HK4'], produced: producedFor(labels), ruleUnchanged: always });
  const text = statusJson(rows);
  const parsed = JSON.parse(text);
  assert.deepEqual(Object.keys(parsed.rules), ['A1', 'HK4']);
  assert.deepEqual(parsed.rules.HK4, { status: 'stable', precision: 1, labels: 8, tp: 8, low: 0, fp: 0, labeled_through: '2026-11-27' });
  assert.equal(parsed.rules.A1.labeled_through, null);
  assert.equal(parsed.labels_through, '2026-11-27');
  assert.equal(statusJson(rows), text, 'same labels, same bytes');
  assert.match(formatTable(rows), /^HK4\s+8\s+8\s+0\s+0\s+100\.0%\s+stable\s+—\s+0\s+0$/m);
  assert.match(formatTable(rows), /^A1\s+0\s+0\s+0\s+0\s+—\s+preview\s+8\s+0\s+0$/m, 'no labels: eight TPs to stable');
});

test('parseLabels: skeleton lines without a verdict are unfilled; bad lines are named', () => {
  const good = JSON.stringify(label('A1', 'TP'));
  const text = [good, JSON.stringify({ ...label('A1', ''), verdict: '' }), '{not json', JSON.stringify(label('A1', 'MAYBE')),
    JSON.stringify({ ...label('A1', 'TP'), engine: undefined }), JSON.stringify(label('A1', 'FP', { mode: 'file' })), ''].join('\n');
  const { labels, problems, unfilled } = parseLabels(text, 'x.jsonl');
  assert.equal(labels.length, 1);
  assert.equal(unfilled, 1);
  assert.deepEqual(problems, ['x.jsonl:3: not JSON', 'x.jsonl:4: verdict must be TP, LOW or FP', 'x.jsonl:5: missing engine',
    'x.jsonl:6: mode must be hunks, whole or repository']);
});

test('labeller agreement: findings two labellers judged, whatever the mode, stale or not', () => {
  const place = { line: 900 };
  const labels = [
    label('P1', 'TP', { ...place, labeler: 'ana', mode: 'hunks' }),
    label('P1', 'LOW', { ...place, labeler: 'ben', mode: 'whole', engine: 'e2' }),  // split on the call
    label('P1', 'FP', { line: 901, labeler: 'ana' }),
    label('P1', 'LOW', { line: 901, labeler: 'ben', mode: 'whole' }),               // same call, other verdict
    label('HK5', 'TP', { line: 902, labeler: 'ana' }),
    label('HK5', 'TP', { line: 902, labeler: 'ben', mode: 'whole' }),               // agree
    label('HK5', 'LOW', { line: 903, labeler: 'ana' }),
    label('HK5', 'TP', { line: 903, labeler: 'ana', mode: 'whole' }),               // one labeller twice: not counted
    label('HK5', 'TP', { line: 904 }),                                                // no labeller: not counted
  ];
  const agreement = labellerAgreement(labels);
  assert.deepEqual([agreement.findings, agreement.sameVerdict, agreement.sameCall], [3, 1, 2]);
  assert.deepEqual(agreement.byRule.P1, { findings: 2, sameVerdict: 0, sameCall: 1 });
  assert.deepEqual(agreement.byRule.HK5, { findings: 1, sameVerdict: 1, sameCall: 1 });
  const lines = formatAgreement(agreement);
  assert.match(lines[0], /^second opinions: 3 findings .* same verdict on 1 \(33%\).* \(TP or not\) on 2 \(67%\)$/);
  assert.equal(lines[1], '  same call / judged twice, where they split: P1 1/2');
  assert.deepEqual(formatAgreement(labellerAgreement([label('P1', 'TP', { labeler: 'ana' })])), []);
});

test('labelsToStable: the fewest further labels, all TP, that reach 90% on 8', () => {
  const row = (tp, low, fp, status = 'preview') => ({ tp, low, fp, labels: tp + low + fp, status, kept_off: false });
  assert.equal(labelsToStable(row(36, 4, 2)), 18, '54 of 60 is 90%');
  assert.equal(labelsToStable(row(8, 1, 2)), 19, '27 of 30 is 90%');
  assert.equal(labelsToStable(row(1, 0, 0)), 7, 'enough labels is the bar here');
  assert.equal(labelsToStable(row(0, 0, 3)), 27);
  assert.equal(labelsToStable(row(9, 0, 0, 'stable')), null);
  assert.equal(labelsToStable(row(0, 0, 7, 'off')), null);
  assert.equal(labelsToStable({ ...row(0, 0, 1), kept_off: true }), null);
});
