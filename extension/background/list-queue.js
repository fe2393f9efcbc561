// Runs downloads (list rows' diffs, head files): at most `maxInFlight` at once, and when GitHub says
// "rate limited" (pr-diff.js's DiffUnavailable) the whole queue waits (Retry-After, the rate-limit
// reset, or a doubling pause) before it tries again — a list of 25 rows must never turn into 25
// retries a second.
import { DiffUnavailable } from './pr-diff.js';

const FIRST_BACKOFF_MS = 2000;
const MAX_BACKOFF_MS = 5 * 60 * 1000;

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
