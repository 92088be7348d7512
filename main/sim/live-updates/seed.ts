import type { LiveUpdatePhoneNumber, LiveUpdateUser } from '../../../common/api/live-updates';
import type { LiveUpdateRecord, LiveUpdateStore } from './store';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the demo seed needs to know about the team. */
export interface LiveUpdateSeedOptions {
  teamId: number;
  /** Virtual now. */
  now: number;
  /** The team's phone lines (at least one); the closure goes on the first, the wait time on all. */
  phoneNumbers: LiveUpdatePhoneNumber[];
  /** The member shown as creator. */
  createdBy: LiveUpdateUser;
}

/** The demo's updates, by role in the story. */
export interface SeededLiveUpdates {
  /** Active now: started an hour ago, ends in five. */
  closure: LiveUpdateRecord;
  /** Scheduled: starts in two hours. */
  waitTime: LiveUpdateRecord;
  /** Expired yesterday. */
  announcement: LiveUpdateRecord;
  /** Would be active, but cancelled (and edited first, so its history has three entries). */
  flashSale: LiveUpdateRecord;
}

/**
 * Seeds a small business's live updates: the active closure and scheduled
 * wait-time update the demo needs, plus an expired and a cancelled one so
 * every status filter has something to show.
 */
export function seedDemoLiveUpdates(store: LiveUpdateStore, o: LiveUpdateSeedOptions): SeededLiveUpdates {
  const first = o.phoneNumbers[0];
  if (!first) throw new Error('seedDemoLiveUpdates needs at least one phone number');
  const base = { teamId: o.teamId, createdBy: o.createdBy };
  const announcement = store.create(
    {
      ...base,
      type: 'announcement',
      title: 'New evening hours',
      message: 'We are now open until 8 pm on Thursdays.',
      link: 'https://example.com/hours',
      startsAt: o.now - 3 * DAY,
      expiresAt: o.now - DAY,
      phoneNumbers: o.phoneNumbers,
    },
    o.now - 3 * DAY,
  );
  const flashSale = store.create(
    {
      ...base,
      type: 'flash_sale',
      title: 'Spring tune-up special',
      message: '20% off tune-ups booked today.',
      link: 'https://example.com/offers',
      startsAt: o.now - 2 * HOUR,
      expiresAt: o.now + 10 * HOUR,
      phoneNumbers: o.phoneNumbers,
    },
    o.now - 3 * HOUR,
  );
  store.edit(flashSale.id, { message: '25% off tune-ups booked today.' }, o.createdBy, o.now - 150 * 60_000);
  store.cancel(flashSale.id, o.createdBy, o.now - 90 * 60_000);
  const closure = store.create(
    {
      ...base,
      type: 'closure',
      title: `${first.name} closed this afternoon`,
      message: 'Closed for staff training until 5 pm. Calls are still answered and tasks are created as usual.',
      link: null,
      startsAt: o.now - HOUR,
      expiresAt: o.now + 5 * HOUR,
      phoneNumbers: [first],
    },
    o.now - 2 * HOUR,
  );
  const waitTime = store.create(
    {
      ...base,
      type: 'wait_time',
      title: 'Longer wait times this evening',
      message: 'Expect call-backs within 2 hours during the evening rush.',
      link: null,
      startsAt: o.now + 2 * HOUR,
      expiresAt: o.now + 6 * HOUR,
      phoneNumbers: o.phoneNumbers,
    },
    o.now - 30 * 60_000,
  );
  return { closure, waitTime, announcement, flashSale };
}
