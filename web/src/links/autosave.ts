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
/** How many replaced addresses a reload record keeps (see startAutosave). */
const REPLACED_KEPT = 3;

/**
 * sessionStorage key of what the tab showed when it was last hidden: `{ from, state, link }`.
 * A reload requested before the debounced write (or while the address held a link the user
 * had not answered, a damaged one or the bare URL) loads the address as it was *before* the
 * pagehide flush — the flush comes too late for it — so the load that finds its own address in
 * `from` opens `state` instead, and asks about `link` again (issue 29 #8).
 */
export const RELOAD_KEY = 'cachesim.reload';

interface ReloadRecord {
  /**
   * The addresses a reload of which should open `state`: the address when the page was
   * hidden, before the flush — and the ones of earlier hides of the same state (a reload fires
   * pagehide, then visibilitychange: the second finds the address already written).
   */
  from: string[];
  /** The tab's own state, as a fragment without '#'. */
  state: string;
  /** A link the tab was asking about (its fragment), to ask again. */
  link: string | null;
}

/** What a page load opens, and a link to ask about once it is open. */
export interface Startup {
  hash: string;
  link: string | null;
}

/** A reload record from its JSON, or null when it is not one. */
function readRecord(text: string | null | undefined): ReloadRecord | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<ReloadRecord>;
    if (!Array.isArray(r.from) || typeof r.state !== 'string') return null;
    const from = r.from.filter((f): f is string => typeof f === 'string');
    return { from, state: r.state, link: typeof r.link === 'string' ? r.link : null };
  } catch {
    return null;
  }
}

/** The reload record this load was meant for (it is read once, and removed). */
function takeReloadRecord(env: AutosaveEnv): ReloadRecord | null {
  try {
    const text = env.storage?.getItem(RELOAD_KEY);
    env.storage?.removeItem(RELOAD_KEY);
    const r = readRecord(text);
    return r && r.from.includes(env.location.href) ? r : null;
  } catch {
    return null;
  }
}

/**
 * What a page load opens: what the tab showed when this same address was last hidden (a
 * reload), else the address's own fragment, else what this tab kept in its sessionStorage
 * because it was too long for the address.
 */
export function startup(env: AutosaveEnv): Startup {
  const reload = takeReloadRecord(env);
  if (reload) return { hash: `#${reload.state}`, link: reload.link };
  return { hash: startupHash(env), link: null };
}

/**
 * The fragment a page load opens from the address: its own, else what this tab kept in its
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
  /**
   * The addresses the last few writes replaced. A reload asked for just before a debounced
   * write loads the address as it was, while the page goes on and writes the new one before
   * it is hidden: a reload of these opens the tab's state too (see RELOAD_KEY; the persist
   * spec lost an edit this way about one time in four).
   */
  const replaced: string[] = [];
  const write = () => {
    const next = addressFor(store.getState(), env.location.href, defaultId);
    if (!next) return;
    try {
      if (next.kept === null) env.storage?.removeItem(SESSION_KEY);
      else env.storage?.setItem(SESSION_KEY, next.kept);
    } catch {
      // A full or disabled sessionStorage: the address still holds what fits.
    }
    if (next.url !== env.location.href) {
      replaced.push(env.location.href);
      if (replaced.length > REPLACED_KEPT) replaced.shift();
      env.history.replaceState(null, '', next.url);
    }
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
    /** Write what is pending now. */
    flush: () => writer.flush(),
    /**
     * The page is being hidden or unloaded: write what is pending, and keep what the tab shows
     * for a reload of the address it had until now (see RELOAD_KEY).
     */
    hide: () => {
      const from = env.location.href;
      writer.flush();
      const s = store.getState();
      const shared = s.sharedState();
      try {
        // a plain visit (the default scenario, unedited, at its start) has nothing to keep:
        // a reload opens the address (a bad link's message again, say)
        if (!shared || (isPlain(s, defaultId) && !s.pendingLink))
          env.storage?.removeItem(RELOAD_KEY);
        else {
          const link = s.pendingLink ? s.pendingLink.hash : null;
          const state = encodeState(shared);
          const earlier = readRecord(env.storage?.getItem(RELOAD_KEY));
          const kept =
            earlier && earlier.state === state && earlier.link === link ? earlier.from : [];
          const record: ReloadRecord = {
            from: [...new Set([...kept, ...replaced, from])],
            state,
            link,
          };
          env.storage?.setItem(RELOAD_KEY, JSON.stringify(record));
        }
      } catch {
        // A full or disabled sessionStorage: the address still holds what fits.
      }
    },
    stop: () => {
      writer.cancel();
      stop();
    },
  };
}
