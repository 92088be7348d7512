/**
 * Builds one simulated service: the seeded world, the other areas' stores
 * (live updates, partner directory, notification settings, webhook) wired to
 * it through their small interfaces, and the two routers (the service, and
 * the `/_sim` control API).
 */
import type { SimClock } from './clock';
import { registerControl } from './control';
import { registerCustomerApi } from './customer';
import { startDemoArrivals } from './demo';
import { Faults } from './faults';
import { LiveUpdateStore, registerLiveUpdateRoutes, seedDemoLiveUpdates } from './live-updates';
import { ChatWorkspace, NotificationPreferenceStore, registerNotificationRoutes, seedDemoChatWorkspace, type NotificationMember } from './notifications';
import { PartnerDirectory, registerPartnerRoutes, seedDemoPartner } from './partner';
import { RateLimits } from './rate-limit';
import { phoneLineView } from './resources';
import { Router } from './router';
import { seedWorld, type SeededWorld } from './seed';
import { readTaskEvent } from './task-events';
import { Webhook, registerWebhookControl } from './webhook';
import { resolveApiKey, resolveBearer } from './auth';

/** Options of the composed service. */
export interface ComposeOptions {
  clock: SimClock;
  /** Start the demo's arrivals (a new task every `demoIntervalMs`). */
  demo?: boolean;
  demoIntervalMs?: number;
  /** The team's IANA zone (default America/New_York). */
  timezone?: string;
  /** Webhook receiver deadline, real ms (default 8000). */
  webhookTimeoutMs?: number;
  /** Webhook waits before retries 1–4, virtual ms. */
  webhookRetryDelaysMs?: readonly number[];
  /** The startup JSON, for `GET /_sim/info`. */
  info: () => unknown;
}

/** The composed service. */
export interface SimServices extends SeededWorld {
  faults: Faults;
  limits: RateLimits;
  webhook: Webhook;
  liveUpdates: LiveUpdateStore;
  partner: PartnerDirectory;
  notifications: NotificationPreferenceStore;
  chat: ChatWorkspace;
  /** Routes of the service (`/api/...`). */
  api: Router;
  /** Routes of the control API (`/_sim/...`). */
  control: Router;
  /** Stops timers this composition started (demo arrivals). */
  stop(): void;
}

/** Builds the service on `options.clock`. */
export function composeSimulator(options: ComposeOptions): SimServices {
  const { clock } = options;
  const seeded = seedWorld(clock, { timezone: options.timezone });
  const { world } = seeded;
  const now = clock.now();
  const faults = new Faults();
  const limits = new RateLimits(clock);
  const api = new Router();
  const control = new Router();

  registerCustomerApi(api, { world, limits, faults });

  // Live updates: Bearer tokens of team members; a token may have no team selected.
  const liveUpdates = new LiveUpdateStore();
  const owner = world.members.get(1);
  const createdBy = { id: owner?.id ?? 1, name: owner?.name ?? 'Owner', email: owner?.email ?? 'owner@example.com' };
  seedDemoLiveUpdates(liveUpdates, { teamId: world.team.id, now, phoneNumbers: [...world.phoneLines.values()].map(phoneLineView), createdBy });
  // Another team's update, so reading it answers 403 (spec: live updates are team-scoped).
  liveUpdates.create(
    {
      teamId: world.team.id + 1,
      title: 'Other team closure',
      message: 'Not yours to read.',
      type: 'closure',
      startsAt: now - 3_600_000,
      expiresAt: now + 3_600_000,
      phoneNumbers: [{ id: 99, name: 'Elsewhere', phone_number: '+14045550100' }],
      createdBy: { id: 99, name: 'Other Owner', email: 'owner@other.example' },
    },
    now - 3_600_000,
  );
  registerLiveUpdateRoutes(api, {
    clock,
    store: liveUpdates,
    authenticateBearer(token) {
      const who = resolveBearer(world, token);
      return who && { userId: who.member.id, teamId: who.teamId };
    },
  });

  const partner = new PartnerDirectory();
  seedDemoPartner(partner, { key: seeded.partnerKey, now });
  registerPartnerRoutes(api, { clock, directory: partner, isNonResellerKey: (key) => !('problem' in resolveApiKey(world, key)) });

  const notifications = new NotificationPreferenceStore();
  const chat = new ChatWorkspace();
  seedDemoChatWorkspace(chat, now, world.team.name);
  const activeMembers = (): NotificationMember[] =>
    [...world.members.values()]
      .filter((m) => m.active)
      .map((m) => ({ id: m.id, name: m.name, role: m.role, email: m.email, phone: m.phone, managesMemberIds: [...m.managesMemberIds] }));
  registerNotificationRoutes(api, {
    teamId: world.team.id,
    members: activeMembers,
    authenticate(key) {
      const caller = resolveApiKey(world, key);
      return 'problem' in caller ? null : caller.member.id;
    },
    store: notifications,
    chat,
    phoneLineIds: () => [...world.phoneLines.keys()],
  });

  const webhook = new Webhook({
    clock,
    teamId: world.team.id,
    readTask: (source) => readTaskEvent(world, source),
    timeoutMs: options.webhookTimeoutMs,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  // Every new task (never a merge or repeat call) goes to the webhook and the chat workspace.
  world.onTaskCreated((task) => {
    webhook.taskCreated({ sourceType: task.sourceType, sourceId: task.sourceId });
    chat.taskCreated(clock.now());
  });

  registerControl(control, { world, faults, limits, info: options.info });
  registerWebhookControl(control, webhook);

  const stopDemo = options.demo ? startDemoArrivals(world, options.demoIntervalMs) : () => undefined;
  return { ...seeded, faults, limits, webhook, liveUpdates, partner, notifications, chat, api, control, stop: stopDemo };
}
