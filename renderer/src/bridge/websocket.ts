import type { DeskbellApi, EventName, EventPayloads, MethodArgs, MethodName, MethodResults } from '../../../common/contract';
import type { Result } from '../../../common/views';
import type { Bridge, LinkStatus } from './types';

/** Options of {@link createWebSocketBridge}. */
export interface WebSocketBridgeOptions {
  /** ws://host:port/bridge?token=… */
  url: string;
  /** Injected for tests; the browser's WebSocket by default. */
  WebSocketImpl?: typeof WebSocket;
  /** Waits between reconnection attempts, in ms; the last repeats. */
  retryDelaysMs?: readonly number[];
}

type Pending = (result: Result<unknown>) => void;

const offline = (message: string): Result<never> => ({ ok: false, error: { code: 'offline', message } });

/**
 * The contract over the browser host's WebSocket. Calls made before the
 * first connection wait for it; calls made while the link is down, or in
 * flight when it drops, answer `offline` and never hang. It reconnects by
 * itself with growing waits.
 */
export function createWebSocketBridge({ url, WebSocketImpl = WebSocket, retryDelaysMs = [500, 1000, 2000, 5000] }: WebSocketBridgeOptions): Bridge {
  let socket: WebSocket | null = null;
  let status: LinkStatus = { state: 'connecting', problem: null };
  let attempt = 0;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const queued: string[] = [];
  const linkListeners = new Set<(s: LinkStatus) => void>();
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

  const setStatus = (next: LinkStatus) => {
    status = next;
    linkListeners.forEach((fn) => fn(next));
  };

  const onFrame = (text: string) => {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const f = frame as { id?: unknown; result?: Result<unknown>; event?: unknown; payload?: unknown };
    if (typeof f.event === 'string') {
      eventListeners.get(f.event)?.forEach((fn) => fn(f.payload));
    } else if (typeof f.id === 'number' && f.result) {
      pending.get(f.id)?.(f.result);
      pending.delete(f.id);
    }
  };

  const connect = () => {
    const ws = new WebSocketImpl(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus({ state: 'open', problem: null });
      queued.splice(0).forEach((frame) => ws.send(frame));
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') onFrame(e.data);
    };
    ws.onclose = () => {
      socket = null;
      pending.forEach((resolve) => resolve(offline('The link to Deskbell dropped before it answered. Try again in a moment.')));
      pending.clear();
      const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 5000;
      attempt += 1;
      setStatus({ state: 'closed', problem: 'Lost the link to Deskbell. Reconnecting…' });
      setTimeout(connect, delay);
    };
  };
  connect();

  const api: DeskbellApi = {
    invoke<M extends MethodName>(method: M, args: MethodArgs[M]): Promise<Result<MethodResults[M]>> {
      const id = nextId++;
      const frame = JSON.stringify({ id, method, args });
      // While the link is down after having been up, answer at once rather than leave the person waiting;
      // calls made during the very first connection wait for it.
      if (status.state === 'closed') return Promise.resolve(offline('No link to Deskbell right now. Try again in a moment.'));
      return new Promise((resolve) => {
        pending.set(id, resolve as Pending);
        if (socket && socket.readyState === WebSocketImpl.OPEN) socket.send(frame);
        else queued.push(frame);
      });
    },
    on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void {
      let set = eventListeners.get(event);
      if (!set) eventListeners.set(event, (set = new Set()));
      const fn = handler as (payload: unknown) => void;
      set.add(fn);
      return () => set.delete(fn);
    },
  };

  return {
    api,
    link: {
      current: () => status,
      subscribe(listener) {
        linkListeners.add(listener);
        return () => linkListeners.delete(listener);
      },
    },
  };
}

/** A bridge that never connects, for a page opened without its token. */
export function createUnreachableBridge(problem: string): Bridge {
  const status: LinkStatus = { state: 'closed', problem };
  return {
    api: {
      invoke: () => Promise.resolve(offline(problem)),
      on: () => () => {},
    },
    link: { current: () => status, subscribe: () => () => {} },
  };
}
