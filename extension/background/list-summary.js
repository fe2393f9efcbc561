// What a pull request list row shows, condensed from a full review result (contract.md): the
// engine's counts and most critical tier (stats), its first findings (it sorts them most severe first).
const TOP_FINDINGS = 3;
// The tooltip names this many files per tier and counts the rest; only those are kept.
export const LISTED_TIER_FILES = 8;

/**
 * → {tier (most critical tier touched, or null when no file has one), red, warn, types,
 *    topFindings: [{severity, rule, path, line, problem}], tierFiles: {1: [paths], 2: [paths]} (the first
 *    LISTED_TIER_FILES of each), tierFileCounts: {1: n, 2: n}}
 */
export function summarizeForList(result) {
  const files = result.files ?? [];
  const stats = result.stats ?? {};
  const ranked = (result.findings ?? []).slice(0, TOP_FINDINGS).map((finding) => ({
    severity: finding.severity, rule: finding.rule, path: finding.path ?? null,
    line: finding.line ?? null, problem: finding.problem ?? '',
  }));
  const pathsOfTier = (tier) => files.filter((file) => file.tier === tier).map((file) => file.path).sort();
  return {
    tier: stats.top_tier ?? null,
    red: stats.red ?? 0,
    warn: stats.warn ?? 0,
    types: (result.pr_types ?? []).map((type) => type.id),
    topFindings: ranked,
    tierFiles: { 1: pathsOfTier(1).slice(0, LISTED_TIER_FILES), 2: pathsOfTier(2).slice(0, LISTED_TIER_FILES) },
    tierFileCounts: { 1: pathsOfTier(1).length, 2: pathsOfTier(2).length },
  };
}
