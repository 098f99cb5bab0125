// The store's playback actions (../store): step (one access, phase or statement), back,
// run to the end, reset, seek, cancel a long operation, the animation loop's `advance`, play
// and pause, the speed, and the selection in the views.
import { doneOf, leadOf, totalOf } from './compare';
import { resetPair } from './lockstep';
import { speedOf, type Runner } from './runner';
import { NARRATE_MAX_SPEED, SPEEDS, type AppState } from './state';

type PlaybackActions = Pick<
  AppState,
  | 'step'
  | 'stepExecution'
  | 'stepBack'
  | 'runToEnd'
  | 'reset'
  | 'seek'
  | 'cancel'
  | 'dismissRunError'
  | 'advance'
  | 'play'
  | 'pause'
  | 'togglePlay'
  | 'setSpeed'
  | 'select'
  | 'selectBucket'
  | 'markChain'
>;

export function playbackActions(r: Runner): PlaybackActions {
  const { get, set, stopTask, guard, pairOf, putPair, papers, narrated, note } = r;
  const { longJump, stepNarrated, jump, selectIn } = r;
  return {
    step() {
      stopTask();
      set({ playing: false });
      guard(() => stepNarrated('one'));
    },

    stepExecution() {
      stopTask();
      set({ playing: false });
      guard(() => stepNarrated('unit'));
    },

    stepBack() {
      stopTask();
      const pair = pairOf();
      set({ playing: false });
      const lead = pair ? leadOf(pair.a, pair.b) : 0;
      if (!pair || lead === 0) return;
      const target = lead - 1;
      guard(() => jump(target, `stepped back to #${target}: replayed exactly from a snapshot`));
    },

    runToEnd() {
      const pair = pairOf();
      set({ playing: false });
      if (!pair || doneOf(pair.a, pair.b)) return Promise.resolve();
      const end = totalOf(pair.a, pair.b);
      return longJump(end, 'running to the end', 'ran to the end without narration');
    },

    reset() {
      stopTask();
      const pair = pairOf();
      set({ playing: false });
      if (!pair) return;
      guard(() => {
        const back = resetPair(pair, papers());
        putPair(back, {
          animate: false,
          narration: [note('reset', 'back to the start', '', back.a)],
          narrationB: back.b ? [note('reset', 'back to the start', '', back.b)] : [],
        });
      });
    },

    seek(position) {
      const pair = pairOf();
      if (!pair) return Promise.resolve();
      const target = Math.max(0, Math.min(totalOf(pair.a, pair.b), Math.round(position)));
      set({ playing: false });
      // back: replayed from the nearest snapshot, a bounded stretch; forward: in slices
      if (target <= leadOf(pair.a, pair.b)) {
        stopTask();
        guard(() => jump(target, null));
        return Promise.resolve();
      }
      return longJump(target, `seeking to #${target.toLocaleString('en')}`, null);
    },

    cancel() {
      const { busy } = get();
      if (!busy) return;
      stopTask();
      const sim = get().sim;
      if (!sim) return;
      const at = `#${sim.position.toLocaleString('en')}`;
      set(narrated([note('cancelled', `${busy.what} stopped at ${at}`, '', sim)]));
    },

    dismissRunError() {
      set({ runError: null });
    },

    advance(n, budgetMs) {
      const pair = pairOf();
      if (!pair || doneOf(pair.a, pair.b)) {
        set({ playing: false });
        return;
      }
      const lead = leadOf(pair.a, pair.b);
      const total = totalOf(pair.a, pair.b);
      const speed = speedOf(get());
      if (speed <= NARRATE_MAX_SPEED) {
        guard(() => stepNarrated('one', n));
      } else {
        const last = get().narration[get().narration.length - 1];
        const fast = 'fast playback';
        if (last?.title !== fast) {
          set(
            narrated([
              note(
                fast,
                'playing too fast to narrate',
                `≤ ${NARRATE_MAX_SPEED} steps/s narrates every step`,
              ),
            ]),
          );
        }
        guard(() => jump(Math.min(total, lead + n), null, budgetMs));
      }
      const after = pairOf();
      if (after && doneOf(after.a, after.b)) set({ playing: false });
    },

    play() {
      stopTask();
      const pair = pairOf();
      if (!pair) return;
      if (doneOf(pair.a, pair.b)) get().reset();
      set({ playing: true });
    },

    pause() {
      set({ playing: false });
    },

    togglePlay() {
      if (get().playing) get().pause();
      else get().play();
    },

    setSpeed(index) {
      set({ speed: Math.max(0, Math.min(SPEEDS.length - 1, Math.round(index))) });
    },

    select(buf) {
      selectIn('buffer', buf);
    },

    selectBucket(bucket) {
      selectIn('library', bucket);
    },

    markChain(bucket) {
      const sim = get().sim;
      if (sim?.kind === 'buffer') set({ sim: { ...sim, bucket } });
    },
  };
}
