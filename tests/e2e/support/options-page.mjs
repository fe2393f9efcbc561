// The options page's pack controls as a user works them, for Chromium (Playwright) and Firefox
// (Puppeteer) alike: only page calls both libraries share (waitForSelector, click, $eval,
// evaluate), and the controls are set the way the user's input reaches the page (value, then the
// `input` / `change` event Preact listens to; a file chosen arrives as the input's `files`).
import { isDeepStrictEqual } from 'node:util';
import { waitUntil } from './review-page.mjs';

/** The options page, in a tab of its own; `session` is a launched browser (browser.mjs, firefox.mjs). */
export async function openOptions(session) {
  const page = await session.openExtensionPage('options.html');
  await page.waitForSelector('[data-options="pack-import"]', { timeout: 15000 });
  await untilItDraws(page);
  return page;
}

/**
 * Resolves once `page` draws animation frames; fails, saying so, when it draws none. A click waits
 * for its target to hold still over two frames. Twice in CI an options page drew none for 30 s (the
 * click timed out "waiting for element to be visible, enabled and stable", its `fill` just done);
 * why is not known, and in 37 runs of that file alone, under load, it never happened. So a page
 * that draws no frame within 5 s is brought to the front (a hidden page draws none) and asked
 * again, and one that still draws none fails here, with its visibility and focus, not in a click.
 */
export async function untilItDraws(page) {
  // The page's own timer answers when no frame comes; the test's answers when the page runs nothing.
  const frameWithin = (ms) => Promise.race([
    page.evaluate((wait) => new Promise((resolve) => {
      requestAnimationFrame(() => resolve(true));
      setTimeout(() => resolve(false), wait);
    }), ms),
    new Promise((resolve, reject) => { setTimeout(() => reject(new Error('the options page runs no script for 10 s')), 2 * ms).unref(); }),
  ]);
  if (await frameWithin(5000)) return;
  await page.bringToFront();
  if (await frameWithin(5000)) return;
  const state = await page.evaluate(() => `visibilityState ${document.visibilityState}, focus ${document.hasFocus()}`);
  throw new Error(`the options page draws no animation frame (${state}): a click on it could not complete`);
}

async function setControl(page, selector, value) {
  await page.evaluate(([where, text]) => {
    const control = document.querySelector(where);
    control.value = text;
    control.dispatchEvent(new Event(control.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  }, [selector, value]);
}

// What the extension's storage.local holds, read by the options page itself (an extension page).
const stored = (options) => options.evaluate(() => (globalThis.browser ?? globalThis.chrome).storage.local.get(null));

/** Waits until `check(items)` holds for what storage.local holds. */
async function waitForStored(options, check, what) {
  const until = Date.now() + 15000;
  while (!check(await stored(options))) {
    if (Date.now() > until) throw new Error(`waited 15 s for ${what}`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

/**
 * Imports `pack` as the file `pack.json`. Resolves to {ok: true} once the pack is kept, or to
 * {ok: false, text} when the page says it was not (the status then is an error).
 */
export async function importPack(options, pack) {
  await options.evaluate((text) => {
    const files = new DataTransfer();
    files.items.add(new File([text], 'pack.json', { type: 'application/json' }));
    const input = document.querySelector('#import-pack');
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, JSON.stringify(pack));
  const until = Date.now() + 15000;
  for (;;) {
    // A validated pack waits for the user's yes, its repositories shown (issue #42).
    const asked = await options.evaluate(() => {
      const button = document.querySelector('[data-options="pack-import-confirm-button"]');
      button?.click();
      return Boolean(button);
    });
    if (asked) continue;
    const kept = (await stored(options))['atomReview.userPacks'] ?? [];
    // Storage may give the keys back in another order (Chromium sorts them).
    if (kept.some((user) => isDeepStrictEqual(user.pack, pack))) return { ok: true };
    const refusal = await options.$eval('[data-options="pack-import-status"]',
      (status) => (status.classList.contains('flash-error') ? status.textContent : null));
    if (refusal !== null) return { ok: false, text: refusal };
    if (Date.now() > until) throw new Error(`waited 15 s for ${pack.name} to be imported`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

/** Makes `packId` the pack for `repo` ('OWNER/REPO'); '' is the default. Resolves once it is stored. */
export async function choosePack(options, repo, packId) {
  await setControl(options, '#pack-choice-repo', repo);
  await setControl(options, '#pack-choice-pack', packId);
  await options.click('[data-options="pack-choice-button"]');
  const key = repo.toLowerCase();
  await waitForStored(options, (items) => (items['atomReview.packChoices']?.[key] ?? '') === packId, `${packId || 'the default'} for ${repo}`);
}

/** Overrides rule `ruleId` of pack `packId` with `level` ('off' | 'note' | 'warn' | 'red'), or '' for the pack's own. */
export async function overrideRule(options, packId, ruleId, level) {
  await setControl(options, '#override-pack', packId);
  if (level === '') {
    await setControl(options, `[data-options="rule-override"][data-rule="${ruleId}"] select`, '');
  } else {
    await setControl(options, '#override-rule', ruleId);
    await setControl(options, '#override-level', level);
    await options.click('[data-options="override-button"]');
  }
  await waitForStored(options, (items) => (items['atomReview.ruleOverrides']?.[packId]?.[ruleId] ?? '') === level,
    `${ruleId} of ${packId} at ${level || 'the pack\'s own'}`);
}

/** Switches the imported pack `name` on or off. */
export async function setPackEnabled(options, name, enabled) {
  const selector = `[data-options="pack"][data-pack-id="user:${name}"] [data-options="pack-enabled"]`;
  if (await options.$eval(selector, (box) => box.checked) !== enabled) await options.click(selector);
  await waitForStored(options, (items) => (items['atomReview.userPacks'] ?? []).some((user) => user.name === name && user.enabled === enabled),
    `${name} ${enabled ? 'on' : 'off'}`);
}

/** Removes the imported pack `name`. */
export async function removePack(options, name) {
  await options.click(`[data-options="pack"][data-pack-id="user:${name}"] [data-options="pack-remove"]`);
  await waitForStored(options, (items) => !(items['atomReview.userPacks'] ?? []).some((user) => user.name === name), `${name} removed`);
}
