import type { DeskbellApi } from '../../../common/contract';

/** Whether the renderer can reach the core right now. */
export type LinkState = 'connecting' | 'open' | 'closed';

/** The link to the core, with a sentence for people when it is down. */
export interface LinkStatus {
  state: LinkState;
  /** Why the link is closed, in plain words; null while connecting or open. */
  problem: string | null;
}

/** Everything the renderer uses to reach the outside world: the contract plus the link's state. */
export interface Bridge {
  api: DeskbellApi;
  link: {
    current(): LinkStatus;
    /** Called on every change; returns the function that unsubscribes. */
    subscribe(listener: (status: LinkStatus) => void): () => void;
  };
}
