/**
 * `npm start`: opens the built app in Electron; where the Electron binary is
 * absent (machines that cannot reach Electron's download host), says why and
 * serves the same app to the browser instead (the browser host, demo mode).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { findElectronBinary } from './electron-binary';
import { announceAndStopOnSignal, startPreview } from './preview';

const root = resolve(import.meta.dirname, '..');
const electron = findElectronBinary();

if (electron.present) {
  const child = spawn(electron.path, [root], { stdio: 'inherit', cwd: root });
  // Pass Ctrl+C and SIGTERM on, and leave with Electron's own exit code.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  console.error(`[deskbell] ${electron.reason}`);
  console.error('[deskbell] Opening Deskbell in your browser instead (demo mode, on 127.0.0.1).');
  announceAndStopOnSignal(await startPreview({}), '[deskbell]', '[deskbell]');
}
