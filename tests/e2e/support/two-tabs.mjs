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
  for (const [name, page] of [['first', first], ['second', second]]) {
    assert.equal(await shownFindingCount(page), reference.findings.length - 2, `${name} tab: both dismissals shown`);
    assert.deepEqual(await checkedBoxes(page), boxes, `${name} tab: every tick shown`);
  }
  const stored = Object.entries(await session.localItems())
    .filter(([key]) => key.startsWith(`atom-review:pr:${pr.owner}/${pr.repo}#${pr.number}@`));
  assert.equal(stored.length, 1, 'one state for the pull request');
  const [[, state]] = stored;
  assert.deepEqual(state.dismissed.map((d) => `${d.rule} ${d.line}`).sort(), findings.slice(0, 2).map((f) => `${f.rule} ${f.line}`).sort());
  assert.equal(state.checked.length, boxCount);
  await first.close();
  await second.close();
}
