import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './app-store';

const StoreContext = createContext<AppStore | null>(null);

/** Makes a store available to the components below. */
export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Reads a slice of the app state and re-renders when it changes. */
export function useApp<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp needs an AppStoreProvider above it.');
  return useStore(store, selector);
}
