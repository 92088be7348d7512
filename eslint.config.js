// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Node's built-in modules, with and without the `node:` prefix. */
const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process', 'url', 'events', 'stream', 'util', 'buffer', 'timers', 'worker_threads'];

/**
 * The import rules of DESIGN.md, one entry per folder. Each names what that
 * folder may never import; `no-restricted-imports` turns a violation into a
 * lint error with the rule's reason.
 */
const layers = [
  {
    files: ['common/**/*.ts'],
    patterns: [
      { group: ['**/main/**', '**/main', '**/preload/**', '**/renderer/**', '**/test/**'], message: 'common imports nothing of ours outside common/ (DESIGN.md import rules).' },
      { group: ['electron', 'electron/*', ...nodeBuiltins, 'react', 'react-dom', 'undici', 'keytar', 'ws'], message: 'common is process-agnostic: no Node, DOM, Electron or UI imports.' },
    ],
  },
  {
    files: ['main/core/**/*.ts'],
    patterns: [
      { group: ['electron', 'electron/*'], message: 'main/core never imports electron: it must run and be tested in plain Node.' },
      { group: ['**/electron/**', '**/web/**', '**/sim/**', '**/renderer/**', '**/preload/**', '../index', '../index.*'], message: 'main/core imports common only (DESIGN.md import rules).' },
    ],
  },
  {
    files: ['main/sim/**/*.ts'],
    patterns: [
      { group: ['electron', 'electron/*', '**/core/**', '**/electron/**', '**/web/**', '**/renderer/**', '**/preload/**'], message: 'main/sim imports common only (DESIGN.md import rules).' },
    ],
  },
  {
    files: ['main/web/**/*.ts'],
    patterns: [
      { group: ['electron', 'electron/*', '**/electron/**', '**/sim/**', '**/renderer/**', '**/preload/**'], message: 'main/web imports core and common only (DESIGN.md import rules).' },
    ],
  },
  {
    files: ['main/electron/**/*.ts'],
    patterns: [
      { group: ['**/web/**', '**/sim/**', '**/renderer/**', '**/preload/**'], message: 'main/electron imports core and common only (DESIGN.md import rules).' },
    ],
  },
  {
    files: ['preload/**/*.ts'],
    patterns: [
      { group: ['**/main/**', '**/main', '**/renderer/**'], message: 'preload imports common (types) and electron only (DESIGN.md import rules).' },
    ],
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    patterns: [
      { group: ['**/main/**', '**/main', '**/preload/**', 'electron', 'electron/*', ...nodeBuiltins], message: 'renderer imports common only and talks to the core through the contract (DESIGN.md import rules).' },
    ],
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...layers.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
