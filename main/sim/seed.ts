/**
 * The seeded business, "Harborview Dental": the same world for tests and
 * the demo, so every rule has a record that shows it. Ids are stable
 * (conversation 2 is always the opted-out customer); keys are random per
 * start. `SEED` names the records tests rely on.
 */
import { randomBytes } from 'node:crypto';
import type { MemberRole } from '../../common/api/assumed';
import type { SimClock } from './clock';
import { startOfDay } from './time';
import { World, type ContactRecord, type ConversationRecord, type TaskRecord } from './world';

/** Ids of the seeded records that show a rule. */
export const SEED = {
  teamId: 1,
  members: { owner: 1, admin: 2, manager: 3, user: 4, deactivated: 5, noEmail: 6 },
  lines: { main: 1, downtown: 2, afterHours: 3 },
  contacts: { jordan: 1, priya: 2, marcus: 3, elena: 4, tom: 5, chris: 6, hannah: 7, spam: 8, olivia: 9 },
  conversations: {
    /** Phone call followed up by text: reply defaults to text. */
    phoneAndText: 1,
    /** Text + email thread; the customer replied STOP (text 422, email 201); channel must be chosen. */
    optedOut: 2,
    /** Phone only: no reply possible (422). Created yesterday. */
    phoneOnly: 3,
    /** Website chat: no reply possible (422). */
    webChat: 4,
    /** Email to an undeliverable address: 201 with delivery_status failed. Created yesterday. */
    undeliverableEmail: 5,
    /** The user-role member may not message this customer (403). */
    userMayNotMessage: 6,
    /** On the after-hours line: hidden from the user-role member (404); texting not set up there (422). */
    hiddenFromUser: 7,
    /** A repeat call merged into conversation 1: its task answers 404 naming conversation-1. */
    merged: 8,
    /** A blocked caller's call; no task. */
    noTask: 9,
  },
  formSubmission: 1,
} as const;

/** What `seedWorld` hands back: the world and the credentials it issued. */
export interface SeededWorld {
  world: World;
  /** One API key per role; each key's creator is the member of that role. */
  keys: Record<MemberRole, string>;
  /** More keys for the 401 rules. */
  extraKeys: { revoked: string; deactivatedOwner: string; noEmailUser: string };
  /** A live-updates bearer token of the owner. */
  bearerToken: string;
  /** A bearer token of a user with no team selected (live updates answer the no-team message). */
  noTeamToken: string;
  /** A reseller's Partner API key. */
  partnerKey: string;
}

const secret = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** Builds the seeded world on `clock`. */
export function seedWorld(clock: SimClock, options: { timezone?: string } = {}): SeededWorld {
  const world = new World(clock, {
    id: SEED.teamId,
    name: 'Harborview Dental',
    timezone: options.timezone ?? 'America/New_York',
    dashboardUrl: 'https://dashboard.answering.example/teams/1',
    requiresNoteBeforeDone: true,
  });
  const member = (name: string, role: MemberRole, email: string | null, phone: string | null, extra: Partial<Parameters<World['addMember']>[0]> = {}) =>
    world.addMember({ name, role, email, phone, active: true, managesMemberIds: [], phoneLineIds: null, mayNotMessageContactIds: [], ...extra });
  member('Maria Santos', 'owner', 'maria@harborview-dental.example', '+16175550191');
  member('Dev Patel', 'admin', 'dev@harborview-dental.example', '+16175550192');
  member('Grace Kim', 'manager', 'grace@harborview-dental.example', null, { managesMemberIds: [4, 6] });
  member('Sam Rivera', 'user', 'sam@harborview-dental.example', '+16175550194', { phoneLineIds: [1, 2], mayNotMessageContactIds: [SEED.contacts.marcus] });
  member('Lee Chen', 'user', 'lee@harborview-dental.example', null, { active: false });
  member('Ana Torres', 'user', null, '+16175550196');

  const key = (creatorId: number, revoked = false) => {
    const k = secret('sk_sim');
    world.apiKeys.set(k, { key: k, creatorId, revoked });
    return k;
  };
  const keys = { owner: key(1), admin: key(2), manager: key(3), user: key(4) };
  const extraKeys = { revoked: key(1, true), deactivatedOwner: key(5), noEmailUser: key(6) };
  const bearerToken = secret('lu_sim');
  world.bearerTokens.set(bearerToken, { token: bearerToken, memberId: 1 });
  const noTeamToken = secret('lu_sim');
  world.bearerTokens.set(noTeamToken, { token: noTeamToken, memberId: 6, teamId: null });
  // The reseller's records live in the partner directory (server.ts seeds it with this key).
  const partnerKey = secret('pk_sim');

  world.addPhoneLine({ name: 'Main Office', phoneNumber: '+16175550100', textingEnabled: true, defaultAssigneeId: null });
  world.addPhoneLine({ name: 'Downtown Clinic', phoneNumber: '+16175550101', textingEnabled: true, defaultAssigneeId: 4 });
  world.addPhoneLine({ name: 'After-hours Line', phoneNumber: '+16175550102', textingEnabled: false, defaultAssigneeId: null });

  // Seeded times sit inside today and yesterday of the team's zone, whatever the hour.
  const now = clock.now();
  const today0 = startOfDay(now, world.team.timezone);
  const yesterday0 = startOfDay(today0 - 3_600_000, world.team.timezone);
  const today = (f: number) => Math.floor(today0 + (now - today0) * f);
  const yesterday = (f: number) => Math.floor(yesterday0 + (today0 - yesterday0) * f);
  const daysAgo = (d: number) => now - d * 86_400_000;
  const at = (base: number, minutes: number) => Math.min(now, base + minutes * 60_000);

  const contact = (c: Partial<ContactRecord> & { name: string | null }) =>
    world.addContact({ phone: null, email: null, company: null, stage: 'customer', tags: [], notes: null, blocked: false, phoneCallCount: 0, firstContactAt: daysAgo(30), lastCallAt: null, textOptedOut: false, undeliverable: {}, ...c });
  contact({ name: 'Jordan Blake', phone: '+16175550111', email: 'jordan.blake@mail.example', tags: ['returning'], notes: 'Prefers texts. Cleaning every 6 months.', phoneCallCount: 5, firstContactAt: daysAgo(400), lastCallAt: today(0.9) });
  contact({ name: 'Priya Nair', phone: '+16175550112', email: 'priya.nair@mail.example', notes: 'Replied STOP to texts; email only.', phoneCallCount: 1, firstContactAt: daysAgo(200), lastCallAt: daysAgo(200), textOptedOut: true });
  contact({ name: 'Marcus Webb', phone: '+16175550113', email: 'marcus@webb-builders.example', company: 'Webb Builders', stage: 'lead', tags: ['partner'], phoneCallCount: 2, firstContactAt: daysAgo(20), lastCallAt: today(0.5) });
  contact({ name: 'Elena Rossi', phone: '+16175550114', email: 'elena.rossi@bounce.example', phoneCallCount: 0, firstContactAt: daysAgo(90), undeliverable: { email: 'Mailbox unavailable: the address elena.rossi@bounce.example does not exist.' } });
  contact({ name: 'Tom Fischer', phone: '+16175550115', email: 'tom@fischer-plumbing.example', company: 'Fischer Plumbing', stage: 'vendor', tags: ['vendor'], notes: 'Building maintenance.', phoneCallCount: 3, firstContactAt: daysAgo(150), lastCallAt: yesterday(0.4) });
  contact({ name: 'Chris', stage: 'lead', notes: 'Website chat visitor.', firstContactAt: daysAgo(0.05) });
  contact({ name: 'Hannah Lee', phone: '+16175550117', email: 'hannah.lee@mail.example', phoneCallCount: 1, firstContactAt: daysAgo(2), lastCallAt: today(0.2) });
  contact({ name: 'Spam Likely', phone: '+18005550199', stage: 'blocked', blocked: true, phoneCallCount: 7, firstContactAt: daysAgo(60), lastCallAt: today(0.1) });
  contact({ name: 'Olivia Grant', phone: '+16175550119', email: 'olivia.grant@mail.example', stage: 'lead', firstContactAt: today(0.6) });

  const call = (lines: [string, string][]) => lines.map(([speaker, text], i) => ({ speaker: speaker as 'ai' | 'customer', text, offsetSeconds: i * 9 }));
  type NewConversation = Omit<ConversationRecord, 'id' | 'messages' | 'mergedIntoId' | 'transcript' | 'recording'> &
    Partial<Pick<ConversationRecord, 'transcript' | 'recording'>> & { messages?: Parameters<World['addConversation']>[0]['messages'] };
  const convo = (c: NewConversation) => world.addConversation({ transcript: null, recording: null, ...c });
  // The AI's first follow-up is what the dashboard shows for seeded tasks.
  const task = (conversation: ConversationRecord, t: Partial<TaskRecord> & { title: string; description: string; category: string }): TaskRecord =>
    world.createTask({
      sourceType: 'conversation',
      sourceId: conversation.id,
      status: 'open',
      priority: 'normal',
      createdAt: conversation.createdAt,
      firstFollowUp: { title: t.title, description: t.description },
      assigneeId: null,
      ...t,
    });
  const said = (from: 'customer' | 'ai', channel: 'text' | 'email' | 'web_chat', text: string, sentAt: number) => ({
    from,
    channel,
    text,
    sentAt,
    deliveryStatus: from === 'ai' ? ('delivered' as const) : null,
    error: null,
    authorId: null,
  });
  const aiText = (base: number, text: string) => said('ai', 'text', text, at(base, 2));

  const t1 = today(0.9);
  const c1 = convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 1, phoneLineId: 1, createdAt: t1, recording: { durationSeconds: 142 },
    transcript: call([['ai', 'Thanks for calling Harborview Dental, how can I help?'], ['customer', 'Hi, I need to move my cleaning on Thursday.'], ['ai', 'I can ask the team to reschedule it. Is texting this number OK?'], ['customer', 'Yes, text me.']]),
    messages: [aiText(t1, 'Hi Jordan, this is Harborview Dental. We got your request to reschedule Thursday\'s cleaning; the team will text you a new time.')] });
  task(c1, { title: 'Reschedule cleaning appointment', description: 'Jordan wants to move Thursday\'s cleaning to next week, mornings preferred.', category: 'appointment' });

  const t2 = today(0.8);
  const c2 = convo({ channel: 'text', channels: ['text'], subject: 'Appointment change', contactId: 2, phoneLineId: 1, createdAt: t2,
    messages: [said('customer', 'text', 'Can I move my appointment to Friday?', t2), said('ai', 'text', 'Sure, the team will confirm a Friday slot.', at(t2, 1)), said('customer', 'text', 'STOP', at(t2, 3)), said('customer', 'email', 'Please email me about the appointment instead of texting.', at(t2, 5))] });
  task(c2, { title: 'Move appointment to Friday (email only)', description: 'Priya opted out of texts; confirm the Friday slot by email.', category: 'appointment', priority: 'high', status: 'in_progress', assigneeId: 3 });

  const y3 = yesterday(0.45);
  const c3 = convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 5, phoneLineId: 1, createdAt: y3, recording: { durationSeconds: 96 },
    transcript: call([['ai', 'Harborview Dental, how can I help?'], ['customer', 'It\'s Tom from Fischer Plumbing about last month\'s invoice.'], ['ai', 'I\'ll pass that to the office.']]) });
  task(c3, { title: 'Vendor invoice question', description: 'Tom from Fischer Plumbing asks whether last month\'s invoice was paid.', category: 'billing', priority: 'low', status: 'done', assigneeId: 2 });
  world.addNote('conversation-3', 'Forwarded to accounting; paid on the 3rd.', 2).createdAt = yesterday(0.6);

  const t4 = today(0.7);
  const c4 = convo({ channel: 'web_chat', channels: ['web_chat'], subject: null, contactId: 6, phoneLineId: null, createdAt: t4,
    messages: [said('customer', 'web_chat', 'How much is teeth whitening?', t4), said('ai', 'web_chat', 'Prices start at $299; I have asked the team to follow up.', at(t4, 1))] });
  task(c4, { title: 'Teeth whitening price question', description: 'Website visitor asked for whitening prices; no phone or email left.', category: 'quote' });

  const y5 = yesterday(0.7);
  const c5 = convo({ channel: 'email', channels: ['email'], subject: 'Insurance claim form', contactId: 4, phoneLineId: null, createdAt: y5,
    messages: [said('customer', 'email', 'Could you send me the insurance claim form for my last visit?', y5)] });
  task(c5, { title: 'Send insurance claim form', description: 'Elena needs the claim form for her visit on the 2nd.', category: 'billing' });

  const t6 = today(0.5);
  const c6 = convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 3, phoneLineId: 2, createdAt: t6, recording: { durationSeconds: 211 },
    transcript: call([['ai', 'Downtown Clinic, how can I help?'], ['customer', 'Marcus from Webb Builders; we would like to talk about the renovation.']]),
    messages: [aiText(t6, 'Thanks Marcus, the clinic manager will call you back about the renovation.')] });
  task(c6, { title: 'Call back about clinic renovation', description: 'Marcus (Webb Builders) wants to discuss the renovation schedule.', category: 'sales', assigneeId: 4 });

  const t7 = today(0.2);
  const c7 = convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 7, phoneLineId: 3, createdAt: t7, recording: { durationSeconds: 64 },
    transcript: call([['ai', 'You have reached the after-hours line.'], ['customer', 'I have a bad toothache, can someone call me first thing?']]),
    messages: [said('customer', 'text', 'It is getting worse, please call at 8.', at(t7, 10))] });
  task(c7, { title: 'Toothache: urgent callback', description: 'Hannah has a severe toothache; call at 8 am.', category: 'callback', priority: 'urgent' });

  const c8 = convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 1, phoneLineId: 1, createdAt: at(t1, 4), recording: { durationSeconds: 30 },
    transcript: call([['customer', 'Me again about moving my cleaning.']]) });
  task(c8, { title: 'Reschedule cleaning (repeat call)', description: 'Jordan called again about the same cleaning.', category: 'appointment' });
  world.mergeConversation(c8.id, c1.id);

  convo({ channel: 'phone', channels: ['phone'], subject: null, contactId: 8, phoneLineId: 1, createdAt: today(0.1), recording: { durationSeconds: 12 }, transcript: call([['ai', 'Harborview Dental, how can I help?']]) });

  const form = world.addFormSubmission({ formName: 'Website contact form', contactId: 9, createdAt: today(0.6),
    fields: { name: 'Olivia Grant', email: 'olivia.grant@mail.example', phone: '+16175550119', message: 'I would like a consultation for Invisalign.' } });
  world.createTask({ sourceType: 'form_submission', sourceId: form.id, title: 'Invisalign consultation request', description: 'Olivia asks for an Invisalign consultation; prefers evenings.',
    status: 'open', priority: 'normal', category: 'appointment', createdAt: form.createdAt, firstFollowUp: { title: null, description: 'Invisalign consultation' } });

  return { world, keys, extraKeys, bearerToken, noTeamToken, partnerKey };
}
