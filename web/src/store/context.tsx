// The store reaches components through a context (so tests and the page each make their own)
// and is read through `useApp(selector)`; pass selectors from ./selectors.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './store';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for effects that read per-frame data with getState(). */
export function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStoreApi: no <StoreProvider> above this component');
  return store;
}

/** Read the store through a (module-level) selector. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useStoreApi(), selector);
}
