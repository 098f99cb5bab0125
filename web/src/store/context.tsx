// The store reaches components through a context (so tests and the page each make their own)
// and is read through `useApp(selector)`; pass selectors from ./selectors. Inside a
// <SlotScope which="b"> (compare mode) the same components read configuration B: the store
// they get is a facade whose state is `slotState(state, 'b')` (./compare).
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { slotState, type Which } from './compare';
import type { AppState, AppStore } from './store';

const StoreContext = createContext<AppStore | null>(null);
const SlotContext = createContext<Which>('a');

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Everything inside reads and edits configuration `which` (A: the store as it is). */
export function SlotScope({ which, children }: { which: Which; children: ReactNode }) {
  return <SlotContext.Provider value={which}>{children}</SlotContext.Provider>;
}

/** The configuration the components here read. */
export const useSlot = () => useContext(SlotContext);

const facades = new WeakMap<AppStore, AppStore>();

/** The store as configuration B sees it (one facade per store, so it can key caches). */
export function storeOfB(store: AppStore): AppStore {
  let f = facades.get(store);
  if (!f) {
    const b = (s: AppState) => slotState(s, 'b');
    f = {
      ...store,
      getState: () => b(store.getState()),
      getInitialState: () => b(store.getInitialState()),
      subscribe: (listener) => store.subscribe((s, prev) => listener(b(s), b(prev))),
    };
    facades.set(store, f);
  }
  return f;
}

/** The store itself (B's facade in B's scope), for effects that read it with getState(). */
export function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  const which = useContext(SlotContext);
  if (!store) throw new Error('useStoreApi: no <StoreProvider> above this component');
  return which === 'b' ? storeOfB(store) : store;
}

/** Read the store through a (module-level) selector. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useStoreApi(), selector);
}
