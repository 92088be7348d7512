import type { DeskbellApi } from '../../common/contract';

declare global {
  interface Window {
    /** The contract, exposed by the Electron preload; absent in a plain browser. */
    deskbell?: DeskbellApi;
  }
}

export {};
