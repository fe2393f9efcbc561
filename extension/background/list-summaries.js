// Answers `list-summary` requests: from the storage cache when it can, else by downloading the
// diff through the shared queue and reviewing it with the engine.
import { metaForRequest, parseListSummaryRequest } from '../shared/messages.js';
import { prepareEngine, reviewDiff } from './engine-host.js';
import { DiffQueue } from './list-queue.js';
import { DiffUnavailable, fetchPullRequestDiff } from './pr-diff.js';
import { ListSummaryStore } from './list-summary-store.js';
import { summarizeForList } from './list-summary.js';

const queue = new DiffQueue({ maxInFlight: 4 });
const store = new ListSummaryStore({ storage: chrome.storage.local });
const pending = new Map(); // store key -> promise, so that one pull request is fetched once

export const SWITCHED_OFF = 'switched-off';

// A storage that cannot be read is a cache miss; one that cannot be written is said in the
// summary's `notKept` (the badge's tooltip shows it), never a failed review. `stillWanted(pr)` is
// asked when the download's turn in the queue comes: a row waiting there while its repository
// leaves the scope, or list badges are switched off, is not downloaded.
async function computeSummary(pr, stillWanted, pack) {
  const cached = await store.get(pr).catch(() => null);
  if (cached) return cached;
  prepareEngine(); // warmed up while the diff downloads
  const diffBytes = await queue.run(async () => {
    if (!(await stillWanted(pr))) throw new DiffUnavailable(SWITCHED_OFF, 'list badges are switched off or the repository left the scope');
    return fetchPullRequestDiff(pr);
  });
  const summary = summarizeForList(JSON.parse(await reviewDiff(diffBytes, { ...metaForRequest(pr), ...(pack && { pack }) })));
  return store.put(pr, summary).then(() => summary, (error) => ({ ...summary, notKept: error.message }));
}

async function summaryFor(request, stillWanted, packFor) {
  const { pack, key: packKey } = await packFor(request);
  const pr = { ...request, packKey };
  const key = ListSummaryStore.keyOf(pr);
  if (!pending.has(key)) {
    const promise = computeSummary(pr, stillWanted, pack).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return pending.get(key);
}

/**
 * A chrome.runtime.onMessage listener for list summaries; ignores every other message.
 * `packFor(pr)` → Promise<{pack, key}>: the pack a row is reviewed with (the files page's) and its key.
 */
export function listSummaryAnswerer({ stillWanted, packFor }) {
  return (message, _sender, sendResponse) => {
    const pr = parseListSummaryRequest(message);
    if (!pr) return false;
    summaryFor(pr, stillWanted, packFor).then(
      (summary) => sendResponse({ ok: true, summary }),
      (error) => sendResponse({ ok: false, kind: error instanceof DiffUnavailable ? error.kind : 'failed',
        error: String(error?.message ?? error) }),
    );
    return true;
  };
}
