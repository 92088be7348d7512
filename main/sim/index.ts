/**
 * The simulated Answering Service: start it in-process with
 * `startSimulator`, or from the shell with `npm run sim`. See ASSUMPTIONS.md
 * for every choice where the spec says "not shown".
 */
export { startSimulator, isLoopback, type Simulator, type SimulatorInfo, type SimulatorOptions } from './server';
export { createSimClock, MAX_TIMERS_PER_ADVANCE, type SimClock, type SimClockOptions, type SimTimer } from './clock';
export { World } from './world';
export type { TaskRecord, ConversationRecord, ContactRecord, MemberRecord, TeamRecord } from './world';
export { SEED } from './seed';
export { DEFAULT_DEMO_INTERVAL_MS } from './demo';
export { LIMITS, WINDOW_MS } from './rate-limit';
export { FaultRequestSchema, type FaultRequest } from './faults';
export { NOTE_REQUIRED_MESSAGE } from './customer/tasks';
