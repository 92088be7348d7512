import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DeskbellApi, EventName, EventPayloads, MethodArgs, MethodName, MethodResults } from '../common/contract';
import type { Result } from '../common/views';

/*
 * The preload exposes exactly one object, `window.deskbell`: the contract's
 * generic invoke and on. Nothing of Electron or Node crosses over, and the
 * IPC event object (which carries the sender) never reaches the page.
 *
 * Channel names: keep equal to main/electron/channels.ts (a test compares them).
 * Only types are imported from common, so no runtime code (zod) is bundled here:
 * a sandboxed preload must stay one small self-contained script.
 */
const INVOKE_CHANNEL = 'deskbell:invoke';
const EVENT_CHANNEL = 'deskbell:event';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  listeners.get(name)?.forEach((fn) => fn(payload));
});

const api = {
  /** Calls a contract method; the main process validates the arguments and answers a Result. */
  invoke<M extends MethodName>(method: M, args: MethodArgs[M]): Promise<Result<MethodResults[M]>> {
    return ipcRenderer.invoke(INVOKE_CHANNEL, method, args) as Promise<Result<MethodResults[M]>>;
  },
  /** Subscribes to a contract event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void {
    if (typeof event !== 'string' || typeof handler !== 'function') return () => {};
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const fn = handler as Listener;
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  },
} satisfies DeskbellApi;

/** The type of `window.deskbell`, derived from the object the preload exposes. */
export type PreloadApi = typeof api;

contextBridge.exposeInMainWorld('deskbell', api);
