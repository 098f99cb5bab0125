// A sweep's worker thread under Node (`npm run -s sweep --jobs N`, the tests, the benchmark):
// the same points, on its own copy of the engine, as the page's sweep.worker.ts.
import { serveThread } from '../shared/nodePool';
import { setupPoint } from './sweep';

serveThread(setupPoint);
