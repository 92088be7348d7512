/**
 * Every fixture builder must produce a value its schema accepts, since other
 * suites (client, simulator, UI) build on them.
 */
import { describe, it, expect } from 'vitest';
import { type z } from 'zod';
import * as api from '../../../common/api';
import * as fx from './fixtures';
import { issuePaths } from './helpers';

const cases: [string, () => unknown, z.ZodType][] = [
  ['aConversationMessage', fx.aConversationMessage, api.ConversationMessageSchema],
  ['aFailedConversationMessage', fx.aFailedConversationMessage, api.ConversationMessageSchema],
  ['anApiErrorBody', fx.anApiErrorBody, api.ApiErrorBodySchema],
  ['anInvalidRequestBody', fx.anInvalidRequestBody, api.ApiErrorBodySchema],
  ['aTaskNote', fx.aTaskNote, api.TaskNoteSchema],
  ['aTask', fx.aTask, api.TaskSchema],
  ['aFormTask', fx.aFormTask, api.TaskSchema],
  ['aContact', fx.aContact, api.ContactSchema],
  ['aContactsPage', fx.aContactsPage, api.ContactsPageSchema],
  ['aLiveUpdate', fx.aLiveUpdate, api.LiveUpdateSchema],
  ['aLiveUpdateHistoryEntry', fx.aLiveUpdateHistoryEntry, api.LiveUpdateHistoryEntrySchema],
  ['aLiveUpdateDetail', fx.aLiveUpdateDetail, api.LiveUpdateDetailSchema],
  ['aLiveUpdatesPage', fx.aLiveUpdatesPage, api.LiveUpdatesPageSchema],
  ['aLiveUpdateResponse', fx.aLiveUpdateResponse, api.LiveUpdateResponseSchema],
  ['aPartnerUser', fx.aPartnerUser, api.PartnerUserSchema],
  ['anOrganization', fx.anOrganization, api.OrganizationSchema],
  ['anErrorOnlyBody', fx.anErrorOnlyBody, api.ErrorOnlyBodySchema],
  ['aMessageBody', fx.aMessageBody, api.MessageBodySchema],
  ['aValidationErrorBody', fx.aValidationErrorBody, api.ValidationErrorBodySchema],
  ['aNotificationPreferences', fx.aNotificationPreferences, api.NotificationPreferencesSchema],
  ['aReplyRequest', fx.aReplyRequest, api.ReplyRequestSchema],
  ['aNoteRequest', fx.aNoteRequest, api.NoteRequestSchema],
  ['aTaskCreatedEvent', fx.aTaskCreatedEvent, api.TaskCreatedEventSchema],
  ['aFormTaskCreatedEvent', fx.aFormTaskCreatedEvent, api.TaskCreatedEventSchema],
  ['aWebhookTestEvent', fx.aWebhookTestEvent, api.WebhookTestEventSchema],
];

describe('fixtures', () => {
  for (const [name, build, schema] of cases) {
    it(`${name}() is valid`, () => {
      expect(issuePaths(schema, build())).toEqual([]);
    });
  }

  it('returns a fresh object on each call', () => {
    const first = fx.aTask();
    first.customer.name = 'Changed';
    expect(fx.aTask().customer.name).toBe('Dana Diner');
  });

  it('applies overrides', () => {
    expect(fx.aTask({ status: 'done' }).status).toBe('done');
  });

  it('aTaskCreatedEventFor keeps id, legacy block and data in step', () => {
    const event = fx.aTaskCreatedEventFor(fx.aFormTask({ id: 'form-submission-99' }));
    expect(event.id).toBe('form_submission:99:task.created');
    expect(event.task).toMatchObject({ source_type: 'form_submission', source_id: 99, channel: null });
    expect(issuePaths(api.TaskCreatedEventSchema, event)).toEqual([]);
  });
});
