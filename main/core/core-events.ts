/**
 * The core's typed event emitter: the `on` half of the contract. Listeners
 * are isolated from each other and from the core — a host's handler that
 * throws must not stop the next listener, nor the poll or relay event that
 * caused the emission.
 */
import type { EventName, EventPayloads } from '../../common/contract';

/** Emits one contract event; handed to the inbox, outbox and connection tracker. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

type Handler<E extends EventName> = (payload: EventPayloads[E]) => void;

/** A typed emitter over the contract's events. */
export class CoreEvents {
  private readonly handlers = new Map<EventName, Set<Handler<EventName>>>();

  constructor(private readonly onListenerError: (event: EventName, err: unknown) => void = () => {}) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    const h = handler as Handler<EventName>;
    set.add(h);
    return () => {
      set.delete(h);
    };
  }

  /** Calls every handler of `event` with `payload`. Never throws. */
  readonly emit: EmitEvent = (event, payload) => {
    const set = this.handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(payload as EventPayloads[EventName]);
      } catch (err) {
        this.onListenerError(event, err);
      }
    }
  };

  /** Drops every subscription (on stop). */
  clear(): void {
    this.handlers.clear();
  }
}
