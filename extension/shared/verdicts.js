// The reviewer's verdicts on findings as kept in storage.local with the rest of a pull request's
// review state (content/review-storage.js), read for the page and for the options page's list.
// Whatever another version wrote is read safely: items of the wrong shape are dropped.

/** Where each pull request's review state is kept: the prefix, then `pullRequestKey@head`. */
export const REVIEW_STATE_PREFIX = 'atom-review:pr:';

/** The hand labels' verdicts (tests/labels/README.md): worth raising, true but minor, wrong. */
export const VERDICTS = ['TP', 'LOW', 'FP'];

export const isDismissal = (item) => item && typeof item === 'object' && typeof item.rule === 'string'
  && (item.path === null || typeof item.path === 'string') && (item.line === null || Number.isSafeInteger(item.line));

const textOr = (value, fallback) => (typeof value === 'string' ? value : fallback);

/** [{rule, message_id, path, line, side, severity, verdict, why, exported}] from a stored list. */
export function parseVerdicts(list) {
  if (!Array.isArray(list)) return [];
  return list.filter((item) => isDismissal(item) && VERDICTS.includes(item.verdict)).map((item) => ({
    rule: item.rule, message_id: textOr(item.message_id, ''), path: item.path, line: item.line,
    side: item.side === 'old' ? 'old' : 'new', severity: textOr(item.severity, ''), verdict: item.verdict,
    why: textOr(item.why, ''), exported: item.exported === true,
  }));
}

const STATE_KEY = /^(?:([^/#@]+)\/)?([^/#@]+)\/([^/#@]+)#(\d+)@([0-9a-f]+)$/;

/**
 * The pull requests whose stored state holds verdicts, from all of storage.local (`items`), newest
 * first: [{pr: {host, owner, repo, number}, head (the commit, or the fingerprint of the reviewed
 * files where the page named none), counts: {TP, LOW, FP}, unexported, savedAt}].
 */
export function pullRequestsWithVerdicts(items) {
  const found = [];
  for (const [key, value] of Object.entries(items ?? {})) {
    if (!key.startsWith(REVIEW_STATE_PREFIX)) continue;
    const named = STATE_KEY.exec(key.slice(REVIEW_STATE_PREFIX.length));
    const verdicts = parseVerdicts(value?.verdicts);
    if (!named || verdicts.length === 0) continue;
    const [, host = 'github.com', owner, repo, number, head] = named;
    const counts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, verdicts.filter((item) => item.verdict === verdict).length]));
    found.push({
      pr: { host, owner, repo, number: Number(number) }, head, counts,
      unexported: verdicts.filter((item) => !item.exported).length, savedAt: Number.isFinite(value.savedAt) ? value.savedAt : 0,
    });
  }
  return found.sort((a, b) => b.savedAt - a.savedAt);
}
