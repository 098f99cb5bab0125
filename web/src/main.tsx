import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { ErrorBoundary } from './shared/ErrorBoundary';
import { startAutosave, startup, type AutosaveEnv } from './links/autosave';
import { startOffline } from './offline/register';
import { loadEngine } from './sim/engine';
import { StoreProvider } from './store/context';
import { BUNDLED, DEFAULT_SCENARIO_ID } from './store/scenarios';
import { createAppStore } from './store/store';
import './styles/index.css';
import wasmUrl from './wasm/pkg/cachesim_bg.wasm?url';

const store = createAppStore({ scenarios: BUNDLED });
// the built site caches itself for offline use (./offline)
startOffline();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <ErrorBoundary>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </ErrorBoundary>
  </StrictMode>,
);

/** sessionStorage, or null where the browser refuses it (some privacy modes throw). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
const env: AutosaveEnv = { location, history, storage: sessionStore() };

loadEngine(wasmUrl).then(
  () => {
    // a reload opens what the tab showed, and asks again about a link it was asking about
    const start = startup(env);
    store.getState().engineReady(start.hash);
    if (start.link !== null) store.getState().linkArrived(start.link);
    // From now on the address follows the tab's scenario and position (./links/autosave).
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    window.addEventListener('pagehide', autosave.hide);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') autosave.hide();
    });
  },
  (e: unknown) =>
    store.getState().engineFailed(`Loading the WebAssembly engine failed: ${String(e)}`),
);

// A link pasted into the address bar of an open page: asks first over unsaved work.
// The event's own URL, not location.hash: a debounced autosave write (replaceState) can land
// between the navigation and this handler and put the tab's own state back in the address.
// A reload while it asks opens the tab's own state and asks again (./links/autosave, hide).
window.addEventListener('hashchange', (e) => store.getState().linkArrived(new URL(e.newURL).hash));
