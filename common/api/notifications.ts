/**
 * Team notification preferences: which channels (email, SMS) notify a member
 * of which event. Request and response bodies of the preference operations
 * are not shown; both are taken to carry this `{ event_channel }` shape.
 */
import { z } from 'zod';
import { NotificationChannelSchema, type NotificationEvent } from './enums';

/**
 * The channels enabled for one event. Empty means no notification; a channel
 * listed twice is rejected because it would mean nothing more and usually
 * signals a bug in whoever built the list.
 */
export const EventChannelListSchema = z
  .array(NotificationChannelSchema)
  .refine((channels) => new Set(channels).size === channels.length, 'A channel may be listed only once per event.');
/** The channels of one event. */
export type EventChannelList = z.infer<typeof EventChannelListSchema>;

// Spelled out key by key so the inferred type names each event; `satisfies`
// keeps this list equal to NOTIFICATION_EVENTS.
const eventChannelShape = {
  task_created: EventChannelListSchema.optional(),
  task_assigned: EventChannelListSchema.optional(),
  task_updated: EventChannelListSchema.optional(),
  task_completed: EventChannelListSchema.optional(),
  call_received: EventChannelListSchema.optional(),
  text_sent: EventChannelListSchema.optional(),
  question_created: EventChannelListSchema.optional(),
} satisfies Record<NotificationEvent, z.ZodType>;

/**
 * The `event_channel` map: event key to its channels. The spec calls it a
 * map of the seven keys but not whether all must be present; a partial map is
 * accepted and a missing key means the same as an empty list (no
 * notification), so a server that omits switched-off events still parses.
 * Unknown keys are stripped, like any unknown field.
 */
export const EventChannelSchema = z.object(eventChannelShape);
/** The `event_channel` map. */
export type EventChannel = z.infer<typeof EventChannelSchema>;

/** Notification preferences of one scope (team-wide or phone-number-specific). */
export const NotificationPreferencesSchema = z.object({
  event_channel: EventChannelSchema,
});
/** Notification preferences. */
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * The channels enabled for `event` in a map, treating a missing key as no
 * notification (see {@link EventChannelSchema}).
 */
export function channelsForEvent(map: EventChannel, event: NotificationEvent): EventChannelList {
  return map[event] ?? [];
}

/**
 * What a new member gets before anyone configures them (spec: Preference
 * resolution): task_created and task_assigned by email, everything else off.
 * Every key is spelled out so the map reads the same with or without the
 * "missing key = off" rule.
 */
export const NEW_MEMBER_EVENT_CHANNEL: Readonly<Required<EventChannel>> = {
  task_created: ['email'],
  task_assigned: ['email'],
  task_updated: [],
  task_completed: [],
  call_received: [],
  text_sent: [],
  question_created: [],
};
