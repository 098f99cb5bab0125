// The banner of a sampled run (docs/model.md §3.4): its figures are estimates from a spatial
// sample, and the view draws the sampled cache — the one simulated — not the full one.
import { useApp } from '../store/context';
import type { AppState } from '../store/state';

const selectSampleRate = (s: AppState): number | null => s.current?.sampling?.rate ?? null;

/** "1 %", "0.1 %": a rate as a percentage, three significant figures at most. */
export function ratePercent(rate: number): string {
  return `${Number((rate * 100).toPrecision(3))} %`;
}

export function SampledBanner() {
  const rate = useApp(selectSampleRate);
  if (rate === null) return null;
  return (
    <span
      className="badge sampled"
      role="note"
      data-testid="sampled-banner"
      data-rate={rate}
      title="A spatial sample (SHARDS): the blocks whose hash falls in this share of the hash space run through every pool scaled by the same share; the report's sampling block scales the figures back. The view draws the sampled cache."
    >
      sampled at {ratePercent(rate)}: figures are estimates, the view is the sampled cache
    </span>
  );
}
