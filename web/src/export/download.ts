// Hands a file to the browser's downloads (an <a download> clicked, its object URL revoked
// once the click has been taken).
export function download(filename: string, data: Blob | string, type = 'text/plain'): void {
  const blob =
    typeof data === 'string' ? new Blob([data], { type: `${type};charset=utf-8` }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name's safe form: letters, digits, `.`, `-`, `_` and `$` (V$ views) kept. */
export const fileName = (...parts: (string | number)[]) =>
  parts
    .map(String)
    .filter((p) => p !== '')
    .join('-')
    .replace(/[^A-Za-z0-9.$_-]+/g, '_');
