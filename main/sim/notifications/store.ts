import type { PreferenceScope } from '../../../common/api/assumed';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type NotificationChannel } from '../../../common/api/enums';
import { NEW_MEMBER_EVENT_CHANNEL, type EventChannel } from '../../../common/api/notifications';

/** An `event_channel` map with every event key present (missing keys in requests mean "off"). */
export type FullEventChannel = Required<EventChannel>;

/** A member's effective preferences and the scope they came from. */
export interface ResolvedPreferences {
  scope: PreferenceScope;
  eventChannel: FullEventChannel;
}

/** Every event present, channels de-duplicated and in a fixed order (email, sms). */
export function fullEventChannel(map: EventChannel): FullEventChannel {
  const out = {} as Record<(typeof NOTIFICATION_EVENTS)[number], NotificationChannel[]>;
  for (const event of NOTIFICATION_EVENTS) {
    const given = map[event] ?? [];
    out[event] = NOTIFICATION_CHANNELS.filter((c) => given.includes(c));
  }
  return out;
}

/** Every event off: what a reset scope holds ("nothing is sent until reconfigured"). */
export function emptyEventChannel(): FullEventChannel {
  return fullEventChannel({});
}

/**
 * Members' notification preferences in their two scopes. Resolution (spec:
 * Preference resolution): phone-number-specific first, then team-wide, then
 * the system defaults; the first scope that holds a map applies, even an
 * all-empty one, which is how a reset scope sends nothing.
 */
export class NotificationPreferenceStore {
  private readonly teamWide = new Map<number, FullEventChannel>();
  private readonly byPhone = new Map<number, Map<number, FullEventChannel>>();

  /** Effective preferences of a member, for a phone line or (null) team-wide. */
  resolve(userId: number, phoneNumberId: number | null): ResolvedPreferences {
    if (phoneNumberId !== null) {
      const specific = this.byPhone.get(userId)?.get(phoneNumberId);
      if (specific) return { scope: 'phone_number', eventChannel: copy(specific) };
    }
    const wide = this.teamWide.get(userId);
    if (wide) return { scope: 'team', eventChannel: copy(wide) };
    return { scope: 'default', eventChannel: fullEventChannel(NEW_MEMBER_EVENT_CHANNEL) };
  }

  /** The member's team-wide map, or null when none is saved. */
  teamWideOf(userId: number): FullEventChannel | null {
    const wide = this.teamWide.get(userId);
    return wide ? copy(wide) : null;
  }

  /** The member's phone-specific maps, by phone line id. */
  phoneScopesOf(userId: number): { phoneNumberId: number; eventChannel: FullEventChannel }[] {
    return [...(this.byPhone.get(userId)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([phoneNumberId, map]) => ({ phoneNumberId, eventChannel: copy(map) }));
  }

  /** Saves team-wide preferences. */
  saveTeamWide(userId: number, map: EventChannel): void {
    this.teamWide.set(userId, fullEventChannel(map));
  }

  /** Resets the team-wide scope: every event off, so the defaults no longer apply either. */
  resetTeamWide(userId: number): void {
    this.teamWide.set(userId, emptyEventChannel());
  }

  /** Saves preferences for one phone line; the spec says this removes the member's team-wide preferences. */
  savePhone(userId: number, phoneNumberId: number, map: EventChannel): void {
    this.phoneMap(userId).set(phoneNumberId, fullEventChannel(map));
    this.teamWide.delete(userId);
  }

  /**
   * Resets one phone line's scope: every event off for that line. Other
   * scopes are left alone: a reset is not a save of preferences, so the
   * team-wide removal rule does not apply.
   */
  resetPhone(userId: number, phoneNumberId: number): void {
    this.phoneMap(userId).set(phoneNumberId, emptyEventChannel());
  }

  private phoneMap(userId: number): Map<number, FullEventChannel> {
    let map = this.byPhone.get(userId);
    if (!map) {
      map = new Map();
      this.byPhone.set(userId, map);
    }
    return map;
  }
}

function copy(map: FullEventChannel): FullEventChannel {
  return fullEventChannel(map);
}
