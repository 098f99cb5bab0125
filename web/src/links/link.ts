// Share links: the whole scenario and the playback position in the URL's fragment, versioned
// and compressed — `#v1=<lz-string of JSON {scenario, position, base?, compare?}>`. The
// fragment never reaches a server, so a link works on any static host and offline. `compare`
// (optional, so every older link reads as before) is configuration B of a comparison.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { Scenario } from '../sim/engine';

/** Configuration B of a comparison: its scenario, and the bundled one it came from, if any. */
export interface SharedCompare {
  scenario: Scenario;
  base?: string;
  /** The compare preset both configurations came from (store/compare.ts), if any. */
  preset?: string;
}

/** What a link carries. `base` names the bundled scenario it was edited from, if any. */
export interface SharedState {
  scenario: Scenario;
  position: number;
  base?: string;
  /** A comparison: configuration B (A is `scenario`), at the same position. */
  compare?: SharedCompare;
}

export const LINK_VERSION = 1;
const PREFIX = `v${LINK_VERSION}=`;

export type Decoded =
  /** `compareProblem`: the link's configuration B is malformed (A opens alone). */
  | { ok: true; state: SharedState; compareProblem?: string }
  | { ok: false; problem: string }
  /** The fragment holds no share link at all (a plain visit). */
  | { ok: 'empty' };

/** The fragment (without '#') for a state. */
export function encodeState(state: SharedState): string {
  const payload: SharedState = { scenario: state.scenario, position: state.position };
  if (state.base) payload.base = state.base;
  if (state.compare) {
    const { scenario, base, preset } = state.compare;
    payload.compare = { scenario };
    if (base) payload.compare.base = base;
    if (preset) payload.compare.preset = preset;
  }
  return PREFIX + compressToEncodedURIComponent(JSON.stringify(payload));
}

/** A full URL: `href` with its fragment replaced. */
export function shareUrl(href: string, state: SharedState): string {
  const url = new URL(href);
  url.hash = encodeState(state);
  return url.toString();
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Read a fragment (with or without its '#'). Checks the version and the shape; whether the
 * scenario itself is valid is the engine's call (the store asks it).
 */
export function decodeHash(hash: string): Decoded {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return { ok: 'empty' };
  const eq = fragment.indexOf('=');
  const version = /^v(\d+)$/.exec(eq < 0 ? fragment : fragment.slice(0, eq));
  if (!version) {
    return { ok: false, problem: 'the link is not a cachesim share link (no "#v1=…" part).' };
  }
  if (Number(version[1]) !== LINK_VERSION) {
    return {
      ok: false,
      problem: `the link is of version ${version[1]}; this site reads version ${LINK_VERSION} links.`,
    };
  }
  const body = eq < 0 ? '' : fragment.slice(eq + 1);
  let json: string | null;
  try {
    json = body ? decompressFromEncodedURIComponent(body) : null;
  } catch {
    json = null;
  }
  if (!json) {
    return {
      ok: false,
      problem: 'the link is damaged or truncated: its data does not decompress.',
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problem: 'the link is damaged or truncated: its data is not valid JSON.' };
  }
  if (!isRecord(value) || !isRecord(value.scenario)) {
    return { ok: false, problem: 'the link holds no scenario.' };
  }
  const { position, base } = value;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0) {
    return { ok: false, problem: 'the link’s playback position is not a whole number ≥ 0.' };
  }
  const state: SharedState = { scenario: value.scenario as unknown as Scenario, position };
  if (typeof base === 'string') state.base = base;
  if (value.compare === undefined) return { ok: true, state };
  const b = readCompare(value.compare);
  if (typeof b === 'string') return { ok: true, state, compareProblem: b };
  state.compare = b;
  return { ok: true, state };
}

/** A link's configuration B, or what is wrong with it. */
function readCompare(v: unknown): SharedCompare | string {
  if (!isRecord(v)) return 'its configuration B is not an object.';
  if (!isRecord(v.scenario)) return 'its configuration B holds no scenario.';
  const { base, preset } = v;
  if (base !== undefined && typeof base !== 'string')
    return 'its configuration B’s "base" is not a scenario name.';
  const b: SharedCompare = { scenario: v.scenario as unknown as Scenario };
  if (typeof base === 'string') b.base = base;
  if (typeof preset === 'string') b.preset = preset;
  return b;
}
