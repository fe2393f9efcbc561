// Brings a place of the diff into view: the row showing the line when GitHub has rendered it,
// else the file. Returns what it found ('line' | 'file' | null) so the caller can say so.
import { findFileContainers } from './adapters/index.js';

export function scrollToPlace(doc, { path, line, side }) {
  const found = findFileContainers(doc).find(({ adapter, container }) => adapter.pathOfContainer(container) === path);
  if (!found) return null;
  const row = line == null ? null : found.adapter.rowOfLine(found.container, line, side === 'old' ? 'old' : 'new');
  const target = row ?? found.container;
  target.scrollIntoView({ block: 'center' });
  return row ? 'line' : 'file';
}
