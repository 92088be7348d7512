import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

/** Where the Electron binary is, or why it is not there. */
export type ElectronBinary = { present: true; path: string } | { present: false; reason: string };

/**
 * Finds the Electron binary WITHOUT requiring the `electron` package: since
 * Electron 42 its index.js downloads the binary on first use, which fails on
 * machines without access to Electron's release host (such as our CI).
 */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  let pkgDir: string;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { present: false, reason: 'The electron package is not installed (run npm ci).' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative ?? 'electron');
    return existsSync(path) ? { present: true, path } : { present: false, reason: `ELECTRON_OVERRIDE_DIST_PATH is set but ${path} does not exist.` };
  }
  if (!relative) return { present: false, reason: 'The Electron binary has not been downloaded (node_modules/electron/path.txt is missing); run `npx install-electron` where Electron\'s download host is reachable.' };
  const path = join(pkgDir, 'dist', relative);
  return existsSync(path) ? { present: true, path } : { present: false, reason: `The Electron binary is missing at ${path}.` };
}
