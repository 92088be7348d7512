/**
 * The control API under `/_sim` (loopback only; not part of the service):
 * create tasks, move the virtual clock, inject faults, simulate customer
 * messages, and flip world settings the dashboard would. The webhook's
 * routes (`/_sim/webhook`, `/_sim/deliveries`) live with the webhook module.
 * Bodies are strict: an unknown property is a 400 like everywhere else.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConversationChannelSchema } from '../../common/api/enums';
import { classifyInboundText } from '../../common/optout';
import { createArrival } from './arrivals';
import { FaultRequestSchema, type Faults } from './faults';
import { customerError, ok, SimHttpError, type SimIssue } from './http';
import type { RateLimits } from './rate-limit';
import type { RouteContext, Router } from './router';
import { isValidTimeZone, iso } from './time';
import { check, positiveInt, refuseIfIssues } from './validate';
import type { World } from './world';

/** What the control API drives. */
export interface ControlDeps {
  world: World;
  faults: Faults;
  limits: RateLimits;
  /** The startup JSON (base URL, keys...), for `GET /_sim/info`. */
  info: () => unknown;
}

const TaskRequest = z.strictObject({
  kind: z.enum(['conversation', 'form']),
  channel: ConversationChannelSchema.optional(),
  title: z.string().min(1).max(200).optional(),
  category: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'A category key: lower-case letters, digits and "_".').optional(),
  followUpTitle: z.string().max(200).nullable().optional(),
  repeatOf: z.int().min(1).optional(),
});
const ClockRequest = z.strictObject({ advanceMs: z.number().int().min(0).max(400 * 86_400_000) });
const InboundRequest = z.strictObject({ text: z.string().min(1).max(5000), channel: z.enum(['text', 'email', 'web_chat']).default('text') });
const MergeRequest = z.strictObject({ into: z.int().min(1) });
const TeamPatch = z.strictObject({ requires_note_before_done: z.boolean().optional(), timezone: z.string().refine(isValidTimeZone, 'Unknown IANA time zone.').optional() });
const MemberPatch = z.strictObject({ active: z.boolean() });
const KeyRequest = z.strictObject({ member_id: z.int().min(1) });
const RevokeRequest = z.strictObject({ key: z.string().min(1) });
const ContactPatch = z.strictObject({
  text_opted_out: z.boolean().optional(),
  undeliverable: z.strictObject({ text: z.string().min(1).nullable().optional(), email: z.string().min(1).nullable().optional() }).optional(),
});

/** Parses a strict body or throws 400 with every issue. */
async function body<T>(ctx: RouteContext, schema: z.ZodType<T>, issues: SimIssue[] = []): Promise<T> {
  const parsed = check(schema, await ctx.json(), issues);
  refuseIfIssues(issues);
  return parsed as T;
}

/** A numeric path parameter or 400. */
function idParam(ctx: RouteContext, name: string): number {
  const issues: SimIssue[] = [];
  const id = positiveInt(ctx.params[name] ?? '', [name], issues);
  refuseIfIssues(issues);
  return id as number;
}

const notFound = (what: string) => new SimHttpError(customerError(404, 'not_found', `${what} was not found.`));

/** The task id a merged conversation now belongs to. */
function merged(world: World, id: number): number {
  const conversation = world.conversations.get(id);
  return conversation ? world.mergeTarget(conversation).id : id;
}

/** Registers every `/_sim` route. */
export function registerControl(router: Router, deps: ControlDeps): void {
  const { world, faults, limits } = deps;

  router.add('GET', '/_sim/info', () => ok(deps.info()));

  router.add('POST', '/_sim/tasks', async (ctx) => {
    const req = await body(ctx, TaskRequest);
    if (req.repeatOf !== undefined) {
      if (req.kind !== 'conversation') refuseIfIssues([{ path: ['repeatOf'], message: 'A repeat call is a conversation.' }]);
      if (!world.conversations.has(req.repeatOf)) throw notFound(`Conversation ${req.repeatOf}`);
    }
    const arrival = createArrival(world, req);
    return ok({ taskId: arrival.taskId, conversationId: arrival.conversationId, formSubmissionId: arrival.formSubmissionId }, 201);
  });

  router.add('GET', '/_sim/clock', () => ok({ now: iso(world.clock.now()) }));
  router.add('POST', '/_sim/clock', async (ctx) => {
    const req = await body(ctx, ClockRequest);
    await world.clock.advance(req.advanceMs);
    return ok({ now: iso(world.clock.now()) });
  });

  router.add('GET', '/_sim/faults', () => ok({ faults: faults.list() }));
  router.add('POST', '/_sim/faults', async (ctx) => ok(faults.add(await body(ctx, FaultRequestSchema)), 201));
  router.add('DELETE', '/_sim/faults', () => {
    faults.clear();
    return ok({ faults: [] });
  });

  router.add('POST', '/_sim/rate-limits/reset', () => {
    limits.reset();
    return ok({ reset: true });
  });

  router.add('POST', '/_sim/conversations/:id/inbound', async (ctx) => {
    const id = idParam(ctx, 'id');
    const req = await body(ctx, InboundRequest);
    const conversation = world.conversations.get(id);
    if (!conversation) throw notFound(`Conversation ${id}`);
    const contact = world.contacts.get(conversation.contactId);
    const message = world.addMessage(conversation, { from: 'customer', channel: req.channel, text: req.text, sentAt: world.clock.now(), deliveryStatus: null, error: null, authorId: null });
    // STOP-style words opt out of texts, START-style words opt back in; only texts count.
    const meaning = req.channel === 'text' ? classifyInboundText(req.text) : 'none';
    if (contact && meaning !== 'none') contact.textOptedOut = meaning === 'opt_out';
    return ok({ messageId: message.id, classified: meaning, text_opted_out: contact?.textOptedOut ?? false }, 201);
  });

  router.add('POST', '/_sim/conversations/:id/merge', async (ctx) => {
    const id = idParam(ctx, 'id');
    const req = await body(ctx, MergeRequest);
    if (!world.conversations.has(id)) throw notFound(`Conversation ${id}`);
    if (!world.conversations.has(req.into)) throw notFound(`Conversation ${req.into}`);
    if (id === req.into) throw new SimHttpError(customerError(422, 'unprocessable', 'A conversation cannot be merged into itself.'));
    world.mergeConversation(id, req.into);
    return ok({ conversationId: id, mergedIntoTaskId: `conversation-${merged(world, id)}` });
  });

  router.add('PATCH', '/_sim/team', async (ctx) => {
    const req = await body(ctx, TeamPatch);
    if (req.requires_note_before_done !== undefined) world.team.requiresNoteBeforeDone = req.requires_note_before_done;
    if (req.timezone !== undefined) world.team.timezone = req.timezone;
    return ok({ requires_note_before_done: world.team.requiresNoteBeforeDone, timezone: world.team.timezone });
  });

  router.add('PATCH', '/_sim/members/:id', async (ctx) => {
    const id = idParam(ctx, 'id');
    const req = await body(ctx, MemberPatch);
    const member = world.members.get(id);
    if (!member) throw notFound(`Member ${id}`);
    member.active = req.active;
    return ok({ id, active: member.active });
  });

  router.add('POST', '/_sim/keys', async (ctx) => {
    const req = await body(ctx, KeyRequest);
    if (!world.members.has(req.member_id)) throw notFound(`Member ${req.member_id}`);
    const key = `sk_sim_${randomBytes(18).toString('base64url')}`;
    world.apiKeys.set(key, { key, creatorId: req.member_id, revoked: false });
    return ok({ key, member_id: req.member_id }, 201);
  });
  router.add('POST', '/_sim/keys/revoke', async (ctx) => {
    const req = await body(ctx, RevokeRequest);
    const record = world.apiKeys.get(req.key);
    if (!record) throw notFound('That key');
    record.revoked = true;
    return ok({ revoked: true });
  });

  router.add('PATCH', '/_sim/contacts/:id', async (ctx) => {
    const id = idParam(ctx, 'id');
    const req = await body(ctx, ContactPatch);
    const contact = world.contacts.get(id);
    if (!contact) throw notFound(`Contact ${id}`);
    if (req.text_opted_out !== undefined) contact.textOptedOut = req.text_opted_out;
    for (const channel of ['text', 'email'] as const) {
      const reason = req.undeliverable?.[channel];
      if (reason === null) delete contact.undeliverable[channel];
      else if (reason !== undefined) contact.undeliverable[channel] = reason;
    }
    return ok({ id, text_opted_out: contact.textOptedOut, undeliverable: { ...contact.undeliverable } });
  });

  router.add('GET', '/_sim/activity', () =>
    ok({ activity: world.activity.map((a) => ({ at: iso(a.at), member_id: a.memberId, kind: a.kind, subject: a.subject, detail: a.detail })) }),
  );
}
