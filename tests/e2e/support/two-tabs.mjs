// Two tabs on one pull request, dismissing and ticking at the same time (review-state.test.mjs in
// Chromium, firefox.test.mjs in Firefox): every write made in either is kept and shown in both.
import assert from 'node:assert/strict';
import {
  actAtOnce, checkedBoxes, openReviewed, pullUrl, shownFindingCount, waitForBothTabs,
} from './review-page.mjs';

/** `reference`: the engine's result for `pr` (support/reference-review.mjs); `session`: a launched browser. */
export async function assertTwoTabsKeepEveryWrite(session, pr, reference) {
  const findings = reference.findings.filter((f) => f.path !== null && f.line !== null);
  const boxCount = reference.checklist.reduce((sum, entry) => sum + entry.items.length, 0);
  assert.ok(findings.length >= 2 && boxCount >= 4, `the demo has two line findings (${findings.length}) and four checklist items (${boxCount})`);
  const shown = { findings: reference.findings.length, badges: reference.files.length };
  const first = await openReviewed(session, pullUrl(pr, 'files'), shown);
  const second = await openReviewed(session, pullUrl(pr, 'changes'), shown);
  const boxes = Array.from({ length: boxCount }, (_, index) => index);
  // Each tab dismisses one finding and ticks every other checklist item, both tabs at once.
  await Promise.all([
    actAtOnce(first, [findings[0]], boxes.filter((index) => index % 2 === 0)),
    actAtOnce(second, [findings[1]], boxes.filter((index) => index % 2 === 1)),
  ]);
  await waitForBothTabs([first, second], reference.findings.length - 2, boxCount);
  // Everything observed at once, so that a failure shows whether a write was lost or not shown.
  const stored = Object.entries(await session.localItems())
    .filter(([key]) => key.startsWith(`atom-review:pr:${pr.owner}/${pr.repo}#${pr.number}@`)).map(([, state]) => state);
  const tab = async (page) => ({ findings: await shownFindingCount(page), ticked: await checkedBoxes(page) });
  const dismissedKeys = (list) => list.map((d) => `${d.rule} ${d.line}`).sort();
  assert.deepEqual({
    first: await tab(first),
    second: await tab(second),
    stored: stored.map((state) => ({ dismissed: dismissedKeys(state.dismissed), ticked: state.checked.length })),
  }, {
    first: { findings: reference.findings.length - 2, ticked: boxes },
    second: { findings: reference.findings.length - 2, ticked: boxes },
    stored: [{ dismissed: dismissedKeys(findings.slice(0, 2)), ticked: boxCount }], // one state for the pull request
  });
  await first.close();
  await second.close();
}
