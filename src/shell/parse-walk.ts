// Walks a tree-sitter-bash tree and collects every simple command that can run: lists, pipelines,
// subshells, groups, substitutions, process substitutions, control-flow bodies, function bodies, and
// the strings that wrappers hand to a shell (`bash -c`, `eval`, `su -c`, here-documents and text piped
// into a shell), parsed again, depth-limited.
import type { Parser as TreeSitterParser } from 'web-tree-sitter';
import { copyTree, type SyntaxNode as Node } from './parse-syntax.js';
import type { Redirection, ShellWord, SimpleCommand } from './parse-types.js';
import { staticStdout } from './parse-stdin.js';
import { DECLARATIONS, LOOPS, REDIRECT_TYPES, WORD_TYPES, linearise, pipelineStages, type Statement } from './parse-walk-tree.js';
import { UNKNOWN, childScope, clip, opaque, prefixWord, scriptText, staticWord, type Scope } from './parse-walk-values.js';
import { groupWords, readWords } from './parse-words.js';
import { languageOf, spawnedCommands } from './parse-inline.js';
import { Planner, baseName, previewOf } from './parse-plan.js';
import { readRedirects } from './parse-walk-redirects.js';
import { WalkState } from './parse-walk-state.js';
import { runtimeArithmetic } from './parse-arith.js';
import { hiddenScripts } from './parse-hidden.js';

// Input lines of `xargs -I{} sh -c {}` read into the script (each is one more parse).
const MAX_XARGS_LINES = 8;

export interface WalkLimits {
  // Nesting of shell strings and substitutions (`bash -c "$(eval ...)"`).
  readonly maxDepth: number;
  // Syntax-tree nesting the walker follows (subshells in subshells ...).
  readonly maxNodeDepth: number;
  // Wrappers stripped from one command (`nice nice nice ... rm`).
  readonly maxWrappers: number;
}



export class Walker {
  readonly commands: SimpleCommand[] = [];
  readonly redirections: Redirection[] = [];
  readonly errors: string[] = [];
  readonly functions = new Set<string>();
  readonly assignments: { name: string; text: string }[] = [];
  readonly arithmetic: string[] = [];
  private pipeIds = 0;
  private readonly state: WalkState = new WalkState((node, scope) => this.substitution(node, scope));
  private nodeDepth = 0;
  private readonly planner: Planner;

  constructor(
    private readonly parser: TreeSitterParser,
    private readonly limits: WalkLimits,
  ) {
    this.planner = new Planner({ maxWrappers: limits.maxWrappers, error: (message) => this.error(message), writtenFile: (path) => this.state.writtenFile(path) });
  }

  private error(message: string): void {
    if (!this.errors.includes(message)) this.errors.push(message);
  }

  // Parses and walks one script (the top-level line, or a string a shell runs).
  script(source: string, scope: Omit<Scope, 'source'>): void {
    if (scope.depth > this.limits.maxDepth) {
      this.error(`nesting deeper than ${this.limits.maxDepth} levels (shell strings and substitutions) was not followed`);
      this.commands.push(opaque(source, { ...scope, source }));
      return;
    }
    const tree = this.parser.parse(source);
    if (!tree) {
      this.error('the shell parser gave no tree');
      return;
    }
    let root: Node;
    try {
      if (tree.rootNode.hasError) this.error(scope.depth === 0 ? 'the command line has syntax errors' : `a nested shell string has syntax errors: ${clip(source)}`);
      root = copyTree(tree, source);
    } finally {
      tree.delete();
    }
    for (const text of runtimeArithmetic(root)) if (!this.arithmetic.includes(text)) this.arithmetic.push(text);
    this.node(root, { ...scope, source }, undefined);
    // Substitutions the grammar left as text (`${x#$(cmd)}`, backticks in a here-document) run too.
    for (const inner of hiddenScripts(root)) this.script(inner, { ...scope, depth: scope.depth + 1, pipes: [], background: false, substituted: true });
  }

  // Walks a statement; returns its static stdout when known (for the next pipeline stage).
  private node(node: Node, scope: Scope, stdin: string | undefined): string | undefined {
    if (this.nodeDepth >= this.limits.maxNodeDepth) {
      this.error(`syntax nested deeper than ${this.limits.maxNodeDepth} levels was not followed`);
      return undefined;
    }
    this.nodeDepth++;
    try {
      return this.dispatch(node, scope, stdin);
    } finally {
      this.nodeDepth--;
    }
  }

  private dispatch(node: Node, scope: Scope, stdin: string | undefined): string | undefined {
    switch (node.type) {
      case 'command':
        return this.command(node, scope, [], stdin);
      case 'redirected_statement': {
        const body = node.childForFieldName('body')?.type;
        if (body !== 'list' && body !== 'pipeline') return this.redirected(node, scope, stdin, []);
        if (body === 'pipeline') {
          this.pipeline(linearise(node, 'pipeline').map((stage) => (s: Scope, input: string | undefined) => this.statement(stage, s, input)), scope);
          return undefined;
        }
        for (const item of linearise(node, 'list')) this.statement(item, scope, stdin);
        return undefined;
      }
      case 'pipeline':
        this.pipeline(linearise(node, 'pipeline').map((stage) => (s: Scope, input: string | undefined) => this.statement(stage, s, input)), scope);
        return undefined;
      case 'list':
        for (const item of linearise(node, 'list')) this.statement(item, scope, stdin);
        return undefined;
      case 'function_definition': {
        const name = node.childForFieldName('name')?.text ?? '';
        this.functions.add(name);
        const body = node.childForFieldName('body');
        if (body) this.node(body, { ...scope, functionName: name, pipes: [], background: false }, undefined);
        return undefined;
      }
      case 'for_statement':
        this.forLoop(node, scope);
        return undefined;
      case 'variable_assignment':
        this.assignments.push({ name: this.assignment(node, scope, true).name, text: node.text });
        return undefined;
      case 'command_substitution':
      case 'process_substitution':
        this.substitution(node, scope);
        return undefined;
      case 'comment':
        return undefined;
      case 'ERROR':
        this.recover(node, scope);
        return undefined;
      default:
        if (DECLARATIONS.has(node.type)) {
          this.declaration(node, scope);
          return undefined;
        }
        this.children(node, LOOPS.has(node.type) ? { ...scope, loop: true } : scope, stdin);
        return undefined;
    }
  }

  private children(node: Node, scope: Scope, stdin: string | undefined): void {
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!child || !child.isNamed) continue;
      const next = children[i + 1];
      const background = next !== null && next !== undefined && !next.isNamed && next.type === '&';
      this.node(child, background ? { ...scope, background: true } : scope, stdin);
    }
  }

  private pipeline(stages: Array<(scope: Scope, stdin: string | undefined) => string | undefined>, scope: Scope): void {
    const id = ++this.pipeIds;
    let stdin: string | undefined;
    stages.forEach((stage, index) => {
      stdin = stage({ ...scope, pipes: [...scope.pipes, { id, index, size: stages.length }] }, stdin);
    });
  }

  private substitution(node: Node, scope: Scope): SimpleCommand[] {
    const start = this.commands.length;
    if (scope.depth + 1 > this.limits.maxDepth) {
      this.error(`nesting deeper than ${this.limits.maxDepth} levels (shell strings and substitutions) was not followed`);
      this.commands.push(opaque(node.text, scope));
    } else {
      this.children(node, { ...scope, depth: scope.depth + 1, pipes: [], background: false, substituted: true }, undefined);
    }
    return this.commands.slice(start);
  }

  // `a=1`, `export a=1`: walks the value's substitutions and records its static values.
  private assignment(node: Node, scope: Scope, record: boolean): { name: string; word: ShellWord | undefined } {
    const name = node.childForFieldName('name')?.text ?? '';
    const valueNodes = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
    if (valueNodes.length === 1 && valueNodes[0]!.type === 'array') {
      const elements = groupWords(valueNodes[0]!.namedChildren.filter((child): child is Node => child !== null), scope.source).flatMap((group) => readWords(group, scope.source));
      const words = elements.map((raw) => this.state.resolve(raw, scope, true));
      if (record) for (const word of words) this.state.remember(name, word.candidates);
      return { name, word: undefined };
    }
    if (valueNodes.length === 0) {
      if (record) this.state.remember(name, ['']);
      return { name, word: undefined };
    }
    const raws = groupWords(valueNodes, scope.source).flatMap((group) => readWords(group, scope.source));
    const word = raws[0] ? this.state.resolve(raws[0], scope, true) : undefined;
    if (record && word) this.state.remember(name, word.candidates);
    return { name, word };
  }

  private forLoop(node: Node, scope: Scope): void {
    const variable = node.childForFieldName('variable')?.text ?? '';
    this.assignments.push({ name: variable, text: node.text.slice(0, 200) });
    const values = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
    const words = groupWords(values, scope.source).flatMap((group) => readWords(group, scope.source)).map((raw) => this.state.resolve(raw, scope, true));
    if (values.length === 0) this.state.remember(variable, [UNKNOWN]);
    for (const word of words) this.state.remember(variable, word.candidates);
    const body = node.childForFieldName('body');
    if (body) this.node(body, { ...scope, loop: true }, undefined);
  }

  // export / declare / local / readonly / typeset / unset: recorded as a command, assignments remembered.
  private declaration(node: Node, scope: Scope): void {
    const keyword = node.child(0);
    const words: ShellWord[] = [staticWord(keyword?.text ?? '')];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') {
        const { name, word } = this.assignment(child, scope, true);
        words.push(word ? prefixWord(`${name}=`, word) : staticWord(child.text));
      } else {
        for (const raw of readWords([child], scope.source)) words.push(this.state.resolve(raw, scope, true));
      }
    }
    this.emit(words, [], node.text, scope, []);
  }

  // A list item or pipeline stage with the redirections the grammar hung on an enclosing node.
  private statement(item: Statement, scope: Scope, stdin: string | undefined): string | undefined {
    const { node, redirects } = item;
    if (redirects.length === 0) return this.node(node, scope, stdin);
    if (node.type === 'command') return this.command(node, scope, redirects, stdin);
    if (node.type === 'redirected_statement') return this.redirected(node, scope, stdin, redirects);
    const here = this.redirects(redirects, scope, false);
    return this.node(node, scope, here.stdin === null ? undefined : (here.stdin ?? stdin));
  }

  private redirected(node: Node, scope: Scope, stdin: string | undefined, outer: readonly Node[]): string | undefined {
    const body = node.childForFieldName('body');
    const redirects: Node[] = [...outer];
    const continuation: Node[] = [];
    const after: Node[] = [];
    // A here-string after a compound (`if ...; fi <<< x`) is a child outside the `redirect` field.
    const fielded = node.childrenForFieldName('redirect');
    const loose = node.namedChildren.filter((child) => child?.type === 'herestring_redirect' && !fielded.some((f) => f?.startIndex === child.startIndex && f.endIndex === child.endIndex));
    for (const redirect of [...fielded, ...loose]) {
      if (!redirect) continue;
      redirects.push(redirect);
      if (redirect.type !== 'heredoc_redirect') continue;
      // The grammar nests the rest of a here-document's first line inside the redirect node.
      for (const extra of redirect.namedChildren) {
        if (!extra || ['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(extra.type)) continue;
        if (REDIRECT_TYPES.has(extra.type)) redirects.push(extra);
        else if (extra.type === 'pipeline' && extra.child(0)?.type.startsWith('|')) continuation.push(...pipelineStages(extra));
        else after.push(extra);
      }
    }
    for (const child of node.namedChildren) if (child && child.type === 'ERROR') after.push(child);
    let out: string | undefined;
    const first = (s: Scope, input: string | undefined): string | undefined => {
      if (body?.type === 'command') return this.command(body, s, redirects, input);
      const here = this.redirects(redirects, s, false);
      if (body) this.node(body, s, here.stdin === null ? undefined : (here.stdin ?? input));
      return undefined;
    };
    if (continuation.length > 0) {
      this.pipeline([first, ...continuation.map((stage) => (s: Scope, input: string | undefined) => this.node(stage, s, input))], scope);
    } else {
      out = first(scope, stdin);
    }
    for (const extra of after) this.node(extra, scope, undefined);
    return out;
  }

  // Evaluates redirections (recorded for the whole line); returns the static text a here-document or
  // here-string feeds to stdin (null when a `< file` replaced it with something unknown).
  private redirects(nodes: readonly Node[], scope: Scope, shellConsumer: boolean): { list: Redirection[]; stdin: string | null | undefined } {
    const out = readRedirects(nodes, scope, shellConsumer, { resolve: (raw, s, walk) => this.state.resolve(raw, s, walk), substitution: (node, s) => this.substitution(node, s) });
    this.redirections.push(...out.list);
    return out;
  }

  // A simple command: words, wrappers, redirections, shell strings, stdin fed to a shell.
  private command(node: Node, scope: Scope, outerRedirects: readonly Node[], pipeStdin: string | undefined): string | undefined {
    const wordNodes: Node[] = [];
    const redirectNodes: Node[] = [...outerRedirects];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!child) continue;
      const field = node.fieldNameForChild(i);
      if (child.type === 'variable_assignment') this.assignment(child, scope, false);
      else if (field === 'name') wordNodes.push(...child.children.filter((part): part is Node => part !== null));
      else if (field === 'redirect' || REDIRECT_TYPES.has(child.type)) redirectNodes.push(child);
      else if (field === 'argument') wordNodes.push(child);
      else if (child.isNamed) this.node(child, scope, undefined);
    }
    // tree-sitter-bash reads `tclsh 0<f` as an argument `0` and a redirect; bash reads digits touching the
    // operator as its descriptor. Dropped as a word (the redirect then counts as stdin's: the safer reading).
    const last = wordNodes[wordNodes.length - 1];
    const touching = [...redirectNodes].find((redirect) => last !== undefined && redirect.startIndex === last.endIndex);
    if (touching && wordNodes.length > 1 && /^\d+$/.test(last!.text) && !touching.children.some((part) => part?.type === 'file_descriptor')) wordNodes.pop();
    return this.simple(wordNodes, redirectNodes, node.text, scope, pipeStdin);
  }

  // The grammar gives up on some valid lines (`{rm,-rf,/}` is a brace expansion, not a group): commands
  // are rebuilt from the pieces inside an ERROR node, everything else is walked as usual.
  private recover(node: Node, scope: Scope): void {
    const children = node.children.filter((child): child is Node => child !== null);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const next = children[i + 1];
      const braceStart = child.type === '{' && next?.type === 'command_name' && next.startIndex === child.endIndex;
      if (child.type !== 'command_name' && !braceStart) {
        if (child.isNamed) this.node(child, scope, undefined);
        continue;
      }
      const wordNodes: Node[] = braceStart ? [child] : [];
      if (braceStart) i++;
      wordNodes.push(...children[i]!.children.filter((part): part is Node => part !== null));
      while (i + 1 < children.length && WORD_TYPES.has(children[i + 1]!.type)) wordNodes.push(children[++i]!);
      const text = scope.source.slice(wordNodes[0]!.startIndex, wordNodes[wordNodes.length - 1]!.endIndex);
      this.simple(wordNodes, [], text, scope, undefined);
    }
  }

  private simple(wordNodes: readonly Node[], redirectNodes: readonly Node[], text: string, scope: Scope, pipeStdin: string | undefined): string | undefined {
    const previews = groupWords(wordNodes, scope.source).flatMap((group) => readWords(group, scope.source)).map(previewOf);
    if (previews.length === 0) {
      this.redirects(redirectNodes, scope, false);
      return undefined;
    }
    const plan = this.planner.plan(previews, 0, previews.length, []);
    const shellStdin = plan.some((item) => item.kind === 'command' && (item.stdin === 'shell' || item.stdin === 'guess'));
    // Words handed to a shell as code are parsed there; their substitutions are walked once, inside.
    const asCode = new Set<number>();
    for (const item of plan) {
      if (item.kind === 'script') asCode.add(item.index);
      if (item.kind === 'joined') for (let i = item.start; i < item.end; i++) asCode.add(i);
    }
    const words = previews.map((preview, index) => this.state.resolve(preview.raw, scope, !asCode.has(index)));
    const { list: redirections, stdin: hereStdin } = this.redirects(redirectNodes, scope, shellStdin);
    const stdin = hereStdin === null ? undefined : (hereStdin ?? pipeStdin);
    const stdinWords = stdin === undefined ? [] : stdin.split(/\s+/).filter(Boolean).slice(0, 64);
    let primary: SimpleCommand | undefined;
    for (const item of plan) {
      if (item.kind === 'command') {
        let itemWords = words.slice(item.start, item.end);
        if (item.extra) itemWords = [...itemWords, ...words.slice(item.extra[0], item.extra[1])];
        if (item.xargs) itemWords = [...itemWords, ...stdinWords.map(staticWord)];
        const program = item.stdin === 'program' ? stdin : item.programFile !== undefined ? this.state.fileText(item.programFile) : undefined;
        const runsStdin = item.stdin === 'shell' || item.stdin === 'program';
        // The program comes from the previous pipeline stage (static or not: `base64 -d x | sh`, `env | bash`).
        const piped = runsStdin && hereStdin === undefined && scope.pipes.length > 0 && scope.pipes[scope.pipes.length - 1]!.index > 0;
        const command = this.emit(itemWords, item.wrappers, text, scope, redirections, { stdinScript: runsStdin, ...(program !== undefined ? { stdinProgram: program } : {}), ...(piped ? { pipedProgram: true } : {}), ...(item.xargsCode ? { xargsCode: true } : {}) });
        primary ??= command;
        if ((item.stdin === 'shell' || item.stdin === 'guess') && stdin !== undefined) {
          this.script(stdin, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers, command.name ?? words[item.start]!.text] });
        }
        // A program read from static stdin (`python3 <<EOF`, `echo '...' | node`): the commands it spawns.
        const language = program !== undefined && command.name !== null ? languageOf(command.name) : undefined;
        if (language) {
          for (const spawned of spawnedCommands({ language, code: program! }).commands) {
            this.script(spawned, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers, command.name!] });
          }
        }
      } else if (item.kind === 'script') {
        const raw = previews[item.index]!.raw;
        let positional = item.positional ? words.slice(item.positional[0], item.positional[1]).map((word) => word.candidates[0] ?? UNKNOWN) : undefined;
        if (item.xargs && stdinWords.length > 0) positional = [...(positional ?? [UNKNOWN]), ...stdinWords];
        // `xargs -I{} sh -c '$1' _ {}`: the first static input line in place of the replace string.
        const firstLine = stdin?.split('\n').map((l) => l.trim()).find(Boolean);
        if (item.replace !== undefined && firstLine !== undefined && positional) positional = positional.map((p) => p.split(item.replace!).join(firstLine));
        const code = scriptText(raw).slice(item.skip);
        const inner = { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers], ...(positional ? { positional } : {}) };
        this.script(code, inner);
        // `echo 'rm -rf ~' | xargs -I{} sh -c {}`: each static input line in place of the replace string.
        const replace = item.replace;
        const input = item.inputFile !== undefined ? this.state.fileText(item.inputFile) : stdin;
        if (replace !== undefined && input !== undefined && code.includes(replace)) {
          for (const line of input.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, MAX_XARGS_LINES)) this.script(code.split(replace).join(line), inner);
        }
      } else if (item.kind === 'joined') {
        const joined = previews.slice(item.start, item.end).map((preview) => scriptText(preview.raw)).join(' ');
        this.script(joined, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
      } else if (item.kind === 'text') {
        this.script(item.text, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
      } else {
        this.script(this.state.fileText(item.path) ?? '', { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
      }
    }
    if (!primary || plan.length !== 1 || primary.dynamic) return undefined;
    const out = staticStdout(primary.name, primary.args, stdin);
    if (out !== undefined) this.state.rememberFiles(primary, redirections, out);
    return out;
  }

  private emit(words: readonly ShellWord[], wrappers: readonly string[], text: string, scope: Scope, redirections: readonly Redirection[], extra: Pick<SimpleCommand, 'stdinScript' | 'stdinProgram' | 'pipedProgram' | 'xargsCode'> = {}): SimpleCommand {
    const first = words[0]!;
    const unknown = first.dynamic || first.glob;
    const command: SimpleCommand = {
      name: unknown ? null : baseName(first.value),
      rawName: unknown ? null : first.value,
      args: words.slice(1).map((word) => word.value),
      dynamic: unknown || words.some((word) => word.dynamic),
      text,
      wrappers: [...scope.wrappers, ...wrappers],
      ...(scope.viaShell ? { viaShell: true } : {}),
      ...(extra.stdinScript ? { stdinScript: true } : {}),
      ...(extra.stdinProgram !== undefined ? { stdinProgram: extra.stdinProgram } : {}),
      ...(extra.pipedProgram ? { pipedProgram: true } : {}),
      ...(extra.xargsCode ? { xargsCode: true } : {}),
      ...(scope.substituted ? { substituted: true } : {}),
      words,
      redirections,
      pipes: scope.pipes,
      background: scope.background,
      ...(scope.functionName === undefined ? {} : { functionName: scope.functionName }),
      loop: scope.loop,
      depth: scope.depth,
    };
    this.commands.push(command);
    if (command.name === 'set' && command.args[0] === '--') this.state.positional = [UNKNOWN, ...words.slice(2).map((word) => word.candidates[0] ?? UNKNOWN)];
    return command;
  }
}

