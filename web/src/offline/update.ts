// The offline copy's news for the page (issue 30 #4): whether a new version of the site is
// waiting (a deploy since this copy was cached) and how to take it. The service worker is
// registered in main.tsx (virtual:pwa-register, vite-plugin-pwa); this module holds what it
// reported, for UpdateNotice, with no import of the virtual module (tests run without it).

type Listener = () => void;

export interface UpdateState {
  /** A new version is installed and waits for this page to reload into it. */
  waiting: boolean;
  /** The site is cached: it opens with no network from now on. */
  offlineReady: boolean;
}

let state: UpdateState = { waiting: false, offlineReady: false };
let take: (() => Promise<void>) | null = null;
const listeners = new Set<Listener>();

export const updateState = (): UpdateState => state;

export function subscribeUpdate(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function set(next: Partial<UpdateState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** The service worker found a new version; `reload` activates it and reloads the page. */
export function newVersionWaiting(reload: () => Promise<void>): void {
  take = reload;
  set({ waiting: true });
}

export const offlineReady = () => set({ offlineReady: true });

/** Reload into the new version (the page's work is in its address: ../links/autosave). */
export async function takeNewVersion(): Promise<void> {
  await take?.();
}

/** Not now: the notice goes; the new version opens on the next visit. */
export const dismissUpdate = () => set({ waiting: false });
