// GitHub names a file's diff container `diff-<hex SHA-256 of the UTF-8 path>` in both UIs.
import { sha256Hex } from '../sha256.js';

export async function diffAnchorForPath(path) {
  return `diff-${await sha256Hex(path)}`;
}
