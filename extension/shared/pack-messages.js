// The options page asks the background's engine to check a pack (validatePack in wasm/bindings.cc):
//   {type: 'validate-pack', packJson: string}
//   → {ok: true, validation: {ok: bool, errors: [{path, message}]}} | {ok: false, error}
// and to try a pack on a pasted diff (review with meta.pack; the result as the engine gave it):
//   {type: 'try-pack', packJson: string, diff: string}
//   → {ok: true, resultJson: string} | {ok: false, error}
// and for the rule catalogue (rules() in wasm/bindings.cc: each rule's id, summary, status and
// measured precision), to choose a rule to override:
//   {type: 'rule-catalogue'} → {ok: true, rules: [{id, summary, status, precision, labels, …}]} | {ok: false, error}
// Only this extension's own pages may send them (background/message-sender.js).
import { MAX_DIFF_BYTES } from './diff-limits.js';

export const PACK_VALIDATE_REQUEST = 'validate-pack';
export const PACK_TRY_REQUEST = 'try-pack';
export const RULE_CATALOGUE_REQUEST = 'rule-catalogue';
// The engine refuses more than 1 MiB of pack JSON itself; this bounds the message.
export const MAX_PACK_JSON_CHARS = 2 * 1024 * 1024;

export function packValidateRequest(packJson) {
  return { type: PACK_VALIDATE_REQUEST, packJson };
}

/** The pack JSON text of a well-formed request, else null. */
export function parsePackValidateRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== PACK_VALIDATE_REQUEST) return null;
  return typeof message.packJson === 'string' && message.packJson.length <= MAX_PACK_JSON_CHARS ? message.packJson : null;
}

export function packTryRequest(packJson, diff) {
  return { type: PACK_TRY_REQUEST, packJson, diff };
}

/** {packJson, diff} of a well-formed try request (the diff at most MAX_DIFF_BYTES characters), else null. */
export function parsePackTryRequest(message) {
  if (!message || typeof message !== 'object' || message.type !== PACK_TRY_REQUEST) return null;
  const packJson = parsePackValidateRequest({ ...message, type: PACK_VALIDATE_REQUEST });
  if (packJson === null || typeof message.diff !== 'string' || message.diff.length > MAX_DIFF_BYTES) return null;
  return { packJson, diff: message.diff };
}

export function ruleCatalogueRequest() {
  return { type: RULE_CATALOGUE_REQUEST };
}

export function isRuleCatalogueRequest(message) {
  return Boolean(message) && typeof message === 'object' && message.type === RULE_CATALOGUE_REQUEST;
}
