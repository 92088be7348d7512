/**
 * The contract's methods, one handler each, over the core's parts. Arguments
 * arrive already validated by the host; every handler returns a Result, and
 * the caller (core.ts) turns anything thrown into one too.
 */
import { ZodError, type z } from 'zod';
import type { MethodName, MethodResults, methodArgs } from '../../common/contract';
import type { SecretStatus, Settings, SettingsPatch } from '../../common/settings';
import type { ConnectionReport, ContractError, Result, Snapshot } from '../../common/views';
import type { ServiceLink } from './core-link';
import type { Inbox } from './inbox';
import type { Outbox } from './outbox';
import type { Poller } from './poller';

/** A handler per method. */
export type MethodHandlers = {
  [M in MethodName]: (args: z.output<(typeof methodArgs)[M]>) => Promise<Result<MethodResults[M]>>;
};

/** What the handlers work with (core.ts provides it). */
export interface CoreParts {
  link: ServiceLink;
  inbox: Inbox;
  outbox: Outbox;
  poller: Poller;
  snapshot(): Promise<Snapshot>;
  settings(): Settings;
  saveSettings(patch: SettingsPatch): Promise<Result<Settings>>;
  secretStatus(): Promise<Result<SecretStatus>>;
  setSecret(name: keyof SecretStatus, value: string | null): Promise<Result<SecretStatus>>;
  relayCheck(): ConnectionReport['relay'];
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Passes a failure through, or maps a success. */
function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? { ok: true, value: f(r.value) } : r;
}

/** The team id, needed by every notification-preference call. */
async function teamId(parts: CoreParts): Promise<Result<number>> {
  return map(await parts.link.team('user'), (t) => t.id);
}

/** Builds the method table. */
export function methodHandlers(parts: CoreParts): MethodHandlers {
  const { link, inbox, outbox, poller } = parts;
  return {
    getSnapshot: async () => ok(await parts.snapshot()),
    syncNow: async () => {
      const report = await poller.syncNow();
      return report.error ? { ok: false, error: report.error } : ok({ syncedAt: new Date(report.at).toISOString() });
    },
    markTasksRead: async ({ taskIds }) => ok({ unreadCount: inbox.markRead(taskIds) }),
    getTask: async ({ taskId }) => {
      const r = await link.call((c) => c.customer.getTask(taskId));
      if (r.ok) inbox.acceptUserTask(r.value);
      return r;
    },
    updateTask: async ({ taskId, status, assigneeId, expectedStatus, expectedAssigneeId }) => {
      const r = await link.call((c) => c.customer.updateTask(taskId, { status, assigneeId, expectedStatus, expectedAssigneeId }));
      if (r.ok) inbox.acceptUserTask(r.value);
      return r;
    },
    addNote: ({ taskId, content }) => link.call((c) => c.customer.addNote(taskId, content)),
    getConversation: ({ conversationId }) => link.call((c) => c.customer.getConversation(conversationId)),
    saveDraft: async (args) => ok(outbox.save(args)),
    discardDraft: async ({ draftId }) => ok({ drafts: outbox.discard(draftId) }),
    sendReply: (args) => outbox.send(args),
    searchContacts: (query) => link.call((c) => c.customer.searchContacts(query)),
    listLiveUpdates: async () => {
      const r = await link.call((c) => c.liveUpdates.listCurrent(), false);
      if (r.ok) inbox.setLiveUpdates(r.value.liveUpdates);
      return map(r, (v) => v.liveUpdates);
    },
    getTeamPreferences: async () => {
      const team = await teamId(parts);
      return team.ok ? link.call((c) => c.notifications.getTeamPreferences(team.value)) : team;
    },
    getMemberPreferences: async ({ userId, phoneNumberId }) => {
      const team = await teamId(parts);
      return team.ok ? link.call((c) => c.notifications.getMemberPreferences(team.value, userId, phoneNumberId)) : team;
    },
    saveMemberPreferences: async ({ userId, phoneNumberId, eventChannel }) => {
      const team = await teamId(parts);
      if (!team.ok) return team;
      // The member's contact details let the client refuse SMS without a phone before asking the service.
      const members = await link.members();
      const member = members.ok ? members.value.find((m) => m.id === userId) : undefined;
      return link.call((c) =>
        c.notifications.saveMemberPreferences(team.value, userId, eventChannel, {
          ...(phoneNumberId !== undefined && { phoneNumberId }),
          ...(member && { member: { phone: member.phone, email: member.email } }),
        }),
      );
    },
    resetMemberPreferences: async ({ userId, phoneNumberId }) => {
      const team = await teamId(parts);
      return team.ok ? link.call((c) => c.notifications.resetMemberPreferences(team.value, userId, phoneNumberId)) : team;
    },
    getSettings: async () => ok(parts.settings()),
    saveSettings: (patch) => parts.saveSettings(patch),
    getSecretStatus: () => parts.secretStatus(),
    setSecret: ({ name, value }) => parts.setSecret(name, value),
    clearSecret: ({ name }) => parts.setSecret(name, null),
    testConnection: async () => {
      const [team, live] = await Promise.all([
        link.call((c) => c.customer.getTeam({ priority: 'user' })),
        link.call((c) => c.liveUpdates.list({ pageSize: 1 }), false),
      ]);
      return ok({
        customerApi: check(team, (t) => `Connected to ${t.name}.`),
        liveUpdates: check(live, () => 'Live updates can be read.'),
        relay: parts.relayCheck(),
      });
    },
  };
}

/** One area of "test connection": the error's own message says what is wrong (it never holds a secret). */
function check<T>(r: Result<T>, okMessage: (value: T) => string): { ok: boolean; message: string } {
  return r.ok ? { ok: true, message: okMessage(r.value) } : { ok: false, message: r.error.message };
}

/** A keychain failure as a contract error; the secrets module's message says what is missing and how to fix it. */
export function keychainError(err: unknown): ContractError {
  const e = err as { contractError?: ContractError; message?: unknown } | null;
  if (e?.contractError) return e.contractError;
  return { code: 'keychain_unavailable', message: typeof e?.message === 'string' ? e.message : 'The system keychain could not be used.' };
}

/** Anything thrown inside a handler, as a Result error (a settings refusal keeps its issues). */
export function unexpected(err: unknown): ContractError {
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
    return { code: 'invalid_request', message: issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), issues };
  }
  return { code: 'internal', message: `Deskbell hit an unexpected problem: ${err instanceof Error ? err.message : String(err)}` };
}
