// Reads the engine's evidence strings ("path:line", "path:line (removed)", "path") into places
// on the diff. Paths may themselves hold colons, so the line is only taken from the last one.

const WITH_LINE = /^(.*):(\d+)( \(removed\))?$/;

/** → {path, line, side} (line null for a whole file), or null for an empty string. */
export function parseEvidence(text) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const match = WITH_LINE.exec(text.trim());
  if (!match || match[1] === '') return { path: text.trim(), line: null, side: 'new' };
  return { path: match[1], line: Number(match[2]), side: match[3] ? 'old' : 'new' };
}
