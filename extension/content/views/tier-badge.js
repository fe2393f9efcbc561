// The tier badge shown in a file header. Paths and reasons come from a diff, which is hostile
// input: they only ever reach the page as attribute values and textContent.

export const TIER_BADGE = 'tier-badge';

export function tooltipFor(file) {
  const visibility = file.high_visibility ? ' · high visibility (plugin bridge)' : '';
  return `atom-review: Tier ${file.tier}${visibility}${file.tier_reason ? ` — ${file.tier_reason}` : ''}`;
}

export function createTierBadge(doc, file) {
  const badge = doc.createElement('span');
  badge.dataset.atomReview = TIER_BADGE;
  badge.dataset.path = file.path;
  badge.dataset.tier = String(file.tier);
  if (file.high_visibility) badge.dataset.highVisibility = 'true';
  badge.className = `atom-review-tier-badge atom-review-tier-${file.tier}`;
  badge.title = tooltipFor(file);
  badge.textContent = `T${file.tier}`;
  return badge;
}

/** True when `badge` already shows exactly what `createTierBadge(file)` would. */
export function badgeShows(badge, file) {
  return badge.dataset.path === file.path
    && badge.dataset.tier === String(file.tier)
    && (badge.dataset.highVisibility === 'true') === Boolean(file.high_visibility)
    && badge.title === tooltipFor(file);
}
