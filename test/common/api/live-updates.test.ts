import { describe, it, expect } from 'vitest';
import {
  LiveUpdateDetailSchema,
  LiveUpdateHistoryEntrySchema,
  LiveUpdateResponseSchema,
  LiveUpdateSchema,
  LiveUpdatesPageSchema,
} from '../../../common/api';
import {
  aLiveUpdate,
  aLiveUpdateDetail,
  aLiveUpdateHistoryEntry,
  aLiveUpdateResponse,
  aLiveUpdatesPage,
} from './fixtures';
import { issuePaths, without } from './helpers';

describe('LiveUpdateSchema', () => {
  it('accepts a spec-conformant live update', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate())).toEqual([]);
  });

  it('passes unknown extra fields and strips them (including a history it does not expect)', () => {
    const parsed = LiveUpdateSchema.parse({ ...aLiveUpdate(), priority: 1, history: [] });
    expect(parsed).toEqual(aLiveUpdate());
  });

  it('rejects a type outside announcement/wait_time/flash_sale/closure/schedule_change', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ type: 'holiday' as never }))).toEqual(['type']);
  });

  it('accepts a null link (nullability not shown)', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ link: null }))).toEqual([]);
  });

  it('rejects an is_cancelled that is not a boolean', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ is_cancelled: 0 as never }))).toEqual(['is_cancelled']);
  });

  it('rejects a starts_at or expires_at that is not a date-time', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ starts_at: 'tonight', expires_at: '2026-10-05' }))).toEqual(['starts_at', 'expires_at']);
  });

  it('requires id, name and phone_number on each phone number', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ phone_numbers: [{ id: 9, name: 'Main line' } as never] }))).toEqual(['phone_numbers.0.phone_number']);
  });

  it('requires created_by id, name and email', () => {
    expect(issuePaths(LiveUpdateSchema, aLiveUpdate({ created_by: { id: 3, name: 'Robin' } as never }))).toEqual(['created_by.email']);
  });
});

describe('LiveUpdateHistoryEntrySchema', () => {
  it('accepts a spec-conformant history entry', () => {
    expect(issuePaths(LiveUpdateHistoryEntrySchema, aLiveUpdateHistoryEntry())).toEqual([]);
  });

  it('accepts any action string and any changes object (values not shown)', () => {
    expect(issuePaths(LiveUpdateHistoryEntrySchema, aLiveUpdateHistoryEntry({ action: 'republished', changes: { x: [1, 2] } }))).toEqual([]);
  });

  it('rejects changes that are not an object', () => {
    expect(issuePaths(LiveUpdateHistoryEntrySchema, aLiveUpdateHistoryEntry({ changes: 'title changed' as never }))).toEqual(['changes']);
  });

  it('requires the user id, name and email', () => {
    expect(issuePaths(LiveUpdateHistoryEntrySchema, aLiveUpdateHistoryEntry({ user: { id: 3, email: 'a@b.c' } as never }))).toEqual(['user.name']);
  });
});

describe('LiveUpdateDetailSchema', () => {
  it('accepts a live update with history', () => {
    expect(issuePaths(LiveUpdateDetailSchema, aLiveUpdateDetail())).toEqual([]);
  });

  it('requires history on the single-item read', () => {
    expect(issuePaths(LiveUpdateDetailSchema, aLiveUpdate())).toEqual(['history']);
  });

  it('rejects a malformed history entry', () => {
    expect(issuePaths(LiveUpdateDetailSchema, aLiveUpdateDetail({ history: [aLiveUpdateHistoryEntry({ created_at: 'now' })] }))).toEqual(['history.0.created_at']);
  });
});

describe('LiveUpdatesPageSchema', () => {
  it('accepts a spec-conformant page', () => {
    expect(issuePaths(LiveUpdatesPageSchema, aLiveUpdatesPage())).toEqual([]);
  });

  it('accepts string prev and next links in the middle of the list', () => {
    const page = aLiveUpdatesPage();
    const links = { ...page.links, prev: `${page.links.first}&p=1`, next: `${page.links.first}&p=3` };
    expect(issuePaths(LiveUpdatesPageSchema, { ...page, links })).toEqual([]);
  });

  it('accepts null from and to on an empty page', () => {
    const page = aLiveUpdatesPage({ data: [] });
    const meta = { ...page.meta, from: null, to: null, total: 0 };
    expect(issuePaths(LiveUpdatesPageSchema, { ...page, meta })).toEqual([]);
  });

  it('passes extra Laravel meta fields (path, links)', () => {
    const page = aLiveUpdatesPage();
    const meta = { ...page.meta, path: 'https://api.example.com/api/v1/live-updates', links: [] };
    expect(LiveUpdatesPageSchema.parse({ ...page, meta })).toEqual(aLiveUpdatesPage());
  });

  it('requires first and last links as strings', () => {
    const page = aLiveUpdatesPage();
    expect(issuePaths(LiveUpdatesPageSchema, { ...page, links: { ...page.links, first: null } })).toEqual(['links.first']);
  });

  it('requires meta fields to be integers', () => {
    const page = aLiveUpdatesPage();
    expect(issuePaths(LiveUpdatesPageSchema, { ...page, meta: { ...page.meta, per_page: '15' } })).toEqual(['meta.per_page']);
  });

  it('requires every meta field', () => {
    const page = aLiveUpdatesPage();
    expect(issuePaths(LiveUpdatesPageSchema, { ...page, meta: without(page.meta, 'total') })).toEqual(['meta.total']);
  });

  it('rejects a listed live update with a bad type', () => {
    expect(issuePaths(LiveUpdatesPageSchema, aLiveUpdatesPage({ data: [aLiveUpdate({ type: 'sale' as never })] }))).toEqual(['data.0.type']);
  });
});

describe('LiveUpdateResponseSchema', () => {
  it('accepts a spec-conformant single-item response', () => {
    expect(issuePaths(LiveUpdateResponseSchema, aLiveUpdateResponse())).toEqual([]);
  });

  it('requires the message', () => {
    expect(issuePaths(LiveUpdateResponseSchema, without(aLiveUpdateResponse(), 'message'))).toEqual(['message']);
  });

  it('requires data to carry history', () => {
    expect(issuePaths(LiveUpdateResponseSchema, aLiveUpdateResponse({ data: aLiveUpdate() as never }))).toEqual(['data.history']);
  });
});
