// Stopping transitions. d3 declares itself free of side effects, so a bundler keeps
// d3-transition (whose side effect installs selection.transition and selection.interrupt)
// only when one of its exports is used: this module uses `interrupt`, and every view that
// animates imports it.
import { interrupt } from 'd3';

/** Stop the named (or unnamed) transitions of every element of a selection. */
export function stop(sel: { nodes(): unknown[] }, ...names: string[]): void {
  for (const node of sel.nodes()) if (node instanceof Element) stopNode(node, ...names);
}

/** Stop a node's named transitions. */
export function stopNode(node: Element, ...names: string[]): void {
  if (names.length === 0) interrupt(node);
  for (const n of names) interrupt(node, n);
}
