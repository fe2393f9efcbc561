// GitHub names a file's diff container `diff-<hex SHA-256 of the UTF-8 path>` in both UIs.
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function diffAnchorForPath(path) {
  return `diff-${await sha256Hex(path)}`;
}
