// The options page asks the background's engine to check a pack (validatePack in wasm/bindings.cc):
//   {type: 'validate-pack', packJson: string}
//   → {ok: true, validation: {ok: bool, errors: [{path, message}]}} | {ok: false, error}
// Only this extension's own pages may send it (background/message-sender.js).
export const PACK_VALIDATE_REQUEST = 'validate-pack';
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
