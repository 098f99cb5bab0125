// The page-wide drop target of trace files: while files are dragged over the page a frame
// says what a drop will do; a drop hands the file to the trace panel (which replays it in a
// Worker, leaving the open scenario and its run alone). Where no trace panel is shown (a
// library cache scenario, a comparison, embed mode) the frame says so and a drop does nothing.
import { useCallback } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { selectCompareOn, selectMode, selectReady } from '../store/selectors';
import { useTraceDrop } from './useTraceDrop';
import { useDisplay } from '../shared/display';

export function TraceDrop() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const mode = useApp(selectMode);
  const comparing = useApp(selectCompareOn);
  const display = useDisplay();
  const accepts = ready && mode === 'buffer' && !comparing && display !== 'embed';
  const onFile = useCallback(
    (file: File) => {
      if (accepts) store.getState().dropTrace(file);
    },
    [accepts, store],
  );
  const over = useTraceDrop(onFile);
  if (!over) return null;
  return (
    <div className="trace-drop" data-testid="trace-drop" data-accepts={accepts} aria-hidden="true">
      <p>
        {accepts
          ? 'Drop a trace file to replay it through this cache (in a worker: the run stays as it is)'
          : 'Traces replay through a buffer cache scenario: open one (not a comparison) first'}
      </p>
    </div>
  );
}
