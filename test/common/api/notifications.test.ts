import { describe, it, expect } from 'vitest';
import {
  EventChannelListSchema,
  EventChannelSchema,
  NEW_MEMBER_EVENT_CHANNEL,
  NOTIFICATION_EVENTS,
  NotificationPreferencesSchema,
  channelsForEvent,
} from '../../../common/api';
import { aNotificationPreferences } from './fixtures';
import { issuePaths } from './helpers';

describe('EventChannelListSchema', () => {
  it('accepts empty, one and both channels', () => {
    for (const list of [[], ['email'], ['sms'], ['email', 'sms']]) {
      expect(issuePaths(EventChannelListSchema, list)).toEqual([]);
    }
  });

  it('rejects a channel outside email/sms', () => {
    expect(issuePaths(EventChannelListSchema, ['push'])).toEqual(['0']);
  });

  it('rejects a channel listed twice', () => {
    expect(issuePaths(EventChannelListSchema, ['email', 'email'])).toEqual(['']);
  });
});

describe('EventChannelSchema', () => {
  it('accepts a map with all seven event keys', () => {
    expect(issuePaths(EventChannelSchema, aNotificationPreferences().event_channel)).toEqual([]);
  });

  it('has exactly the seven notification event keys', () => {
    expect(Object.keys(EventChannelSchema.shape).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
  });

  it('accepts a partial map (a missing key means no notification)', () => {
    expect(issuePaths(EventChannelSchema, { task_created: ['sms'] })).toEqual([]);
    expect(issuePaths(EventChannelSchema, {})).toEqual([]);
  });

  it('strips an unknown event key', () => {
    expect(EventChannelSchema.parse({ task_created: ['email'], task_deleted: ['email'] })).toEqual({ task_created: ['email'] });
  });

  it('rejects a value that is not a channel list', () => {
    expect(issuePaths(EventChannelSchema, { text_sent: 'sms' })).toEqual(['text_sent']);
  });

  it('rejects a duplicate channel within an event', () => {
    expect(issuePaths(EventChannelSchema, { call_received: ['sms', 'sms'] })).toEqual(['call_received']);
  });

  it('rejects a channel outside email/sms within an event', () => {
    expect(issuePaths(EventChannelSchema, { question_created: ['slack'] })).toEqual(['question_created.0']);
  });
});

describe('NotificationPreferencesSchema', () => {
  it('accepts spec-conformant preferences', () => {
    expect(issuePaths(NotificationPreferencesSchema, aNotificationPreferences())).toEqual([]);
  });

  it('requires event_channel', () => {
    expect(issuePaths(NotificationPreferencesSchema, {})).toEqual(['event_channel']);
  });
});

describe('channelsForEvent', () => {
  it('returns the listed channels, and none for a missing key', () => {
    expect(channelsForEvent({ task_created: ['email', 'sms'] }, 'task_created')).toEqual(['email', 'sms']);
    expect(channelsForEvent({ task_created: ['email'] }, 'task_completed')).toEqual([]);
  });
});

describe('NEW_MEMBER_EVENT_CHANNEL', () => {
  it('enables only task_created and task_assigned, by email only', () => {
    const enabled = NOTIFICATION_EVENTS.filter((event) => NEW_MEMBER_EVENT_CHANNEL[event].length > 0);
    expect(enabled).toEqual(['task_created', 'task_assigned']);
    expect(NEW_MEMBER_EVENT_CHANNEL.task_created).toEqual(['email']);
    expect(NEW_MEMBER_EVENT_CHANNEL.task_assigned).toEqual(['email']);
  });

  it('is itself valid preferences', () => {
    expect(issuePaths(EventChannelSchema, NEW_MEMBER_EVENT_CHANNEL)).toEqual([]);
  });
});
