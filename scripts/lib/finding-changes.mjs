// What a change does to the findings over a corpus: the findings the baseline CLI gave and the
// ones the changed CLI gives, compared as multisets (scripts/corpus-diff prints them).
// A finding is the same finding when its PR, rule, severity, place and problem text are the same;
// a severity or wording change is therefore one finding removed and one added.

// The corpus is split by commit id: sha10 starting 0–7 is the half rules are tuned on, 8–f is
// held out, so a change can be judged on PRs it was not tuned on.
export const HALVES = ['tuning', 'held-out'];
export const halfOf = (sha10) => (/^[0-7]/i.test(sha10) ? 'tuning' : 'held-out');

const SEVERITY_ORDER = { red: 0, warn: 1, note: 2 };

// One row per finding of a PR's review (the result's findings[]), with where it came from.
export function findingRows(pr, findings) {
  return findings.map((f) => ({
    repo: pr.repo,
    sha10: pr.sha10,
    number: pr.number ?? null,
    half: halfOf(pr.sha10),
    rule: f.rule,
    severity: f.severity,
    path: f.path ?? null,
    line: f.line ?? null,
    side: f.side ?? null,
    problem: f.problem ?? '',
  }));
}

const identity = (row) =>
  JSON.stringify([row.repo, row.sha10, row.rule, row.severity, row.path, row.line, row.side, row.problem]);

export function compareRows(before, after) {
  const remaining = new Map();
  for (const row of before) {
    const key = identity(row);
    remaining.set(key, [...(remaining.get(key) ?? []), row]);
  }
  const added = [];
  for (const row of after) {
    const same = remaining.get(identity(row));
    if (same?.length) same.pop();
    else added.push(row);
  }
  const removed = [...remaining.values()].flat();
  return { added: added.sort(byPlace), removed: removed.sort(byPlace) };
}

export function byPlace(a, b) {
  return (
    HALVES.indexOf(a.half) - HALVES.indexOf(b.half) ||
    a.repo.localeCompare(b.repo) ||
    a.sha10.localeCompare(b.sha10) ||
    (a.path ?? '').localeCompare(b.path ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    a.rule.localeCompare(b.rule) ||
    a.problem.localeCompare(b.problem)
  );
}

// Per rule and severity: the counts before and after, in all and in each half. Sorted by rule,
// then red, warn, note.
export function countsByRule(before, after) {
  const table = new Map();
  const tally = (rows, side) => {
    for (const row of rows) {
      const key = `${row.rule}\u0000${row.severity}`;
      if (!table.has(key)) {
        const zero = () => ({ before: 0, after: 0 });
        table.set(key, { rule: row.rule, severity: row.severity, all: zero(), tuning: zero(), 'held-out': zero() });
      }
      const entry = table.get(key);
      entry.all[side] += 1;
      entry[row.half][side] += 1;
    }
  };
  tally(before, 'before');
  tally(after, 'after');
  return [...table.values()].sort(
    (a, b) => a.rule.localeCompare(b.rule) || (SEVERITY_ORDER[a.severity] ?? 9) - (SEVERITY_ORDER[b.severity] ?? 9),
  );
}
