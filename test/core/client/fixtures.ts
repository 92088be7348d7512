import { RateScheduler, type SchedulerClock } from '../../../main/core/rate-scheduler';
import { ServiceClient, type ServiceClientOptions } from '../../../main/core/client';

/** Secrets the tests use; any string the scripted server accepts. */
export const API_KEY = 'test-api-key-0123456789';
export const BEARER = 'test-bearer-token-abcdef';

/** A client on `baseUrl` with fast, bounded retries and short timeouts; closed by the caller. */
export function makeClient(baseUrl: string, overrides: Partial<ServiceClientOptions> & { clock?: SchedulerClock } = {}): ServiceClient {
  const { clock, ...rest } = overrides;
  const scheduler = new RateScheduler(clock ? { clock } : {});
  return new ServiceClient(scheduler, {
    baseUrl,
    apiKey: async () => API_KEY,
    liveUpdatesToken: async () => BEARER,
    partnerKey: async () => API_KEY,
    http: { timeouts: { connectMs: 1_000, headersMs: 1_000, bodyMs: 1_000 } },
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...rest,
  });
}

/** A team as the Customer API returns it. */
export const TEAM = { id: 1, name: 'Harbor Dental', timezone: 'America/New_York', dashboard_url: 'https://dash.example.com', requires_note_before_done: false };

/** A task note as the Customer API returns it. */
export const NOTE = { id: 9, content: 'Called back', author: { id: 2, name: 'Ana' }, created_at: '2026-10-20T10:00:00Z' };

/** A conversation message as the reply operation returns it. */
export const MESSAGE = {
  id: 77,
  conversation_id: 12,
  from: 'business',
  channel: 'text',
  text: 'Hello',
  sent_at: '2026-10-20T10:00:00Z',
  delivery_status: 'queued',
  error: null,
};

/** A conversation task. */
export const TASK = {
  id: 'conversation-12',
  url: 'https://dash.example.com/c/12',
  title: 'Call back about crown',
  status: 'open',
  assignee: { id: 2, name: 'Ana' },
  category: 'appointment',
  priority: 'normal',
  created_at: '2026-10-20T09:00:00Z',
  customer: { name: 'Sam', phone: '+14155550123', email: null },
  conversation: { id: 12, url: 'https://dash.example.com/c/12', channel: 'text', phone_line: { id: 1, name: 'Main', phone_number: '+14155550100' } },
  form: null,
  description: 'Wants to move the appointment.',
};
