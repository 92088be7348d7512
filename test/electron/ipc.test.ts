import { describe, expect, it, vi } from 'vitest';
import type { ContractHandler, EventName } from '../../common/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../main/electron/channels';
import { answerInvoke, forwardContractEvents, registerContractIpc, senderFrameOf } from '../../main/electron/ipc';
import { createStubCore } from '../web/stub-core';

type Invoke = (event: unknown, method: unknown, args: unknown) => Promise<unknown>;

/** A stand-in for ipcMain that records the one handler. */
function fakeIpcMain() {
  const handlers = new Map<string, Invoke>();
  return {
    handlers,
    handle: (channel: string, fn: Invoke) => void handlers.set(channel, fn),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
}

const frame = (url: string, parent: object | null = null) => ({ senderFrame: { url, parent } });
const TRUSTED = 'file:///app/out/renderer/index.html';
const isTrusted = (f: { url: string; isMainFrame: boolean } | null) => f !== null && f.isMainFrame && f.url === TRUSTED;
const quiet = () => {};

describe('the IPC sender check', () => {
  it('reads the frame URL and whether it is top-level', () => {
    expect(senderFrameOf(frame(TRUSTED) as never)).toEqual({ url: TRUSTED, isMainFrame: true });
    expect(senderFrameOf(frame(TRUSTED, {}) as never)).toEqual({ url: TRUSTED, isMainFrame: false });
    expect(senderFrameOf({ senderFrame: null } as never)).toBeNull();
  });

  it('refuses a call from any other page before the core sees it', async () => {
    const handle = vi.fn();
    const handler = { handle, on: () => () => {} } as unknown as ContractHandler;
    for (const event of [frame('https://evil.example/'), frame(TRUSTED, {}), { senderFrame: null }]) {
      const result = await answerInvoke({ handler, isTrusted, log: quiet }, event as never, 'getSnapshot', {});
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(handle).not.toHaveBeenCalled();
  });
});

describe('contract calls over IPC', () => {
  it('registers one handler on the invoke channel and removes it', () => {
    const ipcMain = fakeIpcMain();
    const off = registerContractIpc({ ipcMain: ipcMain as never, handler: createStubCore(), isTrusted, log: quiet });
    expect([...ipcMain.handlers.keys()]).toEqual([INVOKE_CHANNEL]);
    off();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('answers a valid call with the core result', async () => {
    const ipcMain = fakeIpcMain();
    registerContractIpc({ ipcMain: ipcMain as never, handler: createStubCore(), isTrusted, log: quiet });
    const result = (await ipcMain.handlers.get(INVOKE_CHANNEL)!(frame(TRUSTED), 'getSnapshot', {})) as { ok: boolean; value: { tasks: unknown[] } };
    expect(result.ok).toBe(true);
    expect(result.value.tasks).toEqual([]);
  });

  it('answers an unknown method or bad arguments with invalid_request', async () => {
    const handle = vi.fn();
    const handler = { handle, on: () => () => {} } as unknown as ContractHandler;
    expect(await answerInvoke({ handler, isTrusted, log: quiet }, frame(TRUSTED) as never, 'rm -rf', {})).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await answerInvoke({ handler, isTrusted, log: quiet }, frame(TRUSTED) as never, { toString: 1 }, {})).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await answerInvoke({ handler, isTrusted, log: quiet }, frame(TRUSTED) as never, 'getTask', { taskId: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(handle).not.toHaveBeenCalled();
  });

  it('passes the validated arguments to the core', async () => {
    const handle = vi.fn().mockResolvedValue({ ok: true, value: { unreadCount: 0 } });
    const handler = { handle, on: () => () => {} } as unknown as ContractHandler;
    await answerInvoke({ handler, isTrusted, log: quiet }, frame(TRUSTED) as never, 'markTasksRead', { taskIds: ['conversation-1'] });
    expect(handle).toHaveBeenCalledWith('markTasksRead', { taskIds: ['conversation-1'] });
  });

  it('turns a throw into an internal result without leaking its text', async () => {
    const logged: string[] = [];
    const handler = { handle: () => Promise.reject(new Error('db password hunter2')), on: () => () => {} } as unknown as ContractHandler;
    const result = await answerInvoke({ handler, isTrusted, log: (m) => logged.push(m) }, frame(TRUSTED) as never, 'getSnapshot', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(logged[0]).toContain('hunter2');
  });
});

describe('core events reach the renderer windows', () => {
  it('sends every event on the event channel to live windows only, until stopped', () => {
    const handler = createStubCore();
    const live = { send: vi.fn(), isDestroyed: () => false };
    const gone = { send: vi.fn(), isDestroyed: () => true };
    const stop = forwardContractEvents(handler, () => [live, gone]);
    const payload = { state: 'online' as const, message: 'ok', since: 'now', demo: false };
    handler.emit('connection:changed', payload);
    expect(live.send).toHaveBeenCalledWith(EVENT_CHANNEL, 'connection:changed', payload);
    expect(gone.send).not.toHaveBeenCalled();
    stop();
    handler.emit('connection:changed', payload);
    expect(live.send).toHaveBeenCalledTimes(1);
  });

  it('subscribes to every contract event', () => {
    const seen: EventName[] = [];
    const handler = { handle: vi.fn(), on: (e: EventName) => (seen.push(e), () => {}) } as unknown as ContractHandler;
    forwardContractEvents(handler, () => []);
    expect(seen).toContain('task:new');
    expect(seen).toContain('tasks:changed');
    expect(seen).toContain('notice');
  });
});
