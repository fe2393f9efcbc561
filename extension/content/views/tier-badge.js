// The tier badge shown in a file header. Paths and reasons come from a diff, which is hostile
// input: they only ever reach the page as attribute values and textContent.

export const TIER_BADGE = 'tier-badge';

/**
 * Why the file has its tier, what breaks and how widely when it is wrong, and the checklist the
 * reviewer must go through when the engine says it is mandatory. `checklist`: that file's entry
 * ({items, mandatory}), or null.
 */
export function tooltipFor(file, checklist = null) {
  const visibility = file.high_visibility ? ' · high visibility (plugin bridge)' : '';
  const lines = [`atom-review: Tier ${file.tier}${visibility}${file.tier_reason ? ` — ${file.tier_reason}` : ''}`];
  if (file.blast_radius) lines.push(`Blast radius: ${file.blast_radius}`);
  if (file.failure_mode) lines.push(`Failure mode: ${file.failure_mode}`);
  if (checklist?.mandatory && checklist.items.length > 0) {
    lines.push('Mandatory checklist:', ...checklist.items.map((item) => `☐ ${item}`));
  }
  return lines.join('\n');
}

export function createTierBadge(doc, file, checklist = null) {
  const badge = doc.createElement('span');
  badge.dataset.atomReview = TIER_BADGE;
  badge.dataset.path = file.path;
  badge.dataset.tier = String(file.tier);
  if (file.high_visibility) badge.dataset.highVisibility = 'true';
  badge.className = `atom-review-tier-badge atom-review-tier-${file.tier}`;
  badge.title = tooltipFor(file, checklist);
  badge.setAttribute('aria-label', badge.title);
  badge.tabIndex = 0; // the tooltip is reachable from the keyboard too
  badge.textContent = `T${file.tier}`;
  return badge;
}

/** True when `badge` already shows exactly what `createTierBadge(file)` would. */
export function badgeShows(badge, file, checklist = null) {
  return badge.dataset.path === file.path
    && badge.dataset.tier === String(file.tier)
    && (badge.dataset.highVisibility === 'true') === Boolean(file.high_visibility)
    && badge.title === tooltipFor(file, checklist);
}
