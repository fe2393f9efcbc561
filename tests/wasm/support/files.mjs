// Files handed to the engine as the extension hands them over: {path (relative, with /), bytes}.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every file under `dir`, sorted by name at each level.
export function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, relative);
    return entry.isFile() ? [{ path: relative, bytes: new Uint8Array(readFileSync(full)) }] : [];
  });
}
