// Compare mode's page (./Compare), loaded when a comparison starts: never part of the first
// load. Kept apart from ./lazyParts, from which the comparison's own page takes its
// panels, so that neither module imports the other.
import { loading, part } from '../shared/lazy';

/** Compare mode's page: A and B with their controls. */
export const CompareWorkspace = part(
  () => import('./Compare'),
  'CompareWorkspace',
  loading('the comparison'),
);

/** Embed mode's comparison: A and B side by side in a frame. */
export const CompareEmbed = part(
  () => import('./Compare'),
  'CompareEmbed',
  loading('the comparison'),
);
