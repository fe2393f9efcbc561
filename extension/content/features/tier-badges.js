// Tier badges: exactly one `data-atom-review="tier-badge"` per file header on a PR files page,
// in both UIs, kept in place while GitHub re-renders and lazily loads files.
import { findFileContainers } from '../adapters/index.js';
import { onDomChanges } from '../dom-changes.js';
import { indexByContainer } from '../file-index.js';
import { matchPullRequestFilesPage } from '../page-routes.js';
import { onReviewChanged, requestReview } from '../review-client.js';
import { TIER_BADGE, badgeShows, createTierBadge } from '../views/tier-badge.js';

function placeBadges(doc, reviewedFiles, checklists) {
  for (const { adapter, container } of findFileContainers(doc)) {
    const [file] = reviewedFiles.itemsOf(adapter, container);
    const checklist = (file && checklists.get(file.path)) ?? null;
    const slot = adapter.headerBadgeSlot(container);
    const present = Array.from(container.querySelectorAll(`[data-atom-review="${TIER_BADGE}"]`));
    const keep = file && slot
      ? present.find((badge) => badge.parentElement === slot && badgeShows(badge, file, checklist))
      : undefined;
    for (const badge of present) if (badge !== keep) badge.remove();
    if (file && slot && !keep) slot.append(createTierBadge(doc, file, checklist));
  }
}

function removeBadges(doc) {
  for (const badge of doc.querySelectorAll(`[data-atom-review="${TIER_BADGE}"]`)) badge.remove();
}

export const tierBadges = {
  id: 'tier-badges',
  match: (location) => matchPullRequestFilesPage(location.pathname),
  async run(pr, signal) {
    signal.addEventListener('abort', () => removeBadges(document), { once: true });
    let shown = null; // {reviewed, checklists}
    let drawings = 0;
    // Again when the review changes (its context came): a badge that still shows its file stays.
    async function show() {
      const drawing = ++drawings;
      const { result } = await requestReview(pr);
      const reviewed = await indexByContainer((result.files ?? []).filter((file) => [1, 2, 3].includes(file.tier)));
      if (signal.aborted || drawing !== drawings) return;
      const checklists = new Map((result.checklist ?? []).filter((entry) => entry.path != null)
        .map((entry) => [entry.path, { items: entry.items ?? [], mandatory: entry.mandatory === true }]));
      shown = { reviewed, checklists };
      placeBadges(document, reviewed, checklists);
    }
    await show();
    if (signal.aborted) return;
    onReviewChanged(() => show().catch(() => {}), signal);
    onDomChanges(document.body, () => placeBadges(document, shown.reviewed, shown.checklists), signal);
  },
};
