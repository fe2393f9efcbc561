// Fetches pull request diffs for list rows: at most `maxInFlight` at once, and when GitHub says
// "rate limited" the whole queue waits (Retry-After, the rate-limit reset, or a doubling pause)
// before it tries again — a list of 25 rows must never turn into 25 retries a second.
import { pullRequestDiffUrl } from './pr-diff.js';

/** An answer GitHub gave instead of a diff; `kind`: too-large | not-found | rate-limited | failed. */
export class DiffUnavailable extends Error {
  constructor(kind, message, retryAfterMs = null) {
    super(message);
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }
}

const FIRST_BACKOFF_MS = 2000;
const MAX_BACKOFF_MS = 5 * 60 * 1000;

function rateLimitWaitMs(response, now) {
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return null;
}

function isRateLimited(response) {
  if (response.status === 429) return true;
  return response.status === 403 && (response.headers.get('x-ratelimit-remaining') === '0'
    || response.headers.has('retry-after'));
}

/** One diff download; resolves to bytes or rejects with DiffUnavailable. */
export async function fetchDiffForList(pr, { fetchImpl = fetch, now = Date.now } = {}) {
  const url = pullRequestDiffUrl(pr);
  let response;
  try {
    response = await fetchImpl(url, { credentials: 'include', redirect: 'follow' });
  } catch (error) {
    throw new DiffUnavailable('failed', `network error: ${error?.message ?? error}`);
  }
  if (response.ok) return new Uint8Array(await response.arrayBuffer());
  if (response.status === 406) {
    throw new DiffUnavailable('too-large', 'diff too large: GitHub serves no diff past 300 files or 20,000 lines (406)');
  }
  if (response.status === 404) throw new DiffUnavailable('not-found', 'not found (404): no such pull request, or no access');
  if (isRateLimited(response)) {
    throw new DiffUnavailable('rate-limited', `rate limited by GitHub (${response.status})`, rateLimitWaitMs(response, now()));
  }
  throw new DiffUnavailable('failed', `GitHub answered ${response.status}`);
}

export class DiffQueue {
  constructor({ maxInFlight = 4, maxRateLimitRetries = 3, firstBackoffMs = FIRST_BACKOFF_MS,
    now = Date.now, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = {}) {
    this.maxInFlight = maxInFlight;
    this.maxRateLimitRetries = maxRateLimitRetries;
    this.firstBackoffMs = firstBackoffMs;
    this.now = now;
    this.sleep = sleep;
    this.inFlight = 0;
    this.waiting = []; // [{job, attempt, resolve, reject}], first in, first out
    this.pausedUntil = 0;
    this.backoffMs = firstBackoffMs;
    this.wakeScheduled = false;
  }

  /** Runs `job()` (a diff download) when a slot is free; resolves or rejects with its outcome. */
  run(job) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, attempt: 0, resolve, reject });
      this.pump();
    });
  }

  pump() {
    const pauseLeft = this.pausedUntil - this.now();
    if (pauseLeft > 0) {
      if (!this.wakeScheduled) {
        this.wakeScheduled = true;
        this.sleep(pauseLeft).then(() => { this.wakeScheduled = false; this.pump(); });
      }
      return;
    }
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) this.start(this.waiting.shift());
  }

  start(task) {
    this.inFlight += 1;
    Promise.resolve().then(task.job).then(
      (value) => { this.backoffMs = this.firstBackoffMs; task.resolve(value); },
      (error) => this.failed(task, error),
    ).finally(() => {
      this.inFlight -= 1;
      this.pump();
    });
  }

  failed(task, error) {
    if (!(error instanceof DiffUnavailable) || error.kind !== 'rate-limited'
        || task.attempt >= this.maxRateLimitRetries) {
      task.reject(error);
      return;
    }
    const waitMs = Math.min(MAX_BACKOFF_MS, error.retryAfterMs ?? this.backoffMs);
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + waitMs);
    this.waiting.unshift({ ...task, attempt: task.attempt + 1 });
  }
}
