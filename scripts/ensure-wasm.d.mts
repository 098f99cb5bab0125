// Types of ./ensure-wasm.mjs (plain JavaScript: it runs before node_modules may exist).
export declare const root: string;
export declare function wasmInputs(): string[];
export declare function ensureWasm(): void;
