// How long a link may be. Two limits, for two different journeys of the URL.

/**
 * Copy link refuses a URL longer than this (characters; the fragment is ASCII, so also
 * bytes). A copied link travels: it is pasted into an address bar, a chat or a mail. Chromium
 * keeps URLs up to 2 MiB (`kMaxURLChars`) but its address bar shows and hands on at most
 * 32 KiB (`kMaxURLDisplayChars = 32 * 1024`), and Android's used to cut at 8 KiB; a longer
 * link may come out truncated at the other end, which opens as "damaged". Every bundled
 * scenario makes a link of about 1–2 KB, so 32 KiB leaves a hand-edited scenario 15× room.
 */
export const COPY_LINK_MAX = 32 * 1024;

/**
 * The address of this tab keeps the scenario (autosave, `history.replaceState`) up to this
 * many characters. It never leaves the tab, so only the browser's own limit matters:
 * Chromium refuses URLs over 2 MiB (`kMaxURLChars`) and Firefox's default
 * `network.standard-url.max-length` is 1 MiB; we stay under the smaller. Larger states go to
 * the tab's sessionStorage instead (./autosave).
 */
export const ADDRESS_MAX = 1024 * 1024;

export type SizeCheck =
  { ok: true; length: number } | { ok: false; length: number; reason: string };

const kb = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KB`;

/** Whether `url` may be offered as a link to copy, and if not, why. */
export function checkCopyLink(url: string): SizeCheck {
  const length = url.length;
  if (length <= COPY_LINK_MAX) return { ok: true, length };
  return {
    ok: false,
    length,
    reason:
      `This scenario makes a link of ${kb(length)}; links over ${kb(COPY_LINK_MAX)} get cut ` +
      'short by address bars and chat apps, and a cut link cannot be opened. ' +
      'Download the scenario as a JSON file and share the file instead.',
  };
}

/** Whether `url` fits in this tab's address. */
export const fitsAddress = (url: string, limit = ADDRESS_MAX) => url.length <= limit;
