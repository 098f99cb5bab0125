// Stores for tests: a fresh app store over the bundled scenarios with the engine ready (the
// engine must be loaded, e.g. `beforeAll(() => loadEngineNode())`), and a bundled entry by id.
import { BUNDLED } from './scenarios';
import { createAppStore } from './store';

export const freshStore = () => {
  const store = createAppStore({ scenarios: BUNDLED });
  store.getState().engineReady('');
  return store;
};

export const bundled = (id: string) => {
  const e = BUNDLED.find((s) => s.id === id);
  if (!e) throw new Error(`no bundled scenario '${id}'`);
  return e;
};
