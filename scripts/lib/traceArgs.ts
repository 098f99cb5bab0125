// A trace file on the command line (`sim --trace`, `mrc --trace`): the options that read it,
// their checks and the format guessed from the file's first bytes — one piece of code, so the
// two commands read a trace file the same way (issue 41 #9).
import { closeSync, openSync, readSync } from 'node:fs';
import {
  guessFormat,
  TRACE_FORMATS,
  type ObjectMap,
  type TraceFormat,
  type TraceOptions,
} from '../../web/src/sim/trace';
import type { OptionSpec } from './args';

/** Bytes read from a trace's start to guess its format. */
export const HEAD_BYTES = 4096;

/**
 * The options that read a trace (`sim --trace`, `mrc --trace`): one table, so the two commands
 * read a trace file the same way (issue 41 #9). `mapDefault` is the command's own.
 */
export function traceOptions(mapDefault: ObjectMap, traceHelp: string): Record<string, OptionSpec> {
  return {
    trace: { type: 'string', value: 'FILE', help: traceHelp },
    'trace-format': {
      type: 'string',
      value: TRACE_FORMATS.join('|'),
      help: "the trace's format (default: guessed from its name and first bytes)",
    },
    'trace-params': {
      type: 'string',
      value: 'PARAMS',
      help: "a csv trace's columns, as libCacheSim's --trace-type-params (\"time-col=1, obj-id-col=2, delimiter=,, has-header=true\"; default: a header's names, else column 1)",
    },
    'trace-map': {
      type: 'string',
      value: 'direct|dense',
      help: `how the trace's object ids become blocks (default ${mapDefault})`,
    },
  };
}

/** `--trace-format` and `--trace-map` as given, checked; throws naming the option at fault. */
export function traceFlags(option: (name: string) => string | undefined): {
  format?: TraceFormat;
  map?: ObjectMap;
  params?: string;
} {
  const format = option('trace-format');
  const map = option('trace-map');
  if (format !== undefined && !TRACE_FORMATS.includes(format as TraceFormat))
    throw new Error(`--trace-format '${format}' is not one of ${TRACE_FORMATS.join(', ')}`);
  if (map !== undefined && map !== 'direct' && map !== 'dense')
    throw new Error(`--trace-map '${map}' is not direct or dense`);
  return {
    format: format as TraceFormat | undefined,
    map: map as ObjectMap | undefined,
    params: option('trace-params'),
  };
}

/** The first bytes of a file (fewer if it is shorter), for guessing its format. */
export function firstBytes(path: string, n = HEAD_BYTES): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = new Uint8Array(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/** The options a replay of `path` reads it with: the flags, the format guessed from `head`
 * when not given, and the command's own map when none is given (undefined: the engine's). */
export function traceChoice(
  flags: ReturnType<typeof traceFlags>,
  path: string,
  head: Uint8Array,
  mapDefault?: ObjectMap,
): TraceOptions {
  const map = flags.map ?? mapDefault;
  return {
    format: flags.format ?? guessFormat(path, head),
    ...(map !== undefined ? { map } : {}),
    ...(flags.params !== undefined ? { params: flags.params } : {}),
  };
}
