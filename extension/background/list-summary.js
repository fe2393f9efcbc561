// What a pull request list row shows, condensed from a full review result (contract.md).
const SEVERITY_ORDER = { red: 0, warn: 1, note: 2 };
const TOP_FINDINGS = 3;
const SHOWN_TIERS = [1, 2, 3];
// The tooltip names this many files per tier and counts the rest; only those are kept.
export const LISTED_TIER_FILES = 8;

/**
 * → {tier (most critical tier touched, or null when no file has one), red, warn, types,
 *    topFindings: [{severity, rule, path, line, problem}], tierFiles: {1: [paths], 2: [paths]} (the first
 *    LISTED_TIER_FILES of each), tierFileCounts: {1: n, 2: n}}
 */
export function summarizeForList(result) {
  const files = result.files ?? [];
  const tiers = files.map((file) => file.tier).filter((tier) => SHOWN_TIERS.includes(tier));
  const findings = result.findings ?? [];
  const count = (severity) => findings.filter((finding) => finding.severity === severity).length;
  const ranked = findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => finding.severity in SEVERITY_ORDER)
    .sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] || a.index - b.index)
    .slice(0, TOP_FINDINGS)
    .map(({ finding }) => ({
      severity: finding.severity, rule: finding.rule, path: finding.path ?? null,
      line: finding.line ?? null, problem: finding.problem ?? '',
    }));
  const pathsOfTier = (tier) => files.filter((file) => file.tier === tier).map((file) => file.path).sort();
  return {
    tier: tiers.length > 0 ? Math.min(...tiers) : null,
    red: count('red'),
    warn: count('warn'),
    types: (result.pr_types ?? []).map((type) => type.id),
    topFindings: ranked,
    tierFiles: { 1: pathsOfTier(1).slice(0, LISTED_TIER_FILES), 2: pathsOfTier(2).slice(0, LISTED_TIER_FILES) },
    tierFileCounts: { 1: pathsOfTier(1).length, 2: pathsOfTier(2).length },
  };
}
