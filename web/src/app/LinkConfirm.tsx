// A link opened over unsaved work (pasted into the address bar, or a hashchange): the page
// asks before replacing anything. A <dialog> in the page, not window.confirm: it can say
// what the link holds, offer to download the work first, and it is testable.
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useStoreApi } from '../store/context';
import { DEFAULT_SCENARIO_ID } from '../store/scenarios';
import { selectLinkAnswers, selectPendingLink } from '../store/selectors';
import { downloadCurrent } from './ScenarioFiles';

export function LinkConfirm() {
  const store = useStoreApi();
  const pending = useApp(selectPendingLink);
  const { accept, decline } = useApp(useShallow(selectLinkAnswers));
  const dialog = useRef<HTMLDialogElement>(null);
  const open = pending !== null;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm"
      data-testid="link-confirm"
      aria-labelledby="link-confirm-title"
      // Escape (the dialog's cancel) keeps the work.
      onCancel={(e) => {
        e.preventDefault();
        decline();
      }}
    >
      {pending && (
        <>
          <h2 id="link-confirm-title">Replace your edited scenario?</h2>
          {pending.problem ? (
            <p>
              This link cannot be opened: {pending.problem} Opening it would show the default
              scenario <code>{DEFAULT_SCENARIO_ID}</code> instead.
            </p>
          ) : (
            <p>
              The link holds the scenario <strong>{pending.title || '(untitled)'}</strong>.
            </p>
          )}
          <p>That replaces the scenario you edited here; download yours first to keep a copy.</p>
          <div className="confirm-actions">
            <button className="btn" onClick={() => downloadCurrent(store)}>
              Download my scenario first
            </button>
            <button className="btn" data-testid="link-open" onClick={accept}>
              {pending.problem ? 'Open the default scenario' : 'Open the link'}
            </button>
            <button className="btn primary" data-testid="link-keep" autoFocus onClick={decline}>
              Keep my scenario
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
