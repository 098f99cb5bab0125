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
  const r = { example, defines };
  if (listeners.size === 0) pending = r;
  for (const l of listeners) l(r);
}

/** Listen for requests; a request made before anyone listened is delivered at once. */
export function onRequest(l: Listener): () => void {
  listeners.add(l);
  if (pending) {
    const r = pending;
    pending = null;
    l(r);
  }
  return () => listeners.delete(l);
}
