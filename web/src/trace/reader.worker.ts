// The trace replay's reader (./readAhead): reads the dropped file into chunks and hands them to
// the trace Worker that started it while that one's engine serves the chunks before.
import { answerReads } from './readAhead';

answerReads(self as unknown as Parameters<typeof answerReads>[0]);
