/**
 * `GET /reports`: the day's numbers for the team (shape "not shown" by the
 * spec; see ASSUMPTIONS.md). Days are the team's timezone days.
 */
import { CONVERSATION_CHANNELS, type ConversationChannel } from '../../../common/api/enums';
import { ok } from '../http';
import type { Router } from '../router';
import { dayKey } from '../time';
import { API, customerRoute, rangeQuery, type CustomerDeps } from './common';

/** Registers `GET /reports?range=today|yesterday` (default today). */
export function registerReports(router: Router, deps: CustomerDeps): void {
  const { world } = deps;
  router.add(
    'GET',
    `${API}/reports`,
    customerRoute(deps, (ctx) => {
      const { range, day } = rangeQuery(ctx, world, true);
      const tz = world.team.timezone;
      const onDay = (ms: number) => dayKey(ms, tz) === day;

      const byChannel = Object.fromEntries(CONVERSATION_CHANNELS.map((c) => [c, 0])) as Record<ConversationChannel, number>;
      let calls = 0;
      let callSeconds = 0;
      let repliesSent = 0;
      for (const c of world.conversations.values()) {
        for (const m of c.messages) if (m.from === 'business' && onDay(m.sentAt)) repliesSent++;
        if (!onDay(c.createdAt)) continue;
        byChannel[c.channel]++;
        if (c.recording) {
          calls++;
          callSeconds += c.recording.durationSeconds;
        }
      }
      const tasks = [...world.tasks.values()].filter((t) => onDay(t.createdAt) && !world.isMergedAway(t));
      return ok({
        range,
        date: day,
        timezone: tz,
        conversations: { total: Object.values(byChannel).reduce((a, b) => a + b, 0), by_channel: byChannel },
        average_call_seconds: calls === 0 ? 0 : Math.round(callSeconds / calls),
        tasks_created: tasks.length,
        tasks_done: tasks.filter((t) => t.status === 'done').length,
        form_submissions: [...world.formSubmissions.values()].filter((f) => onDay(f.createdAt)).length,
        replies_sent: repliesSent,
      });
    }),
  );
}
