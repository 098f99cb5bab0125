// The guided tour: six steps, each pointing at one part of the page (outlined while it
// speaks), with Back / Next and Close (remembered: ./tourState). Loaded when it opens.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { tourStore } from '../shared/tourState';
import { useHeightVar } from '../shared/useHeightVar';

interface Step {
  title: string;
  text: string;
  /** The element the step points at. */
  target: string;
}

export const TOUR_STEPS: Step[] = [
  {
    title: 'Pick an experiment',
    text: 'Every scenario of the seeds is here: seed 000’s buffer pools and 8i touch counts, seed 001’s library cache, the I/O path of seeds 003 and 004. The seed experiments open with the paper’s figures beside the simulator’s.',
    target: '[data-testid="scenario-select"]',
  },
  {
    title: 'Step through it',
    text: 'Step one access with → (or the step button), one execution with Shift+→, play with Space; ← steps back exactly, End runs to the end. The narration says what happened and which rule and init.ora parameter made it happen.',
    target: '.playback',
  },
  {
    title: 'The replacement lists',
    text: 'Every buffer of every working set, hot head to cold tail. Click one to read its X$BH row. Each panel’s “?” says what it shows; “Export” saves it as PNG or SVG, its figures as CSV or JSON.',
    target: '[data-testid="lru-panel"]',
  },
  {
    title: 'Change the instance',
    text: 'Every init.ora parameter by its Oracle name, with its limits. A valid change rebuilds the run at the same position; Ctrl+Z undoes it. Try _db_percent_hot_default = 0 and run to the end.',
    target: '[data-testid="init-panel"]',
  },
  {
    title: 'Read the numbers',
    text: 'V$BUFFER_POOL_STATISTICS live, and the paper’s figures beside the simulator’s — which say so when your configuration is not the paper’s.',
    target: '[data-testid="pool-stats"], [data-testid="library-stats"]',
  },
  {
    title: 'Share it',
    text: 'Copy link puts the whole scenario and position into the address: whoever opens it sees the same run. “Report JSON” saves the whole run’s figures, as the command-line runner prints them.',
    target: '[data-testid="copy-link"]',
  },
];

export default function Tour() {
  const step = useStore(tourStore, (t) => t.step);
  const { go, dismiss } = tourStore.getState();
  const s = TOUR_STEPS[Math.min(step, TOUR_STEPS.length - 1)];
  const last = step >= TOUR_STEPS.length - 1;
  // Its height (and the gap above it), so that the cache and its playback bar still fit the
  // screen below it in the one-screen layouts: Play stays in view while the tour speaks.
  const ref = useRef<HTMLElement>(null);
  useHeightVar(ref, '--tour-h', 8);

  useEffect(() => {
    const el = document.querySelector(s.target);
    if (!el) return;
    el.classList.add('tour-target');
    el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    return () => el.classList.remove('tour-target');
  }, [s.target]);

  return (
    <section ref={ref} className="tour" role="dialog" aria-label="Guided tour" data-testid="tour">
      <div className="tour-body">
        <h2>
          {step + 1}. {s.title}
        </h2>
        <p>{s.text}</p>
      </div>
      <div className="tour-actions">
        <span className="tour-count">
          {step + 1} of {TOUR_STEPS.length}
        </span>
        <button className="btn small" disabled={step === 0} onClick={() => go(step - 1)}>
          Back
        </button>
        {last ? (
          <button className="btn small primary" data-testid="tour-done" onClick={dismiss}>
            Done
          </button>
        ) : (
          <button
            className="btn small primary"
            data-testid="tour-next"
            onClick={() => go(step + 1)}
          >
            Next
          </button>
        )}
        <button
          className="btn small"
          data-testid="tour-close"
          onClick={dismiss}
          aria-label="Close the tour"
        >
          Close
        </button>
      </div>
    </section>
  );
}
