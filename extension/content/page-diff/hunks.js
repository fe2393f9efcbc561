// Builds a file's hunks from the rows a page renders, in page order. DOM-free: the UI readers
// turn each table row into one of these events first.
//   {type: 'hunk', header}                        a hunk row ("@@ -a,b +c,d @@ section", or
//                                                 empty on a bare expander row)
//   {type: 'line', kind, oldLine, newLine, text}  a unified-view row
//   {type: 'pair', left, right}                   a split-view row; each half null or
//                                                 {kind, line, text}, kind 'context' on both
//                                                 halves of an unchanged line
// Line numbers come from the rows; a page's hunk header only supplies a start for a side with
// no lines (`-0,0` of an added file) and the section text.

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** {oldStart, oldCount, newStart, newCount, section} or null. */
export function parseHunkHeader(text) {
  const match = HUNK_HEADER.exec(text.trim());
  if (!match) return null;
  const count = (value) => (value === undefined ? 1 : Number(value));
  return {
    oldStart: Number(match[1]), oldCount: count(match[2]),
    newStart: Number(match[3]), newCount: count(match[4]), section: match[5],
  };
}

// A cell's text may end in the newline the page drew; a diff line never holds one.
const lineText = (text) => text.replace(/\n+$/, '');

/**
 * → {hunks: [{oldStart, newStart, section, lines}], problem: string|null}. A problem names what
 * the rows do not say faithfully (a line before any hunk row, an unreadable hunk header).
 */
export function hunksFromRows(events) {
  const hunks = [];
  let hunk = null;
  let removed = [];
  let added = [];
  const flushPairs = () => {
    hunk?.lines.push(...removed, ...added);
    removed = [];
    added = [];
  };
  // A side's start is its first numbered line; the header's start stays for a side with none.
  const startLine = (oldLine, newLine) => {
    if (oldLine != null && hunk.firstOld === null) hunk.firstOld = oldLine;
    if (newLine != null && hunk.firstNew === null) hunk.firstNew = newLine;
  };
  for (const event of events) {
    if (event.type === 'hunk') {
      if (event.header.trim() === '') continue; // an expander row with no header (end of file)
      flushPairs();
      const header = parseHunkHeader(event.header);
      if (!header) return { hunks, problem: `unreadable hunk header "${event.header.trim().slice(0, 80)}"` };
      hunk = { oldStart: header.oldStart, newStart: header.newStart, section: header.section, lines: [], firstOld: null, firstNew: null };
      hunks.push(hunk);
      continue;
    }
    if (!hunk) return { hunks, problem: 'a line is shown outside any hunk' };
    if (event.type === 'line') {
      startLine(event.oldLine, event.newLine);
      hunk.lines.push({ kind: event.kind, text: lineText(event.text) });
      continue;
    }
    const { left, right } = event;
    if (left?.kind === 'context' || right?.kind === 'context') {
      flushPairs();
      startLine(left?.line ?? null, right?.line ?? null);
      hunk.lines.push({ kind: 'context', text: lineText((right ?? left).text) });
      continue;
    }
    if (left) { startLine(left.line, null); removed.push({ kind: 'deletion', text: lineText(left.text) }); }
    if (right) { startLine(null, right.line); added.push({ kind: 'addition', text: lineText(right.text) }); }
  }
  flushPairs();
  return {
    hunks: hunks.map(({ oldStart, newStart, section, lines, firstOld, firstNew }) =>
      ({ oldStart: firstOld ?? oldStart, newStart: firstNew ?? newStart, section, lines })),
    problem: null,
  };
}
