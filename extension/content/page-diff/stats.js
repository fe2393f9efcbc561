// "2 changes: 1 addition & 1 deletion" (classic diffstat label) and "Lines changed: 13 additions
// & 0 deletions" (React header) → {additions, deletions}, or null. DOM-free.
const STATED = /([\d,]+) additions? & ([\d,]+) deletions?/;

export function statsFromLabel(label) {
  const match = STATED.exec(label ?? '');
  if (!match) return null;
  const number = (text) => Number(text.replaceAll(',', ''));
  return { additions: number(match[1]), deletions: number(match[2]) };
}
