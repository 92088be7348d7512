/**
 * Demo mode: the seeded business (seed.ts) plus new work arriving on a
 * timer, so the app has something to show: a call, a text, a web chat, an
 * email, now and then a website form, each with its task (and its webhook
 * delivery when an address is saved).
 */
import type { ConversationChannel } from '../../common/api/enums';
import { createArrival } from './arrivals';
import type { World } from './world';

/** How often a new task arrives in demo mode by default. */
export const DEFAULT_DEMO_INTERVAL_MS = 45_000;

const CYCLE: ({ kind: 'conversation'; channel: ConversationChannel } | { kind: 'form' })[] = [
  { kind: 'conversation', channel: 'phone' },
  { kind: 'conversation', channel: 'text' },
  { kind: 'conversation', channel: 'phone' },
  { kind: 'conversation', channel: 'web_chat' },
  { kind: 'form' },
  { kind: 'conversation', channel: 'email' },
];

/**
 * Starts the arrivals on the world's virtual clock (so `POST /_sim/clock`
 * brings the next one forward). Returns the function that stops them.
 */
export function startDemoArrivals(world: World, intervalMs = DEFAULT_DEMO_INTERVAL_MS): () => void {
  if (!Number.isFinite(intervalMs) || intervalMs < 100) throw new RangeError('the demo interval must be at least 100 ms');
  let count = 0;
  let stopped = false;
  let timer = world.clock.setTimer(tick, intervalMs);
  function tick(): void {
    if (stopped) return;
    const next = CYCLE[count % CYCLE.length] ?? { kind: 'form' };
    count += 1;
    try {
      createArrival(world, next);
    } catch (err) {
      // One bad arrival must not end the demo.
      console.error('[sim] demo arrival failed:', err);
    }
    timer = world.clock.setTimer(tick, intervalMs);
  }
  return () => {
    stopped = true;
    world.clock.clearTimer(timer);
  };
}
