import type { ContractHandler, EventName, EventPayloads, MethodName, MethodResults } from '../../common/contract';
import { DEFAULT_SETTINGS } from '../../common/settings';
import type { Result, Snapshot } from '../../common/views';

/**
 * A stub core for host and UI tests: `getSnapshot` answers an empty inbox,
 * every other method answers `not_configured`, and the test pushes events
 * with `emit`. The real core against the simulator is exercised by
 * test/e2e/demo.spec.ts and the core's own tests.
 */
export function createStubCore(): ContractHandler & {
  /** Emits an event to every subscriber, as the core would. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
} {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const now = new Date().toISOString();
  const snapshot: Snapshot = {
    tasks: [],
    liveUpdates: [],
    connection: { state: 'not_configured', message: 'Test stub: no service connected.', since: now, demo: true },
    relay: { listening: false, url: null, verified: false, lastEventAt: null, publicAddressProblem: null, recentRejections: [], forwards: [], error: null },
    secrets: { apiKey: false, liveUpdatesToken: false, webhookSecret: false },
    settings: DEFAULT_SETTINGS,
    drafts: [],
    team: null,
    members: [],
    lastSyncAt: null,
    unreadCount: 0,
  };
  return {
    async handle<M extends MethodName>(method: M): Promise<Result<MethodResults[M]>> {
      if (method === 'getSnapshot') return { ok: true, value: snapshot as MethodResults[M] };
      return { ok: false, error: { code: 'not_configured', message: `"${method}" is not available in the test stub.` } };
    },
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    emit(event, payload) {
      for (const fn of listeners.get(event) ?? []) (fn as (p: typeof payload) => void)(payload);
    },
  };
}
