// Autosave: the tab's address always holds what it shows — the scenario (both, comparing) and the position, as
// the same `#v1=` fragment Copy link makes — so a reload, a crash or a restored session opens
// the work again. Writes go through `history.replaceState` (no history entries, no
// hashchange), debounced so a burst of edits becomes one write once it settles, and a playback
// one write every two seconds.
import type { AppState } from '../store/state';
import { debounced, type Clock } from './debounce';
import { encodeState, shareUrl } from './link';
import { ADDRESS_MAX, fitsAddress } from './size';

/** What autosave touches of the page: tests pass fakes. */
export interface AutosaveEnv {
  location: { readonly href: string; readonly hash: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  /** The tab's sessionStorage (null when the browser refuses it). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  clock?: Clock;
}

interface Store {
  getState(): AppState;
  subscribe(listener: (state: AppState, prev: AppState) => void): () => void;
}

/** sessionStorage key of a state too long for the address (see ADDRESS_MAX). */
export const SESSION_KEY = 'cachesim.autosave';
export const AUTOSAVE_DELAY_MS = 400;
/** While a playback keeps moving the position, the address is still written this often. */
export const AUTOSAVE_MAX_WAIT_MS = 2000;

/**
 * The fragment a page load opens: the address's own, else what this tab kept in its
 * sessionStorage because it was too long for the address.
 */
export function startupHash(env: AutosaveEnv): string {
  if (env.location.hash && env.location.hash !== '#') return env.location.hash;
  try {
    const kept = env.storage?.getItem(SESSION_KEY);
    return kept ? `#${kept}` : env.location.hash;
  } catch {
    return env.location.hash;
  }
}

/** The state a plain visit opens anyway: nothing worth an address. */
const isPlain = (s: AppState, defaultId: string) =>
  s.scenarioId === defaultId && !s.edited && (s.sim?.position ?? 0) === 0 && !s.compare;

/** The address `s` should have (null: leave the address alone), and what to keep aside. */
export function addressFor(
  s: AppState,
  href: string,
  defaultId: string,
  limit = ADDRESS_MAX,
): { url: string; kept: string | null } | null {
  const shared = s.sharedState();
  if (!shared || s.pendingLink) return null;
  const bare = new URL(href);
  bare.hash = '';
  if (isPlain(s, defaultId)) return { url: bare.toString(), kept: null };
  const url = shareUrl(href, shared);
  if (fitsAddress(url, limit)) return { url, kept: null };
  return { url: bare.toString(), kept: encodeState(shared) };
}

/** Keep the address in step with the store until the returned `stop` is called. */
export function startAutosave(store: Store, env: AutosaveEnv, defaultId: string) {
  const write = () => {
    const next = addressFor(store.getState(), env.location.href, defaultId);
    if (!next) return;
    try {
      if (next.kept === null) env.storage?.removeItem(SESSION_KEY);
      else env.storage?.setItem(SESSION_KEY, next.kept);
    } catch {
      // A full or disabled sessionStorage: the address still holds what fits.
    }
    if (next.url !== env.location.href) env.history.replaceState(null, '', next.url);
  };
  const writer = debounced<null>(write, AUTOSAVE_DELAY_MS, env.clock, AUTOSAVE_MAX_WAIT_MS);
  const stop = store.subscribe((s, prev) => {
    if (s.pendingLink) {
      // A link waits for the user's answer: the address shows it until then.
      writer.cancel();
    } else if (prev.pendingLink) {
      // Declined (or accepted): the address shows the tab's state again at once.
      writer.schedule(null);
      writer.flush();
    } else if (
      s.current !== prev.current ||
      s.scenarioId !== prev.scenarioId ||
      s.edited !== prev.edited ||
      s.sim?.position !== prev.sim?.position ||
      s.compare?.current !== prev.compare?.current ||
      s.compare?.sim.position !== prev.compare?.sim.position
    ) {
      writer.schedule(null);
    }
  });
  return {
    /** Write what is pending now (the page is being hidden or unloaded). */
    flush: () => writer.flush(),
    stop: () => {
      writer.cancel();
      stop();
    },
  };
}
