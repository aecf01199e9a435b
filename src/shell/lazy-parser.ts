import type { ShellParse } from './parse-types.js';
import type { ShellParser } from './parse.js';

// A ShellParser whose code (and tree-sitter grammar) loads on the first parse, so CLI calls that run no
// shell line never pay for it. One instance per engine, shared by the danger classifier and the gate.
export class LazyShellParser {
  #parser: Promise<ShellParser> | undefined;

  async parseShell(command: string): Promise<ShellParse> {
    this.#parser ??= import('./parse.js').then((module) => new module.ShellParser());
    return (await this.#parser).parseShell(command);
  }

  parse(command: string): Promise<ShellParse> {
    return this.parseShell(command);
  }
}
