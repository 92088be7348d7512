import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { EVENT_NAMES, isMethodName, parseMethodArgs, type ContractHandler } from '../../common/contract';
import type { Result } from '../../common/views';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './channels';
import type { SenderFrame } from './renderer-location';

/*
 * The contract over Electron IPC. This module imports only Electron's types,
 * so the tests drive it with a fake ipcMain in plain Node.
 */

/** Options of {@link registerContractIpc}. */
export interface ContractIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  handler: ContractHandler;
  /** Whether the frame that sent a call is our renderer (see isTrustedSender). */
  isTrusted: (frame: SenderFrame | null) => boolean;
  log?: (message: string) => void;
}

/** The sending frame of an IPC call, or null when it is gone. */
export function senderFrameOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): SenderFrame | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return { url: frame.url, isMainFrame: frame.parent === null };
}

/**
 * Answers one contract call from the renderer: sender check, method check,
 * argument validation, then the core. Always a Result, never a throw — an
 * Error would cross IPC as a string and lose its code.
 */
export async function answerInvoke(
  { handler, isTrusted, log = (m) => console.error(m) }: Omit<ContractIpcOptions, 'ipcMain'>,
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  method: unknown,
  args: unknown,
): Promise<Result<unknown>> {
  const frame = senderFrameOf(event);
  if (!isTrusted(frame)) {
    log(`ipc: refused a call from an untrusted frame (${frame ? frame.url.slice(0, 200) : 'gone'})`);
    return { ok: false, error: { code: 'forbidden', message: 'This page may not use Deskbell.' } };
  }
  if (!isMethodName(method)) {
    // String(method) could throw on a crafted object; describe it without converting it.
    const name = typeof method === 'string' ? method.slice(0, 60) : `(${typeof method})`;
    return { ok: false, error: { code: 'invalid_request', message: `Unknown method "${name}".` } };
  }
  const parsed = parseMethodArgs(method, args);
  if (!parsed.ok) return parsed;
  try {
    return await handler.handle(method, parsed.value);
  } catch (err) {
    log(`ipc: ${method} threw: ${describeError(err)}`);
    return { ok: false, error: { code: 'internal', message: `Deskbell hit an unexpected problem while doing "${method}". Try again; if it keeps happening, restart Deskbell.` } };
  }
}

/** Registers the one invoke handler of the contract. Returns the function that removes it. */
export function registerContractIpc(options: ContractIpcOptions): () => void {
  const { ipcMain, ...rest } = options;
  ipcMain.handle(INVOKE_CHANNEL, (event, method: unknown, args: unknown) => answerInvoke(rest, event, method, args));
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}

/** Where events go: the renderer windows' web contents. */
export interface EventTarget {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

/** Forwards every core event to the renderer windows. Returns the function that stops it. */
export function forwardContractEvents(handler: ContractHandler, targets: () => Iterable<EventTarget>): () => void {
  const offs = EVENT_NAMES.map((event) =>
    handler.on(event, (payload) => {
      for (const target of targets()) if (!target.isDestroyed()) target.send(EVENT_CHANNEL, event, payload);
    }),
  );
  return () => offs.forEach((off) => off());
}

/** A thrown value as text for the log; never throws itself, whatever was thrown. */
function describeError(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return 'an unprintable value';
  }
}
