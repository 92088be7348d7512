import { CONVERSATION_TO_LEGACY_CHANNEL, type ConversationChannel, type TaskSourceType } from '../../../common/api/enums';
import type { Task } from '../../../common/api/customer';
import type { LegacyCaller, LegacyLocation, LegacyTask } from '../../../common/api/webhook';

/** The source of a task: what the event id and the legacy `task.source_*` name. */
export interface TaskSource {
  sourceType: TaskSourceType;
  sourceId: number;
}

/**
 * What the world knows about a new task's source, read by the sender on
 * every attempt (so `data` reflects the task at the time of each request).
 */
export interface TaskEventFacts {
  /** When the conversation or form submission came in, ISO 8601 UTC. */
  occurredAt: string;
  /** The Task as the dashboard shows it now; null when the dashboard does not show it. */
  data: Task | null;
  /** The phone line the source came in on; null for a form or a line-less chat or email. */
  phoneLine: { id: number; name: string; phone_number: string } | null;
  /** The conversation's channel (current names); null for a form submission. */
  channel: ConversationChannel | null;
  /** The customer, as the legacy `caller` shows them. */
  caller: { name: string | null; phone: string | null };
  /**
   * The first follow-up the AI wrote: the legacy title and description come
   * from it and may differ from `data`'s. `title` null when the AI wrote none.
   */
  firstFollowUp: { title: string | null; description: string | null };
  /** The category key (as in `data.category`); null when the task has none. */
  categoryKey: string | null;
  /** Dashboard link to the conversation or form submission. */
  url: string;
}

/** Reads the facts of a task source; null when the source does not exist at all. */
export type TaskEventReader = (source: TaskSource) => TaskEventFacts | null;

/** The legacy title when the AI wrote none. */
export const LEGACY_PLACEHOLDER_TITLE = 'New task';

/** The legacy category label when the task has no category (or one the label list does not know). */
export const LEGACY_GENERAL_CATEGORY = 'General';

/**
 * The separate task-category list the legacy `category` label comes from:
 * category key → display label. Keys not listed fall back to a label made
 * from the key ("late_payment" → "Late payment"), so a world with its own
 * keys still gets a readable label.
 */
export const DEFAULT_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  general: LEGACY_GENERAL_CATEGORY,
  appointment: 'Appointment',
  booking: 'Booking',
  quote: 'Quote request',
  quote_request: 'Quote request',
  billing: 'Billing',
  complaint: 'Complaint',
  support: 'Support',
  sales: 'Sales',
  callback: 'Callback request',
  cancellation: 'Cancellation',
  order: 'Order',
  question: 'Question',
};

/** The display label of a category key, for the legacy field. */
export function legacyCategoryLabel(key: string | null, labels: Readonly<Record<string, string>> = DEFAULT_CATEGORY_LABELS): string {
  if (key === null || key.trim() === '') return LEGACY_GENERAL_CATEGORY;
  const known = labels[key];
  if (known !== undefined) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The legacy `location`, `task` and `caller` blocks of a task.created event. */
export function legacyFields(
  source: TaskSource,
  facts: TaskEventFacts,
  labels?: Readonly<Record<string, string>>,
): { location: LegacyLocation; task: LegacyTask; caller: LegacyCaller } {
  const title = facts.firstFollowUp.title?.trim();
  return {
    location: {
      phone_number_id: facts.phoneLine?.id ?? null,
      name: facts.phoneLine?.name ?? null,
      phone_number: facts.phoneLine?.phone_number ?? null,
    },
    task: {
      source_type: source.sourceType,
      source_id: source.sourceId,
      // Forms have no channel; a conversation always names one.
      channel: source.sourceType === 'form_submission' || facts.channel === null ? null : CONVERSATION_TO_LEGACY_CHANNEL[facts.channel],
      title: title ? title : LEGACY_PLACEHOLDER_TITLE,
      description: facts.firstFollowUp.description ?? '',
      category: legacyCategoryLabel(facts.categoryKey, labels),
      url: facts.url,
    },
    caller: { name: facts.caller.name, phone: facts.caller.phone },
  };
}
