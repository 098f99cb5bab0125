// Other panels ask the SQL console to open and run one of the bundled queries (the literal
// SQL panel runs seed 001's "Finding literal SQL" there): a tiny channel, so neither the
// store nor the asking panel loads the console's code.
export interface ConsoleRequest {
  example: string;
  defines: Record<string, string>;
}

type Listener = (r: ConsoleRequest) => void;
const listeners = new Set<Listener>();
let pending: ConsoleRequest | null = null;

/** Open the console and run `example` (with these substitution values). */
export function requestExample(example: string, defines: Record<string, string> = {}): void {
  pending = { example, defines };
  for (const l of [...listeners]) l(pending);
}

/** The request not yet served, taken (a console that just opened serves it). */
export function takeRequest(): ConsoleRequest | null {
  const r = pending;
  pending = null;
  return r;
}

export function onRequest(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
