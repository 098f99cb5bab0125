// How the page is shown: the normal workspace, presenter mode (`?present` or the header's
// button: no init.ora column, larger type, the narration as a caption, fullscreen when asked
// for) or embed mode (`?embed` with a share link's fragment: only the view, the playback bar
// and the narration, for an <iframe> on a slide). Read from the address once; presenter mode
// can then be toggled. A tiny external store, so React reads it with useSyncExternalStore.
import { useSyncExternalStore } from 'react';

export type Display = 'normal' | 'present' | 'embed';

/** The display the address asks for (`?embed` wins over `?present`). */
export function displayFromSearch(search: string): Display {
  const q = new URLSearchParams(search);
  if (q.has('embed')) return 'embed';
  if (q.has('present')) return 'present';
  return 'normal';
}

let current: Display =
  typeof location === 'undefined' ? 'normal' : displayFromSearch(location.search);
const listeners = new Set<() => void>();

export function getDisplay(): Display {
  return current;
}

export function setDisplay(next: Display): void {
  if (next === current) return;
  current = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useDisplay(): Display {
  return useSyncExternalStore(subscribe, getDisplay, getDisplay);
}

/**
 * The `<iframe>` snippet that embeds `shareHref` (a share link: the scenario and the position
 * in its fragment): the same address with `?embed`.
 */
export function embedSnippet(shareHref: string): string {
  const url = new URL(shareHref);
  url.searchParams.delete('present');
  url.searchParams.set('embed', '');
  const src = url.toString().replace('?embed=', '?embed').replace('&embed=', '&embed');
  return (
    `<iframe src="${src.replace(/"/g, '&quot;')}" title="cachesim: Oracle buffer cache simulation" ` +
    `width="960" height="600" style="border:0" allow="fullscreen; clipboard-write" loading="lazy"></iframe>`
  );
}

// Presenter mode entered with fullscreen ends when fullscreen does (Esc).
let leaveWithFullscreen = false;
if (typeof document !== 'undefined')
  document.addEventListener('fullscreenchange', () => {
    if (document.fullscreenElement || !leaveWithFullscreen) return;
    leaveWithFullscreen = false;
    if (current === 'present') setDisplay('normal');
  });

/** Presenter mode on the button: fullscreen too, where the browser allows it. */
export async function enterPresenter(): Promise<void> {
  setDisplay('present');
  try {
    if (!document.fullscreenElement && document.documentElement.requestFullscreen) {
      await document.documentElement.requestFullscreen();
      leaveWithFullscreen = true;
    }
  } catch {
    // Refused (an iframe without allow="fullscreen", a test browser): the layout still applies.
  }
}

export async function leavePresenter(): Promise<void> {
  setDisplay('normal');
  leaveWithFullscreen = false;
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
  } catch {
    // nothing to undo
  }
}
