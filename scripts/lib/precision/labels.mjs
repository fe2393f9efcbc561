// Hand labels (tests/labels/*.jsonl, format in tests/labels/README.md): reading, checking, and the
// identity of the finding a label is about.
import { readFileSync } from 'node:fs';

export const VERDICTS = ['TP', 'LOW', 'FP'];
export const MODES = ['hunks', 'whole', 'repository'];
const REQUIRED = ['repo', 'commit', 'rule', 'mode', 'engine'];

// The finding a label (or an engine finding, given its commit and mode) is about: same repository,
// corpus commit, mode, rule, path, line and side. File- and PR-level findings have line 0 / path ''.
export function findingKey({ repo, commit, mode, rule, path, line, side }) {
  return [repo, commit, mode, rule, path ?? '', Number(line ?? 0) || 0, side ?? 'new'].join('\u0000');
}

// Parses JSONL text; returns { labels, problems } where each problem names `source:line`. Lines with
// an empty verdict (a label-sample skeleton not filled in yet) are skipped and counted as `unfilled`.
export function parseLabels(text, source) {
  const labels = [];
  const problems = [];
  let unfilled = 0;
  text.split('\n').forEach((raw, index) => {
    const where = `${source}:${index + 1}`;
    if (!raw.trim()) return;
    let label;
    try {
      label = JSON.parse(raw);
    } catch {
      problems.push(`${where}: not JSON`);
      return;
    }
    if (label === null || typeof label !== 'object' || Array.isArray(label)) {
      problems.push(`${where}: not a JSON object`);
      return;
    }
    if (!label.verdict) {
      unfilled += 1;
      return;
    }
    const missing = REQUIRED.filter((key) => typeof label[key] !== 'string' || !label[key]);
    if (missing.length) problems.push(`${where}: missing ${missing.join(', ')}`);
    else if (!VERDICTS.includes(label.verdict)) problems.push(`${where}: verdict must be TP, LOW or FP`);
    else if (!MODES.includes(label.mode)) problems.push(`${where}: mode must be hunks, whole or repository`);
    else labels.push({ ...label, source: where });
  });
  return { labels, problems, unfilled };
}

export function readLabelFiles(paths) {
  const all = { labels: [], problems: [], unfilled: 0 };
  for (const path of paths) {
    const { labels, problems, unfilled } = parseLabels(readFileSync(path, 'utf8'), path);
    all.labels.push(...labels);
    all.problems.push(...problems);
    all.unfilled += unfilled;
  }
  return all;
}
