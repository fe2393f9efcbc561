// Which findings a labelling pass offers: at most K per rule, drawn with a fixed seed, so that the
// same corpus, engine and seed give the same worksheet.
import { findingKey } from '../precision/labels.mjs';
import { labelsByPlace, tiedOnTheCall } from '../precision/measure.mjs';

// The held-out half of the corpus: sha10 whose first hex digit is 8–f (0–7 is the tuning half).
export const isHeldOut = (sha10) => /^[89a-f]/i.test(sha10);

// mulberry32: a small deterministic PRNG (any fixed generator would do; this one is short).
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// candidates: [{repo, commit, mode, finding}]. Per rule (in `ruleOrder`, then any other rule by
// id): sorts by identity, shuffles with the seed, keeps at most `perRule`; a finding already taken
// in the other mode (same commit, rule, path, line, side) is skipped, so each label says something new.
export function chooseStratified(candidates, { perRule, seed, ruleOrder = [] }) {
  const identity = (c, mode = c.mode) =>
    findingKey({ repo: c.repo, commit: c.commit, mode, rule: c.finding.rule, path: c.finding.path, line: c.finding.line, side: c.finding.side });
  const byRule = new Map();
  for (const candidate of candidates) {
    const rule = candidate.finding.rule;
    if (!byRule.has(rule)) byRule.set(rule, []);
    byRule.get(rule).push(candidate);
  }
  const rules = [...ruleOrder.filter((r) => byRule.has(r)), ...[...byRule.keys()].filter((r) => !ruleOrder.includes(r)).sort()];
  const random = seededRandom(seed);
  const chosen = [];
  for (const rule of rules) {
    const pool = byRule.get(rule).slice().sort((a, b) => (identity(a) < identity(b) ? -1 : identity(a) > identity(b) ? 1 : 0));
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const taken = new Set();
    for (const candidate of pool) {
      if (taken.size >= perRule) break;
      const place = identity(candidate, '*');
      if (taken.has(place)) continue;
      taken.add(place);
      chosen.push(candidate);
    }
  }
  return chosen;
}

// The candidates no label judges yet, in either mode (scripts/precision counts a finding once for
// both): for a round that should add judgments, not second opinions.
export function withoutLabelled(candidates, labels) {
  const judged = new Set(labels.map((label) => findingKey({ ...label, mode: '*' })));
  return candidates.filter(({ repo, commit, finding }) =>
    !judged.has(findingKey({ repo, commit, mode: '*', rule: finding.rule, path: finding.path, line: finding.line, side: finding.side })));
}

// The places (findingKey, mode '*') whose labels, among those still counted for their rule
// (ruleUnchanged(rule, engine) true: measure()'s test), come from labellers tied on the call.
export function tiedPlaces(labels, ruleUnchanged) {
  const byPlace = labelsByPlace(labels.filter((label) => ruleUnchanged(label.rule, label.engine) === true));
  return new Set([...byPlace].filter(([, judged]) => tiedOnTheCall(judged)).map(([place]) => place));
}

// The candidates at those places, in either mode.
export function atPlaces(candidates, places) {
  return candidates.filter(({ repo, commit, finding }) =>
    places.has(findingKey({ repo, commit, mode: '*', rule: finding.rule, path: finding.path, line: finding.line, side: finding.side })));
}
