// What a command-line tool echoes of its input goes to a terminal: a control character in a
// file name or an engine message (ESC starts a terminal escape sequence, BEL rings) is shown
// escaped, never sent raw (issue 29, finding 14).

/** `text` with C0 controls other than newline and tab, DEL, the C1 controls and the bidi
 *  overrides and isolates escaped as `\xNN` / `\u{NNNN}`. */
export function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => {
      const n = c.charCodeAt(0);
      return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u{${n.toString(16)}}`;
    },
  );
}
