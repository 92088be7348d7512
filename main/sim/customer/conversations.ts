/**
 * Reads of conversations, call transcripts and call recordings. Their
 * shapes are "not shown" by the spec; see ASSUMPTIONS.md.
 */
import { ok, type SimIssue } from '../http';
import { conversationView, links } from '../resources';
import type { RouteContext, Router } from '../router';
import { dayKey } from '../time';
import { positiveInt, refuseIfIssues } from '../validate';
import { API, customerRoute, notFound, rangeQuery, visibleConversation, type CustomerDeps } from './common';

/** The `conversation_id` path parameter, or 400. */
export function conversationIdParam(ctx: RouteContext, issues: SimIssue[] = []): number {
  const id = positiveInt(ctx.params.conversationId ?? '', ['conversation_id'], issues);
  refuseIfIssues(issues);
  return id as number;
}

/** Registers the conversation reads. */
export function registerConversationReads(router: Router, deps: CustomerDeps): void {
  const { world } = deps;

  // Newest first; `range` (today|yesterday in the team's zone) is optional here.
  router.add(
    'GET',
    `${API}/conversations`,
    customerRoute(deps, (ctx, { member }) => {
      const day = rangeQuery(ctx, world, false)?.day;
      const list = [...world.conversations.values()]
        .filter((c) => world.canSeeConversation(member, c))
        .filter((c) => day === undefined || dayKey(c.createdAt, world.team.timezone) === day)
        .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      return ok({ conversations: list.map((c) => conversationView(world, c, member)) });
    }),
  );

  router.add(
    'GET',
    `${API}/conversations/:conversationId`,
    customerRoute(deps, (ctx, { member }) => {
      const conversation = visibleConversation(world, member, conversationIdParam(ctx));
      return ok(conversationView(world, conversation, member));
    }),
  );

  router.add(
    'GET',
    `${API}/conversations/:conversationId/transcript`,
    customerRoute(deps, (ctx, { member }) => {
      const conversation = visibleConversation(world, member, conversationIdParam(ctx));
      if (!conversation.transcript) throw notFound(`Conversation ${conversation.id} has no call transcript.`);
      return ok({
        conversation_id: conversation.id,
        lines: conversation.transcript.map((l) => ({ speaker: l.speaker, text: l.text, offset_seconds: l.offsetSeconds })),
      });
    }),
  );

  router.add(
    'GET',
    `${API}/conversations/:conversationId/recording`,
    customerRoute(deps, (ctx, { member }) => {
      const conversation = visibleConversation(world, member, conversationIdParam(ctx));
      if (!conversation.recording) throw notFound(`Conversation ${conversation.id} has no call recording.`);
      return ok({
        conversation_id: conversation.id,
        url: links.recording(world, conversation.id),
        content_type: 'audio/mpeg',
        duration_seconds: conversation.recording.durationSeconds,
      });
    }),
  );
}
