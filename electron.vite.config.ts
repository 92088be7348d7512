import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/**
 * Three builds from the top-level folders: the Electron main process
 * (main/index.ts), the preload bridge (preload/index.ts) and the React
 * renderer (renderer/index.html). The browser host serves the same renderer
 * build from out/renderer.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'main/index.ts') } },
      // keytar is a native addon: it must stay a runtime require.
      externalizeDeps: true,
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        // A sandboxed preload (sandbox: true) must be CommonJS: Electron does
        // not load ES module preloads in sandboxed renderers.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
    plugins: [react()],
  },
});
