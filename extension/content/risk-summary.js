// What the risk map shows for each file: its finding counts, its top finding, its hover text.

const SEVERITY_WORDS = { red: 'must fix', warn: 'to check', note: 'note' };

/** → {red, warn, top} for each path: counts and its first finding (the engine sorts them most severe first). */
export function findingsByPath(findings) {
  const byPath = new Map();
  for (const finding of findings) {
    if (finding.path == null) continue;
    const entry = byPath.get(finding.path) ?? { red: 0, warn: 0, top: null };
    if (finding.severity === 'red') entry.red += 1;
    if (finding.severity === 'warn') entry.warn += 1;
    entry.top ??= finding;
    byPath.set(finding.path, entry);
  }
  return byPath;
}

export function tileTitle(file, counts) {
  const changes = (file.additions ?? 0) + (file.deletions ?? 0);
  const top = counts?.top
    ? `top finding (${SEVERITY_WORDS[counts.top.severity] ?? counts.top.severity}): ${counts.top.problem ?? counts.top.rule}`
    : 'no findings';
  return `${file.path} — Tier ${file.tier}, ${changes} changed line${changes === 1 ? '' : 's'}; ${top}`;
}
