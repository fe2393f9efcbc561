// The precision computation, free of I/O: which labels count for which rule, and each rule's status.
import { findingKey } from './labels.mjs';

// A rule is stable with precision ≥ MIN_PRECISION on at least MIN_LABELS counted labels
// (tests/labels/README.md says why 8: below 10 labels 90% means a perfect record).
export const MIN_LABELS = 8;
export const MIN_PRECISION = 0.9;
// A rule is off (it does not run) when fewer than half of at least MIN_LABELS_TO_TURN_OFF
// counted labels were worth a reviewer's minute: a notes stream that is mostly noise teaches a
// reviewer to skip the notes. Changing it makes those labels stale, but it stays off (kept_off)
// until fresh labels of its new code (label-sample runs every rule) reach MIN_LABELS_TO_TURN_OFF
// and judge it again: a change, even a refactor, is no evidence that the noise went away.
export const MIN_LABELS_TO_TURN_OFF = 5;
export const TURN_OFF_BELOW = 0.5;

const WORST_FIRST = ['FP', 'LOW', 'TP'];

// labels: parsed labels. ruleIds: the registered rules, in catalogue order.
// produced: Set of findingKey()s the current engine gives on the labelled commits.
// ruleUnchanged(rule, engineCommit): true when the rule's source files are identical at the label's
//   engine commit and now; false when they differ; null when the engine commit is unknown to git.
// previousStatus: {rule: status} of the rule_status.json written before ({}: none); an off rule
//   stays off until enough fresh labels judge it (MIN_LABELS_TO_TURN_OFF above).
// Returns { rows (one per registered rule, catalogue order), tied (the counted findings whose
// labellers are tied on the call, each as its labels), vanished (the labels whose finding the engine
// no longer gives), unknownRules, unknownEngines }.
export function measure({ labels, ruleIds, produced, ruleUnchanged, previousStatus = {} }) {
  const rows = new Map(ruleIds.map((id) => [id, emptyRow(id)]));
  const unknownRules = new Set();
  const unknownEngines = new Set();
  const vanished = [];
  // Several labels of one finding (two labellers, the same finding in both modes) count once, at the
  // verdict findingVerdict gives them.
  const counted = [];
  for (const label of labels) {
    const row = rows.get(label.rule);
    if (!row) {
      unknownRules.add(label.rule);
      continue;
    }
    const unchanged = ruleUnchanged(label.rule, label.engine);
    if (unchanged === null) {
      unknownEngines.add(label.engine);
      row.stale += 1;
      continue;
    }
    if (!unchanged) {
      row.stale += 1;
      continue;
    }
    if (!produced.has(findingKey(label))) {
      row.vanished += 1;
      vanished.push(label);
      continue;
    }
    counted.push(label);
  }
  const tied = [];
  for (const judged of labelsByPlace(counted).values()) {
    const row = rows.get(judged[0].rule);
    row[findingVerdict(judged).toLowerCase()] += 1;
    for (const label of judged)
      if (label.labeled_at && label.labeled_at > row.labeled_through) row.labeled_through = label.labeled_at;
    if (tiedOnTheCall(judged)) tied.push(judged);
  }
  for (const row of rows.values()) finishRow(row, previousStatus[row.rule]);
  return { rows: [...rows.values()], tied, vanished, unknownRules: [...unknownRules].sort(), unknownEngines: [...unknownEngines].sort() };
}

// Labels grouped by the finding they judge, whatever the mode: place (findingKey, mode '*') → labels.
export function labelsByPlace(labels) {
  const byPlace = new Map();
  for (const label of labels) {
    const place = findingKey({ ...label, mode: '*' });
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(label);
  }
  return byPlace;
}

// Each labeller's one opinion of a finding: the worse of their own labels of it (the same place
// labelled in hunks and in whole mode is one finding). Labels that name no labeller are one opinion.
function opinions(labels) {
  const byLabeller = new Map();
  for (const { labeler = '', verdict } of labels) {
    const before = byLabeller.get(labeler);
    byLabeller.set(labeler, before ? worseVerdict(before, verdict) : verdict);
  }
  return [...byLabeller.values()];
}

// A finding's verdict from all its counted labels: the verdict most labellers gave, a tie going to
// the worse of the tied verdicts. Two labellers who split give the worse verdict; only a third,
// blind opinion (scripts/label-sample --tied) can settle the finding the other way.
export function findingVerdict(labels) {
  const votes = new Map();
  for (const verdict of opinions(labels)) votes.set(verdict, (votes.get(verdict) ?? 0) + 1);
  const most = Math.max(...votes.values());
  return WORST_FIRST.find((verdict) => votes.get(verdict) === most);
}

// True when as many labellers call the finding worth a reviewer's minute (TP) as not: the
// findings a third opinion would settle.
export function tiedOnTheCall(labels) {
  const calls = opinions(labels).map((verdict) => verdict === 'TP');
  const worth = calls.filter(Boolean).length;
  return worth > 0 && worth * 2 === calls.length;
}

function emptyRow(rule) {
  return { rule, labels: 0, tp: 0, low: 0, fp: 0, precision: null, status: 'preview', vanished: 0, stale: 0, labeled_through: '', kept_off: false };
}


function worseVerdict(a, b) {
  return WORST_FIRST.indexOf(b) < WORST_FIRST.indexOf(a) ? b : a;
}

// previous: the rule's status in the rule_status.json the labels gave before (undefined: none).
function finishRow(row, previous) {
  row.labels = row.tp + row.low + row.fp;
  row.precision = row.labels ? Math.round((row.tp / row.labels) * 10000) / 10000 : null;
  if (row.labels >= MIN_LABELS && row.precision >= MIN_PRECISION) row.status = 'stable';
  else if (row.labels >= MIN_LABELS_TO_TURN_OFF && row.precision < TURN_OFF_BELOW) row.status = 'off';
  else if (row.labels < MIN_LABELS_TO_TURN_OFF && previous === 'off') {
    row.status = 'off';
    row.kept_off = true;
  } else row.status = 'preview';
}

// core/rules/rule_status.json: deterministic (no run date, no engine commit), rules in catalogue order.
export function statusJson(rows) {
  const labelsThrough = rows.reduce((newest, row) => (row.labeled_through > newest ? row.labeled_through : newest), '');
  const rules = {};
  for (const row of rows)
    rules[row.rule] = {
      status: row.status,
      precision: row.precision,
      labels: row.labels,
      tp: row.tp,
      low: row.low,
      fp: row.fp,
      labeled_through: row.labeled_through || null,
      ...(row.kept_off ? { kept_off: true } : {}),
    };
  const document = {
    schema: 'atom-review/rule-status/1',
    generated_by: 'scripts/precision --write (do not edit by hand)',
    min_labels: MIN_LABELS,
    min_precision: MIN_PRECISION,
    min_labels_to_turn_off: MIN_LABELS_TO_TURN_OFF,
    turn_off_below: TURN_OFF_BELOW,
    labels_through: labelsThrough || null,
    rules,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

// How often labellers agree: every finding (a place, either mode) that two or more labellers judged,
// and on how many of them all gave the same verdict, and the same call on whether it is worth a
// reviewer's minute (TP, or not). It measures the labels, not the rules, so stale labels count too.
// Returns { findings, sameVerdict, sameCall, byRule: {rule: {findings, sameVerdict, sameCall}} }.
export function labellerAgreement(labels) {
  const byPlace = labelsByPlace(labels.filter((label) => label.labeler));
  const total = { findings: 0, sameVerdict: 0, sameCall: 0, byRule: {} };
  for (const judged of byPlace.values()) {
    if (new Set(judged.map((l) => l.labeler)).size < 2) continue;
    const rule = judged[0].rule;
    const tally = (total.byRule[rule] ??= { findings: 0, sameVerdict: 0, sameCall: 0 });
    const sameVerdict = new Set(judged.map((l) => l.verdict)).size === 1 ? 1 : 0;
    const sameCall = new Set(judged.map((l) => l.verdict === 'TP')).size === 1 ? 1 : 0;
    for (const counts of [total, tally]) {
      counts.findings += 1;
      counts.sameVerdict += sameVerdict;
      counts.sameCall += sameCall;
    }
  }
  return total;
}

// The agreement in two lines for scripts/precision, or nothing when no finding has two labellers.
export function formatAgreement(agreement) {
  if (!agreement.findings) return [];
  const percent = (part) => `${Math.round((part / agreement.findings) * 100)}%`;
  const split = Object.entries(agreement.byRule)
    .filter(([, counts]) => counts.sameCall < counts.findings)
    .map(([rule, counts]) => `${rule} ${counts.sameCall}/${counts.findings}`);
  return [
    `second opinions: ${agreement.findings} findings judged by two or more labellers; the same verdict on ` +
      `${agreement.sameVerdict} (${percent(agreement.sameVerdict)}), the same call on whether it is worth a ` +
      `reviewer's minute (TP or not) on ${agreement.sameCall} (${percent(agreement.sameCall)})`,
    ...(split.length ? [`  same call / judged twice, where they split: ${split.join(', ')}`] : []),
  ];
}

// The counted findings whose labellers are tied on the call, for scripts/precision: how many, per rule.
export function formatTied(tied) {
  if (!tied.length) return [];
  const perRule = new Map();
  for (const judged of tied) perRule.set(judged[0].rule, (perRule.get(judged[0].rule) ?? 0) + 1);
  return [`tied: ${tied.length} counted findings whose labellers split evenly on the call, counted at the worse ` +
    `verdict (${[...perRule].map(([rule, count]) => `${rule} ${count}`).join(', ')}); ` +
    'a third, blind opinion settles them: scripts/label-sample --tied'];
}

// The per-rule table printed by scripts/precision.
// For a preview rule: the fewest further labels that could make it stable, every one of them TP
// (P1 at 36 TP of 42 needs 18). Null for a stable or off rule (an off rule must change first), and
// for one no run of TPs can lift to the bar.
export function labelsToStable(row) {
  if (row.status !== 'preview' || row.kept_off) return null;
  // In whole percents, so 0.9 is not compared in floating point: (tp + n) * 100 >= bar * (labels + n).
  const bar = Math.round(MIN_PRECISION * 100);
  const shortfall = bar * row.labels - 100 * row.tp;
  if (bar >= 100 && shortfall > 0) return null;
  const forPrecision = shortfall > 0 ? Math.ceil(shortfall / (100 - bar)) : 0;
  return Math.max(forPrecision, MIN_LABELS - row.labels, 0);
}

export function formatTable(rows) {
  const header = ['rule', 'labels', 'TP', 'LOW', 'FP', 'precision', 'status', 'to stable', 'vanished', 'stale'];
  const body = rows.map((r) => [
    r.rule, r.labels, r.tp, r.low, r.fp,
    r.precision === null ? '—' : `${(r.precision * 100).toFixed(1)}%`,
    r.status, labelsToStable(r) ?? '—', r.vanished, r.stale,
  ].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}
