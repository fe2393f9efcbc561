// How big a diff atom-review takes, downloaded or read from the page. Chrome refuses a runtime
// message over 64 MiB (its JSON, as UTF-8), so a page's diff must fit well inside one with the
// PR's context beside it; a `.diff` download gets the same cap. GitHub itself serves no `.diff`
// past 20,000 lines (406), which real pull requests reach long before 32 MiB.
export const MAX_DIFF_BYTES = 32 * 1024 * 1024;

const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x22, 0x5c]); // \b \t \n \f \r \" \\

// The bytes `text` takes inside a runtime message, at most: JSON-escaped, as UTF-8. A surrogate
// counts 6 (a lone one is escaped as \udXXX; a pair, 4 bytes, is counted 12).
function messageBytesOf(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES.has(code)) bytes += 2;
    else if (code < 0x20) bytes += 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** True when a diff read from the page may travel to the background in a review request. */
export function pageDiffFitsMessage(text, maxBytes = MAX_DIFF_BYTES) {
  if (text.length * 6 <= maxBytes) return true; // no character takes more than 6 bytes
  return text.length <= maxBytes && messageBytesOf(text) <= maxBytes;
}
