/** Shared set-up of the relay tests: a relay on 127.0.0.1:0 with recording stand-ins for the inbox, lookup, logger and store. */
import type { Task } from '../../common/api/customer';
import type { RelayStatus } from '../../common/views';
import { RelayServer, type RelayOptions, type RelayRejection } from '../../main/core/relay';
import type { SeenEventLog } from '../../main/core/store';

/** The webhook secret the test relay expects. */
export const SECRET = 'whsec_relay-test-0123456789abcdef';

/** An in-memory seen-event log that also counts writes. */
export class MemorySeenEvents implements SeenEventLog {
  readonly ids = new Set<string>();
  hasSeenEvent(id: string): boolean {
    return this.ids.has(id);
  }
  markEventSeen(id: string): boolean {
    const added = !this.ids.has(id);
    this.ids.add(id);
    return added;
  }
}

/** A running relay and everything it told the outside world. */
export interface RelayHarness {
  relay: RelayServer;
  url: string;
  tasks: { task: Task; eventId: string }[];
  lookups: string[];
  /** Every log line, as text. */
  logs: string[];
  rejections: RelayRejection[];
  statuses: RelayStatus[];
  seen: SeenEventLog;
}

/** Starts a relay on a free port; every option can be overridden. */
export async function startRelay(overrides: Partial<RelayOptions> = {}): Promise<RelayHarness> {
  const h: Omit<RelayHarness, 'relay' | 'url'> = {
    tasks: [],
    lookups: [],
    logs: [],
    rejections: [],
    statuses: [],
    seen: overrides.seenEvents ?? new MemorySeenEvents(),
  };
  const relay = new RelayServer({
    port: 0,
    secret: () => SECRET,
    seenEvents: h.seen,
    onTask: (task, eventId) => {
      h.tasks.push({ task, eventId });
    },
    lookupLegacyTask: async (taskId) => {
      h.lookups.push(taskId);
      return null;
    },
    logger: {
      info: (message, fields) => h.logs.push(`info ${message} ${JSON.stringify(fields ?? {})}`),
      warn: (message, fields) => h.logs.push(`warn ${message} ${JSON.stringify(fields ?? {})}`),
    },
    onRejection: (r) => h.rejections.push(r),
    onStatusChange: (s) => h.statuses.push(s),
    ...overrides,
  });
  const status = await relay.start();
  if (!status.url) throw new Error(`relay did not start: ${status.error}`);
  return { ...h, relay, url: status.url };
}

/** POSTs a JSON event the way the service does: Content-Type and X-Service-Secret. */
export function postEvent(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Secret': SECRET, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Resolves after `ms`. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
