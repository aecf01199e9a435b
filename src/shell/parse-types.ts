// The shape of a parsed shell command line, shared by the danger classifier and the permission layer.
// Everything here is plain data (no tree-sitter nodes), so a parse can be logged, compared and tested.

// One piece of a word, in source order.
export type WordPart =
  // Text after quote and backslash removal. `quoted` when it came from '...', "...", $'...' or a backslash.
  | { readonly kind: 'literal'; readonly value: string; readonly quoted: boolean }
  // An unquoted leading `~` or `~user` (tilde expansion); `user` is '' for the caller's own home.
  | { readonly kind: 'tilde'; readonly user: string }
  // `$x`, `${x}`, `${x:-y}`, `$1`, `$@` ... `values` are the static values the parse saw assigned to it
  // (flow-insensitive: every assignment anywhere before), absent when none is known.
  | { readonly kind: 'variable'; readonly name: string; readonly text: string; readonly quoted: boolean; readonly values?: readonly string[] }
  // `$(...)`, backticks, `<(...)`, `>(...)`; `commands` are every simple command inside, nested ones included.
  | { readonly kind: 'substitution'; readonly text: string; readonly process?: '<' | '>'; readonly commands: readonly SimpleCommand[] }
  // Anything else whose value is only known at run time (`$((1+2))`, `${#x}` ...).
  | { readonly kind: 'dynamic'; readonly text: string };

export interface ShellWord {
  // Source text of the word.
  readonly text: string;
  // The word with quotes and backslashes removed; dynamic parts contribute ''.
  readonly value: string;
  // Any part is only known at run time (variables, substitutions, arithmetic).
  readonly dynamic: boolean;
  // Unquoted glob characters (`*`, `?`, `[`) are present: the shell may expand it to many paths.
  readonly glob: boolean;
  readonly parts: readonly WordPart[];
  // The values the word may take: tracked variables substituted, `$HOME`/`${HOME}`/`~` rendered as a leading
  // `~`, anything unknown as the character U+0000. Usually one entry; equal to [value] for static words.
  readonly candidates: readonly string[];
}

export interface Redirection {
  // The operator token: >, >>, <, <>, &>, &>>, >|, >&, <&, <<, <<-, <<<. (`2>&1` is op '>&', fd 2, target '1'.)
  readonly op: string;
  // The explicit file descriptor (`2>` → 2), absent when implicit.
  readonly fd?: number;
  // The static target path (or the here-string's value); null when dynamic or for a here-document.
  readonly target: string | null;
  // The target as a word (candidates for tracked variables), absent for here-documents.
  readonly targetWord?: ShellWord;
  // fd duplication or closing (`2>&1`, `>&-`, `<&3`).
  readonly duplicate: boolean;
  // Writes to (or truncates) the target.
  readonly writes: boolean;
  // A here-document body or here-string value, when static.
  readonly body?: string;
  // A here-document the shell expands (unquoted delimiter, a `$` or a backquote in the body): its body
  // is the text before expansion, not what the command reads.
  readonly expands?: boolean;
  readonly text: string;
}

// One position in a pipeline: `a | b | c` gives b { index: 1, size: 3 }.
export interface PipeStage {
  readonly id: number;
  readonly index: number;
  readonly size: number;
}

export interface SimpleCommand {
  // The command name after wrappers are stripped, quotes and backslashes removed and reduced to its base
  // name (`/bin/rm` → `rm`). null when it cannot be known statically (`$cmd`, `$(echo rm)`, `/???/r?`,
  // `eval "$x"`, `bash -c "$x"`).
  readonly name: string | null;
  // The name as written after quote removal (`/bin/rm`), null with `name`.
  readonly rawName: string | null;
  // Arguments with quotes and backslashes removed; dynamic parts contribute '' (see `words`).
  readonly args: readonly string[];
  // Any word (name or argument) has expansions or substitutions.
  readonly dynamic: boolean;
  // Source text of the whole command, wrappers included (for commands from `bash -c`, the inner text).
  readonly text: string;
  // Stripped wrappers, outermost first: sudo, env, nice, timeout, xargs, find (for -exec), bash (for -c) ...
  readonly wrappers: readonly string[];
  // Came from a string run by a shell: `bash -c '...'`, `eval`, a here-document or piped text fed to a shell.
  readonly viaShell?: boolean;
  // Runs the program it reads on stdin: `bash`, `sh -s`, `source /dev/stdin`, `sudo -s`, `su`, `at now`,
  // `python3` (so `curl ... | CMD` runs downloaded code).
  readonly stdinScript?: boolean;
  // Runs a program (shell or interpreter) read from a pipe whose content is not known statically
  // (`env | bash`, `base64 -d payload | sh`).
  readonly pipedProgram?: boolean;
  // xargs whose input lines land where code is (`xargs -I{} sh -c {}`, `xargs -I% % -rf`, `-I{} python3 -c {}`).
  readonly xargsCode?: boolean;
  // The program is given more words only known at run time (xargs' or parallel's input from a file or a stream
  // that is not a literal text, red team R15-1): appended, or in place of `replace` (`xargs -I{}`). Deny and ask
  // rules read them as a hole (shell-subjects.ts); `source` says where they come from.
  // `appended`: how many of the last words are a static stdin's words the parse appended anyway (for the immune
  // classes); rules read them as part of the hole.
  readonly input?: { readonly source: string; readonly replace?: string; readonly appended: number };
  // A program the planner does not know (`tini -- sh -c '...'`, `op run -- eval '...'`): the words from each
  // argument that names a program starting a command, parsed as a line of their own (parse-launch-guess.ts).
  // Not part of `commands`: only the safety-immune judge reads them (immune-words.ts).
  readonly launches?: readonly ShellParse[];
  // Runs inside a command or process substitution (its output becomes words or a file name).
  readonly substituted?: boolean;
  // A launcher's word only known at run time that may be an option running a program (`tar -cf a.tar "$X"`,
  // `tar -czf a.tgz *`; parse-launch-runtime.ts): this command stands for it (name null), and this says why.
  readonly runtime?: string;
  // The program text an interpreter reads from static stdin (`python3 <<EOF ... EOF`) or from a script
  // file this same line wrote (`echo ... > x.py; python3 x.py`), when known.
  readonly stdinProgram?: string;
  // Its python or js inline code uses a name the closed reader does not know (inline-names.ts): why. Set after the
  // parse by inline-names-mark.ts.
  readonly inlineNames?: string;
  // The name word followed by the argument words (words[0] is the name; absent only for `name` null
  // commands built from a shell string that could not be parsed).
  readonly words: readonly ShellWord[];
  // Redirections attached to this command (also listed in ShellParse.redirections).
  readonly redirections: readonly Redirection[];
  // Enclosing pipeline stages, outermost first; empty when not in a pipeline.
  readonly pipes: readonly PipeStage[];
  // The variables the line sets in the command's environment (exported earlier on the line, its prefix
  // assignments, an enclosing command's, `env NAME=VALUE` before it): `value` with run-time parts as '', `dynamic`
  // when any part is only known at run time, `candidates` as ShellWord's. Absent when the line sets none
  // (permissions/unconfined-env.ts reads them).
  readonly env?: readonly { readonly name: string; readonly value: string; readonly dynamic: boolean; readonly candidates?: readonly string[] }[];
  // A folder change on a line that may turn on bash's cdable_vars (`shopt -s cdable_vars`, `bash -O cdable_vars`,
  // BASHOPTS, a `shopt` option only known at run time): `cd NAME` may move to the folder variable NAME names
  // (cd-operand.ts reads it as a folder only known at run time; red team R32-5).
  readonly cdableVars?: boolean;
  // A line whose bash may run its cd physical (cd-operand.ts physicalCd: `bash -P -c`, SHELLOPTS, `shopt -so physical`,
  // a #! line's `bash -P`; red team R44-b1): every cd of it is read by the kernel's rules too.
  readonly physicalCd?: boolean;
  // Run in the background with `&` (itself or an enclosing list/group).
  readonly background: boolean;
  // The innermost function definition whose body contains it.
  readonly functionName?: string;
  // Inside a while/until/for/select body or condition.
  readonly loop: boolean;
  // 0 for the top-level line, +1 per shell string / substitution nesting.
  readonly depth: number;
}

export interface ShellParse {
  readonly commands: readonly SimpleCommand[];
  readonly redirections: readonly Redirection[];
  // No ERROR or MISSING node anywhere, no limit hit.
  readonly ok: boolean;
  // Why ok is false (parse errors, nesting limit, size limit).
  readonly errors: readonly string[];
  // Names of functions defined anywhere.
  readonly functions: readonly string[];
  // Assignments that are statements of their own (`PATH=.:$PATH; ls`) or loop variables, anywhere.
  readonly assignments?: readonly { readonly name: string; readonly text: string }[];
  // Arithmetic bash evaluates on text only known at run time (`$((a))`, `[[ $(cat f) -eq 1 ]]`, `${x[i]}`,
  // `${s:n}`, `${!a}`, `x[i]=1`): a value such as 'x[$(cmd)]' runs cmd there (see parse-arith.ts).
  readonly arithmetic?: readonly string[];
  // The text that was parsed (after CR / odd-whitespace normalisation).
  readonly source: string;
  // Other readings of the same line when it contained characters a shell and a viewer may disagree on
  // (a carriage return read as a line break and as a space). Classify all of them.
  readonly alternatives?: readonly ShellParse[];
}
