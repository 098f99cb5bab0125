import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { loadEngine } from './sim/engine';
import { StoreProvider } from './store/context';
import { BUNDLED } from './store/scenarios';
import { createAppStore } from './store/store';
import './styles/index.css';
import wasmUrl from './wasm/pkg/cachesim_bg.wasm?url';

const store = createAppStore({ scenarios: BUNDLED });

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

loadEngine(wasmUrl).then(
  () => store.getState().engineReady(location.hash),
  (e: unknown) =>
    store.getState().engineFailed(`Loading the WebAssembly engine failed: ${String(e)}`),
);

// A share link pasted into the address bar of an open page.
window.addEventListener('hashchange', () => store.getState().openHash(location.hash));
