// The soak: soft navigations between the conversation and files pages of two pull requests on the
// fake GitHub (the way page-navigation.test.mjs does them), measuring after each what the page
// holds: our elements, all DOM nodes, event listeners (DevTools' Performance.getMetrics), the
// content script's live MutationObservers and IntersectionObservers (Runtime.queryObjects in its
// isolated world) and the JS heap after a forced garbage collection.
import { launchWithExtension } from './browser.mjs';
import { startFakeGitHub } from './fake-github.mjs';
import { DEMO_PR, demoDiff } from './pull-requests.mjs';
import { pathOf, softNavigate } from './soft-navigation.mjs';

const OTHER_PR = { ...DEMO_PR, number: 4245, title: 'Only the model runner and MLA changes' };
export const ROUTE = [
  { pr: DEMO_PR, tab: 'files' }, { pr: DEMO_PR, tab: '' }, { pr: OTHER_PR, tab: 'files' },
  { pr: DEMO_PR, tab: 'changes' }, { pr: OTHER_PR, tab: '' }, { pr: OTHER_PR, tab: 'changes' },
];

function firstFiles(diff, count) {
  return Buffer.from(diff.toString('utf8').split(/(?=^diff --git )/m).slice(0, count).join(''));
}

// The content script's world: the isolated execution context Chrome names after the extension.
async function contentScriptContext(cdp) {
  const contexts = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
  await cdp.send('Runtime.enable');
  return () => contexts.filter((context) => context.auxData?.type === 'isolated' && context.name === 'atom-review').at(-1);
}

async function liveObjects(cdp, contextId, constructorName) {
  const { result: prototype } = await cdp.send('Runtime.evaluate', { expression: `${constructorName}.prototype`, contextId, objectGroup: 'soak' });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: prototype.objectId, objectGroup: 'soak' });
  const { result } = await cdp.send('Runtime.callFunctionOn', { objectId: objects.objectId, functionDeclaration: 'function () { return this.length; }', returnByValue: true });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  return result.value;
}

async function measure(page, cdp, isolatedContext) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? null;
  const context = isolatedContext();
  return {
    ourElements: await page.evaluate(() => document.querySelectorAll('[data-atom-review]').length),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    heapBytes: metric('JSHeapUsedSize'),
    mutationObservers: context ? await liveObjects(cdp, context.id, 'MutationObserver') : null,
    intersectionObservers: context ? await liveObjects(cdp, context.id, 'IntersectionObserver') : null,
  };
}

/**
 * Runs `navigations` soft navigations round ROUTE; after each one, once the page shows its review,
 * calls `onStep({step, stop, figures})` and returns every step's figures.
 */
export async function runSoak(navigations, { onStep = () => {} } = {}) {
  const github = await startFakeGitHub();
  const browser = await launchWithExtension({ port: github.port });
  try {
    github.addPullRequest({ ...DEMO_PR, diffBytes: demoDiff() });
    github.addPullRequest({ ...OTHER_PR, diffBytes: firstFiles(demoDiff(), 2) });
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const isolatedContext = await contentScriptContext(cdp);
    await page.goto(`https://github.com${pathOf(ROUTE.at(-1))}`);
    await page.waitForSelector('[data-atom-review="panel"]', { timeout: 30000 });
    const steps = [];
    for (let step = 0; step < navigations; step += 1) {
      const stop = ROUTE[step % ROUTE.length];
      await softNavigate(page, pathOf(stop), step % 2 === 0 ? 'turbo:render' : 'soft-nav:end');
      await page.waitForFunction((files) => {
        const panel = document.querySelector('[data-atom-review="panel"] [data-atom-review="question"]');
        return panel && (!files || document.querySelectorAll('[data-atom-review="tier-badge"]').length > 0);
      }, stop.tab !== '', { timeout: 30000 });
      await page.waitForTimeout(250); // the debounced passes are done
      const figures = await measure(page, cdp, isolatedContext);
      steps.push({ step, stop: pathOf(stop), figures });
      onStep(steps.at(-1));
    }
    await page.close();
    return steps;
  } finally {
    await browser.close();
    await github.close();
  }
}
