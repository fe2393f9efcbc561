import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SHARED_DIR = join(REPO_ROOT, '..', 'shared');
export const CLI_PATH = process.env.ATOM_CLI ? resolve(process.env.ATOM_CLI) : join(REPO_ROOT, 'build', 'native', 'atom-review');
export const WASM_DIR = process.env.ATOM_WASM_DIR ? resolve(process.env.ATOM_WASM_DIR) : join(REPO_ROOT, 'build', 'wasm');

export const sharedAvailable = () => existsSync(SHARED_DIR);
