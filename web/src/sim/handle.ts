// What every class around one of the engine's wasm handles shares (the buffer and library
// runs, ./engine's RunBase, and the streamed trace, ./trace's TraceRun): the handle, its
// report parsed from JSON, its simulated time, and freeing its memory.

/** The wasm-bindgen methods every handle the page holds has. */
export interface WasmHandle {
  nowSeconds(): number;
  reportJson(): string;
  free(): void;
}

/** One wasm handle, typed: `R` is the report it gives. */
export abstract class Handle<S extends WasmHandle, R> {
  protected constructor(protected readonly sim: S) {}

  report(): R {
    return JSON.parse(this.sim.reportJson()) as R;
  }
  free(): void {
    this.sim.free();
  }
}
