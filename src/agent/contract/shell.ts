// Spotting shell commands typed for the user (`$ npm test`) instead of run through a tool call. The original
// flagged any line starting with `#` or `$`, so a final summary with a `# Summary` heading was rejected; here a
// line must carry a prompt marker AND what follows must look like a command, not prose or a heading.

// Unambiguous command names: nobody starts an English sentence with them.
const COMMANDS: ReadonlySet<string> = new Set([
  'npm', 'npx', 'yarn', 'pnpm', 'node', 'deno', 'bun', 'tsc', 'eslint', 'prettier', 'vitest', 'jest',
  'python', 'python3', 'pip', 'pip3', 'pytest', 'tox', 'poetry', 'uv', 'cargo', 'rustc', 'gcc', 'javac',
  'mvn', 'gradle', './gradlew', 'dotnet', 'ruby', 'gem', 'bundle', 'rake', 'php', 'composer', 'git',
  'docker', 'kubectl', 'helm', 'terraform', 'ls', 'cd', 'rm', 'mkdir', 'rmdir', 'cp', 'mv', 'chmod',
  'chown', 'bash', 'sh', 'zsh', 'curl', 'wget', 'grep', 'rg', 'sed', 'awk', 'sudo', 'apt', 'apt-get',
  'brew', 'pwd', 'ssh', 'scp', 'tar', 'unzip', 'xargs', 'golangci-lint',
]);

// Command names that are also English words (`go to`, `make sure`, `find the bug`): they count only when
// followed by nothing or by something argument-shaped.
const AMBIGUOUS: ReadonlySet<string> = new Set([
  'export', 'go', 'make', 'find', 'cat', 'echo', 'test', 'touch', 'head', 'tail', 'sort', 'kill', 'source', 'which', 'diff',
]);

// Second words that make an ambiguous command a command (`go test`, `make build`).
const SUBCOMMANDS: ReadonlySet<string> = new Set([
  'test', 'build', 'run', 'install', 'vet', 'mod', 'get', 'clean', 'all', 'check', 'fmt', 'lint', 'tidy', 'generate', 'ci', 'dev',
]);

const PATH_COMMAND = /^(?:\.{1,2}|~)?\/[\w.@/+-]+$/;
const PROMPT_WORD = /^[a-z_.~/][\w.~/+-]*$/;

function argumentShaped(word: string): boolean {
  return SUBCOMMANDS.has(word) || /^[-./~$"'`]/.test(word) || /[/=]|\.\w/.test(word);
}

function commandLooking(words: readonly string[]): boolean {
  const [first, second] = words;
  if (first === undefined) return false;
  if (COMMANDS.has(first) || PATH_COMMAND.test(first)) return true;
  return AMBIGUOUS.has(first) && (second === undefined || argumentShaped(second));
}

function wordsAfter(line: string, prefixLength: number): string[] {
  return line.slice(prefixLength).trim().split(/\s+/).filter((word) => word !== '');
}

// True when the trimmed line is `$ cmd`, `> cmd` or `run: cmd` with a command-looking `cmd`.
export function isLooseShellLine(trimmed: string): boolean {
  if (/^\$\s/.test(trimmed)) {
    // A `$ ` prompt is a strong signal on its own; only reject what cannot be a command (`$ 5 per seat`).
    const [first] = wordsAfter(trimmed, 1);
    return first !== undefined && PROMPT_WORD.test(first);
  }
  if (trimmed.startsWith('>') && !trimmed.startsWith('>>')) return commandLooking(wordsAfter(trimmed, 1));
  const run = /^run:/i.exec(trimmed);
  return run !== null && commandLooking(wordsAfter(trimmed, run[0].length));
}

// The command a loose-shell line typed, without its prompt marker (`$ npm test` → `npm test`).
export function commandOf(line: string): string {
  return line.trim().replace(/^(?:\$|>|run:)\s*/i, '');
}

export function findLooseShell(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(isLooseShellLine);
}
