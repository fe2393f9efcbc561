// Reading what the extension put on a page.

/** Resolves when every file container on `page` carries a tier badge (or throws on timeout). */
export async function waitForTierBadges(page, expectedCount, timeout = 30000) {
  await page.waitForFunction((count) =>
    document.querySelectorAll('[data-atom-review="tier-badge"]').length >= count, expectedCount, { timeout });
}

/** [{containerId, path, tier, highVisibility, text, title, inHeader}] for every badge on the page. */
export function readTierBadges(page) {
  return page.$$eval('[data-atom-review="tier-badge"]', (badges) => badges.map((badge) => ({
    containerId: badge.closest('[id^="diff-"]')?.id ?? null,
    path: badge.dataset.path,
    tier: badge.dataset.tier,
    highVisibility: badge.dataset.highVisibility ?? null,
    text: badge.textContent,
    title: badge.title,
    inHeader: Boolean(badge.closest('.file-header, [class*="DiffFileHeader-module__diff-file-header"]')),
  })));
}
