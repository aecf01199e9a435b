import { join } from 'node:path';
import type { CommandContext } from '../engine/command.js';
import { enclosingRepository } from '../sandbox/view.js';
import type { ShellParse } from '../shell/parse-types.js';
import { parseTestSummary } from '../shell/test-summary.js';

// What exec tells the caller about a command line besides its output (issue 28): that what it put in the
// background did not outlive the call, and which codeward git tool gives what a failed git asked for.

// A `&` that is not part of `&&`, `>&`, `&>`, `|&` or `<&`: worth a parse to know whether it backgrounds.
const MAYBE_BACKGROUND = /(^|[^&>|<])&(?![&>])/;

async function parsed(command: string): Promise<ShellParse> {
  const { ShellParser } = await import('../shell/parse.js');
  const parser = new ShellParser();
  try {
    return await parser.parseShell(command);
  } finally {
    await parser.dispose();
  }
}

// The commands the line runs with `&`, as written (empty: none).
export async function backgrounded(command: string): Promise<string[]> {
  if (!MAYBE_BACKGROUND.test(command)) return [];
  const parse = await parsed(command).catch(() => undefined);
  return [...new Set((parse?.commands ?? []).filter((each) => each.background).map((each) => each.text))];
}

export function backgroundNote(commands: readonly string[]): string {
  const named = commands.slice(0, 3).map((each) => `\`${each.length > 80 ? `${each.slice(0, 77)}...` : each}\``).join(', ');
  return `${named} ran in the background (&): nothing exec starts outlives the call, so whatever of it still ran when the command line ended was stopped with it. Run it in the foreground, or start it and use it in the same command line (e.g. "server & sleep 2; curl localhost:8080")`;
}

// `git status` → the codeward call that gives it; undefined for a git command no git-* tool covers.
export function gitToolFor(command: string): string | undefined {
  const found = /(?:^|[;&|(]\s*)git\s+([a-z-]+)((?:\s+[^\s;&|)]+)*)/.exec(command.trim());
  if (!found) return undefined;
  const words = (found[2] ?? '').trim().split(/\s+/).filter((word) => word !== '');
  const flags: string[] = [];
  const afterDashes = words.indexOf('--');
  const file = afterDashes >= 0 ? words[afterDashes + 1] : undefined;
  switch (found[1]) {
    case 'status':
      return 'git-status';
    case 'branch':
      return words.some((word) => word === '-a' || word === '--all') ? 'git-branch --all' : 'git-branch';
    case 'diff':
      if (words.some((word) => word === '--cached' || word === '--staged')) flags.push('--staged');
      if (words.includes('--name-only')) flags.push('--name-only');
      if (words.includes('--stat')) flags.push('--stat');
      if (words.slice(0, afterDashes >= 0 ? afterDashes : undefined).some((word) => !word.startsWith('-'))) return undefined;
      return ['git-diff', ...flags, ...(file ? ['--file', file] : [])].join(' ');
    case 'log': {
      const count = words.map((word, index) => /^-(\d+)$/.exec(word)?.[1] ?? /^--max-count=(\d+)$/.exec(word)?.[1] ?? (word === '-n' ? words[index + 1] : undefined)).find((value) => value !== undefined);
      if (words.includes('--oneline')) flags.push('--oneline');
      return ['git-log', ...(count ? ['--limit', count] : []), ...flags, ...(file ? ['--file', file] : [])].join(' ');
    }
    default:
      return undefined;
  }
}

// After a git in the sandbox said "not a git repository" while codeward's own git tools can see the
// repository (a subfolder workspace, or git folders the sandbox hid): the exact call that gives the answer.
export function gitToolNote(ctx: CommandContext, command: string, output: string): string | undefined {
  if (!ctx.sandbox || !/not a git repository/i.test(output)) return undefined;
  const root = ctx.workspace.root;
  if (ctx.workspace.jail.lstat(join(root, '.git'), '.git') === undefined && enclosingRepository(root) === undefined) return undefined;
  const call = gitToolFor(command);
  if (call === undefined) return undefined;
  return `for this, run codeward's ${call.split(' ')[0]!} (outside the sandbox, limited to the workspace): \`codeward ${call}\` at the command line, the ${call.split(' ')[0]!} tool over MCP or in the agent`;
}

// exec's output is raw: a test run's hundreds of passing lines stay in every later request of a model's
// conversation (issue 29, live run: `exec npx tape test/*.js`, ~5 k tokens in two requests). Said when the
// output is a large test run: the test command runs the same line summarised.
const TEST_RUN_MIN_CHARS = 4000;
const TEST_RUN_MIN_TESTS = 10;

export function testRunNote(command: string, dir: string, output: string): string | undefined {
  if (output.length < TEST_RUN_MIN_CHARS) return undefined;
  const summary = parseTestSummary(output);
  if (!summary || summary.unit === 'packages' || summary.passed + summary.failed < TEST_RUN_MIN_TESTS) return undefined;
  const where = dir === '.' ? '' : ` --dir ${JSON.stringify(dir)}`;
  return `this output is a test run (${summary.passed} passed, ${summary.failed} failed, ${output.length} characters): the test command runs the same line summarised (counts, failures first, passing lines dropped): \`codeward test --cmd ${JSON.stringify(command)}${where}\` at the command line, the test tool with "cmd" over MCP or in the agent`;
}
