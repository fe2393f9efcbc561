// The pull request's context from its pages, for the engine's P rules, its Step-1 summary and
// the card: on the conversation page from the page itself; on the files page from the conversation
// page, fetched once through the background and parsed here. Then the failing checks' history
// (ci-history.js). Best-effort throughout: what cannot be read is left out, and the extra
// fetches get a time budget so the review is never held up long.
import { matchPullRequestPage } from '../page-routes.js';
import { withBaseStates, withExpiredLogs } from './ci-history.js';
import { readConversationPage } from '../adapters/conversation-page.js';
import { fetchDocument } from './page-fetch.js';

const CONVERSATION_BUDGET_MS = 10_000;
const CHECK_HISTORY_BUDGET_MS = 8000;

function withinBudget(promise, fallback, ms) {
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), ms); });
  return Promise.race([promise.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

async function conversationDocument(doc, pr) {
  const shown = matchPullRequestPage(doc.location?.pathname ?? '');
  const onConversation = shown?.tab === 'conversation' && shown.owner === pr.owner && shown.repo === pr.repo && shown.number === pr.number;
  if (onConversation) return doc;
  const fetched = fetchDocument({ kind: 'conversation', owner: pr.owner, repo: pr.repo, number: pr.number });
  return withinBudget(fetched, null, CONVERSATION_BUDGET_MS);
}

async function checkHistory(checks, pr, baseRef) {
  const repository = { host: pr.host, owner: pr.owner, repo: pr.repo };
  const [withBase, withLogs] = await Promise.all([
    withBaseStates(checks, { ...repository, baseRef }), withExpiredLogs(checks, repository),
  ]);
  return withBase.map((check, index) => ({ ...check, ...(withLogs[index].logs_expired && { logs_expired: true }) }));
}

/**
 * → Promise<{title?, author?, body?, labels?, comments?, checks?, head_sha?, base_ref?}> for
 * pr {owner, repo, number}; {} when the conversation page cannot be had.
 */
export async function readPullRequestContext(doc, pr) {
  const conversation = await conversationDocument(doc, pr);
  if (!conversation) return {};
  const context = readConversationPage(conversation, pr);
  if (context.checks?.length) {
    context.checks = await withinBudget(checkHistory(context.checks, pr, context.base_ref), context.checks, CHECK_HISTORY_BUDGET_MS);
  }
  return context;
}
