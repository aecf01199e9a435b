// The shell parser: tree-sitter-bash (WebAssembly), loaded lazily on first use and kept by the
// ShellParser instance the caller creates (the engine set-up makes one). No module-level state. A line of
// plain words (and every string it hands a shell) is read without it (parse-plain.ts): the same tree, so
// the same parse, without loading the grammar.
import { markInlineNames } from './inline-names-mark.js';
import { createRequire } from 'node:module';
import type { Parser as TreeSitterParser } from 'web-tree-sitter';
import { initialiseTreeSitter } from '../code/tree-sitter-init.js';
import { normaliseSource } from './parse-normalize.js';
import { plainTree } from './parse-plain.js';
import { copyTree } from './parse-syntax.js';
import type { ShellParse, SimpleCommand } from './parse-types.js';
import { Walker, type ShellTrees, type WalkLimits } from './parse-walk.js';

export type { PipeStage, Redirection, ShellParse, ShellWord, SimpleCommand, WordPart } from './parse-types.js';

export interface ShellParserOptions {
  // Nesting of shell strings and substitutions followed (`bash -c "eval '...'"`); deeper is ok:false.
  readonly maxDepth?: number;
  // Syntax nesting followed (subshells in subshells ...); deeper is ok:false.
  readonly maxNodeDepth?: number;
  // Wrappers stripped from one command (`nice nice ... rm`).
  readonly maxWrappers?: number;
  // Longer command lines are not parsed (ok:false).
  readonly maxLength?: number;
  // tree-sitter-bash.wasm; default: the installed tree-sitter-bash package.
  readonly wasmPath?: string;
  // false: every line through tree-sitter, plain words too (the differential test compares both readings).
  readonly plainWords?: boolean;
}

// Thrown by the plain reader for a script it cannot read: the whole line is read again by tree-sitter.
class NotPlain extends Error {}

const PLAIN_TREES: ShellTrees = {
  tree: (source) => {
    const root = plainTree(source);
    if (!root) throw new NotPlain();
    return { root, hasError: false };
  },
};

function grammarTrees(parser: TreeSitterParser): ShellTrees {
  return {
    tree: (source) => {
      const tree = parser.parse(source);
      if (!tree) return undefined;
      try {
        return { root: copyTree(tree, source), hasError: tree.rootNode.hasError };
      } finally {
        tree.delete();
      }
    },
  };
}

const DEFAULTS = { maxDepth: 8, maxNodeDepth: 1500, maxWrappers: 32, maxLength: 1_000_000 };

export class ShellParser {
  private readonly limits: WalkLimits;
  private readonly maxLength: number;
  private readonly wasmPath: string | undefined;
  private readonly plainWords: boolean;
  private loading: Promise<TreeSitterParser> | undefined;
  private disposed = false;

  constructor(options: ShellParserOptions = {}) {
    this.limits = {
      maxDepth: options.maxDepth ?? DEFAULTS.maxDepth,
      maxNodeDepth: options.maxNodeDepth ?? DEFAULTS.maxNodeDepth,
      maxWrappers: options.maxWrappers ?? DEFAULTS.maxWrappers,
    };
    this.maxLength = options.maxLength ?? DEFAULTS.maxLength;
    this.wasmPath = options.wasmPath;
    this.plainWords = options.plainWords ?? true;
  }

  // Loads the grammar now instead of on the first parse.
  async ready(): Promise<void> {
    await this.load();
  }

  private load(): Promise<TreeSitterParser> {
    if (this.disposed) return Promise.reject(new Error('ShellParser was disposed'));
    this.loading ??= this.create().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async create(): Promise<TreeSitterParser> {
    const { Parser, Language } = await import('web-tree-sitter');
    await initialiseTreeSitter(Parser);
    const wasm = this.wasmPath ?? createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const language = await Language.load(wasm);
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  }

  // Every simple command a bash command line can run, with its redirections.
  async parseShell(command: string): Promise<ShellParse> {
    if (this.disposed) throw new Error('ShellParser was disposed');
    const { primary, alternatives } = normaliseSource(command);
    if (this.plainWords) {
      try {
        return await markInlineNames(this.read(PLAIN_TREES, primary, alternatives));
      } catch (error) {
        if (!(error instanceof NotPlain)) throw error;
      }
    }
    return markInlineNames(this.read(grammarTrees(await this.load()), primary, alternatives));
  }

  private read(trees: ShellTrees, primary: string, alternatives: readonly string[]): ShellParse {
    const main = this.parseOne(trees, primary);
    const others = alternatives.map((alternative) => this.parseOne(trees, alternative)).filter((other) => !sameCommands(main, other));
    return others.length === 0 ? main : { ...main, alternatives: others };
  }

  parse(command: string): Promise<ShellParse> {
    return this.parseShell(command);
  }

  private parseOne(trees: ShellTrees, source: string): ShellParse {
    if (source.length > this.maxLength) {
      return { commands: [], redirections: [], ok: false, errors: [`the command line is longer than ${this.maxLength} characters and was not parsed`], functions: [], source };
    }
    const scope = { depth: 0, viaShell: false, wrappers: [], loop: false, pipes: [], background: false };
    let walker = new Walker(trees, this.limits);
    walker.script(source, scope);
    // A loop variable was used as known whole, but the line has a way to set it: walked again without.
    if (!walker.wholeLoopsHeld()) {
      walker = new Walker(trees, this.limits, false);
      walker.script(source, scope);
    }
    return {
      commands: walker.commands,
      redirections: walker.redirections,
      ok: walker.errors.length === 0,
      errors: walker.errors,
      functions: [...walker.functions],
      assignments: walker.assignments,
      ...(walker.arithmetic.length > 0 ? { arithmetic: walker.arithmetic } : {}),
      source,
    };
  }

  // Frees the WebAssembly parser; later parses fail.
  async dispose(): Promise<void> {
    this.disposed = true;
    const loading = this.loading;
    this.loading = undefined;
    if (loading) (await loading.catch(() => undefined))?.delete();
  }
}

function commandKey(command: SimpleCommand): string {
  return JSON.stringify([command.name, command.args, command.wrappers, command.text]);
}

function sameCommands(a: ShellParse, b: ShellParse): boolean {
  if (a.commands.length !== b.commands.length || a.redirections.length !== b.redirections.length || a.ok !== b.ok) return false;
  if ((a.arithmetic?.length ?? 0) !== (b.arithmetic?.length ?? 0)) return false;
  return a.commands.every((command, i) => commandKey(command).replace(/\\n/g, ' ') === commandKey(b.commands[i]!).replace(/\\n/g, ' '));
}

// Every simple command of a parse, its alternative readings included (each distinct command once).
export function listSimpleCommands(parse: ShellParse): SimpleCommand[] {
  const seen = new Set<string>();
  const out: SimpleCommand[] = [];
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const key = commandKey(command);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(command);
    }
  }
  return out;
}
