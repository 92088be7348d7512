/**
 * The barrel and the import rule of common/ (DESIGN.md): common/api may
 * import only zod and its own files, so main, preload, renderer and the
 * simulator can all load it. ESLint enforces the same; this test keeps it
 * true even when lint is skipped.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as api from '../../../common/api';

const apiDir = fileURLToPath(new URL('../../../common/api/', import.meta.url));

describe('common/api/index', () => {
  it('re-exports every schema file', () => {
    const index = readFileSync(`${apiDir}index.ts`, 'utf8');
    for (const file of ['enums', 'primitives', 'customer', 'live-updates', 'partner', 'errors', 'notifications', 'webhook']) {
      expect(index).toContain(`export * from './${file}';`);
    }
  });

  it('exposes the main schemas', () => {
    for (const name of ['TaskSchema', 'ConversationMessageSchema', 'WebhookEventSchema', 'LiveUpdatesPageSchema', 'OrganizationSchema', 'NotificationPreferencesSchema', 'ErrorOnlyBodySchema']) {
      expect(api).toHaveProperty(name);
    }
  });

  it('imports nothing but zod and files of common/', () => {
    for (const file of readdirSync(apiDir).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(`${apiDir}${file}`, 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]);
      for (const specifier of specifiers) {
        expect(specifier === 'zod' || specifier?.startsWith('./'), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});
