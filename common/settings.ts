import { z } from 'zod';

/** The secrets Deskbell keeps in the OS keychain. They go in through the contract and never come back out. */
export const SecretNameSchema = z.enum(['apiKey', 'liveUpdatesToken', 'webhookSecret']);
/** A secret's name. */
export type SecretName = z.infer<typeof SecretNameSchema>;
/** Every secret name, in the order the settings screen lists them. */
export const SECRET_NAMES = SecretNameSchema.options;

/** Whether each secret is set. The only thing about a secret the renderer may learn. */
export type SecretStatus = Record<SecretName, boolean>;

/** How a new task reaches the person at the desk. */
export const AlertPreferencesSchema = z.object({
  /** An in-app toast. */
  toast: z.boolean(),
  /** An OS notification (Electron host only). */
  osNotification: z.boolean(),
  /** The tray badge with the unread count (Electron host only). */
  trayBadge: z.boolean(),
  /** A sound with the OS notification. */
  sound: z.boolean(),
});
/** Alert preferences on this PC. */
export type AlertPreferences = z.infer<typeof AlertPreferencesSchema>;

/** An http(s) URL a relay forwards events to (like `stripe listen --forward-to`). */
const ForwardTargetSchema = z
  .string()
  .trim()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), { message: 'A forward target must be an http:// or https:// URL.' });

/**
 * Settings saved on this PC. Secrets are not settings: they live in the
 * keychain. `baseUrl` null means demo mode on the embedded simulator.
 */
export const SettingsSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .url()
    .refine((u) => /^https?:\/\//i.test(u) && /\/api\/v1\/?$/.test(u), {
      message: 'The service address must be an http(s) URL ending in /api/v1.',
    })
    .nullable(),
  relayPort: z.number().int().min(0).max(65535),
  relayPath: z.string().regex(/^\/[A-Za-z0-9._~\-/]*$/, 'The relay path must start with / and use URL-safe characters.'),
  relayHost: z.string().min(1),
  publicWebhookAddress: z.string().trim().nullable(),
  forwardTargets: z.array(ForwardTargetSchema).max(5),
  alerts: AlertPreferencesSchema,
  pollIntervalMs: z.number().int().min(5_000).max(3_600_000),
  launchAtLogin: z.boolean(),
});
/** Settings saved on this PC. */
export type Settings = z.infer<typeof SettingsSchema>;

/** Settings on a fresh install: demo mode, relay on 127.0.0.1:8787/webhook, every alert on. */
export const DEFAULT_SETTINGS: Settings = {
  baseUrl: null,
  relayPort: 8787,
  relayPath: '/webhook',
  relayHost: '127.0.0.1',
  publicWebhookAddress: null,
  forwardTargets: [],
  alerts: { toast: true, osNotification: true, trayBadge: true, sound: false },
  pollIntervalMs: 60_000,
  launchAtLogin: false,
};

/** A partial settings change, as the settings screen sends it. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();
/** A partial settings change. */
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
