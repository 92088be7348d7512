/** IPC channel of contract calls (renderer → main). Keep equal to preload/index.ts. */
export const INVOKE_CHANNEL = 'deskbell:invoke';

/** IPC channel of contract events (main → renderer). Keep equal to preload/index.ts. */
export const EVENT_CHANNEL = 'deskbell:event';
