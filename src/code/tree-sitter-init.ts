import type { Parser as TreeSitterParser } from 'web-tree-sitter';

// web-tree-sitter keeps its WebAssembly module in a module-global; initialising it twice would swap it
// under parsers already created. The one init promise is therefore memoised on the library's own Parser
// class (the owner of that global), not in a codeward module: the shell parser and the code parsers share it.
const INIT = Symbol.for('codeward.web-tree-sitter.init');

// What the process runs before its first WebAssembly module compiles, when the embedder set one: the CLI's
// bin chooses V8's compiler tiers there (src/bin/codeward.ts), so a call that never parses loads no node:v8.
// A library embedding the engine sets none and keeps its own flags.
export const BEFORE_WASM = Symbol.for('codeward.before-wasm');

// What the process runs before the code index does bulk work (starts its parse workers, or gathers the
// entries of thousands of files), when the embedder set one: the CLI's bin sizes V8's heaps small and lets
// wasm tier up there (a call that parses one changed file keeps the flags of a short call). Synchronous:
// the workers are made in a constructor.
export const BEFORE_BULK_INDEX = Symbol.for('codeward.before-bulk-index');

export function beforeBulkIndex(): void {
  (globalThis as Record<symbol, (() => void) | undefined>)[BEFORE_BULK_INDEX]?.();
}

async function beforeWasm(): Promise<void> {
  await (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[BEFORE_WASM]?.();
}

export async function initialiseTreeSitter(ParserClass: typeof TreeSitterParser): Promise<void> {
  const holder = ParserClass as unknown as Record<symbol, Promise<void> | undefined>;
  holder[INIT] ??= beforeWasm().then(() => ParserClass.init()).catch((error: unknown) => {
    holder[INIT] = undefined;
    throw error;
  });
  await holder[INIT];
}
