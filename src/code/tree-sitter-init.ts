import type { Parser as TreeSitterParser } from 'web-tree-sitter';

// web-tree-sitter keeps its WebAssembly module in a module-global; initialising it twice would swap it
// under parsers already created. The one init promise is therefore memoised on the library's own Parser
// class (the owner of that global), not in a codeward module: the shell parser and the code parsers share it.
const INIT = Symbol.for('codeward.web-tree-sitter.init');

export async function initialiseTreeSitter(ParserClass: typeof TreeSitterParser): Promise<void> {
  const holder = ParserClass as unknown as Record<symbol, Promise<void> | undefined>;
  holder[INIT] ??= ParserClass.init().catch((error: unknown) => {
    holder[INIT] = undefined;
    throw error;
  });
  await holder[INIT];
}
