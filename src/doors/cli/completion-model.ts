import type { Registry } from '../../engine/registry.js';
import type { FlagInfo } from '../../engine/flags.js';
import { SANDBOX_MODES } from '../../sandbox/policy.js';

// What a shell completes, built from the command registry (commands and their flags as defined), the
// global options and the CLI's entry points; the shell scripts are generated from it.
export interface CompletionFlag {
  readonly long: string; // without dashes
  readonly short?: string; // one letter, without the dash
  readonly description: string;
  readonly value: boolean;
  readonly choices?: readonly string[];
  // What the value names: a file or a folder (completed from the file system).
  readonly path?: 'file' | 'dir';
}

export interface CompletionCommand {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly CompletionFlag[];
  // Words that may follow the name (`policy list`, `completion bash`).
  readonly words?: readonly string[];
}

export interface CompletionModel {
  readonly commands: readonly CompletionCommand[];
  readonly globals: readonly CompletionFlag[];
}

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const FILE_FLAGS: ReadonlySet<string> = new Set(['file', 'path', 'files', 'config']);
const DIR_FLAGS: ReadonlySet<string> = new Set(['dir', 'workspace']);

function fromFlag(flag: FlagInfo): CompletionFlag {
  const value = flag.kind !== 'boolean';
  const path = !value || flag.kind === 'json' ? undefined : DIR_FLAGS.has(flag.cli) ? 'dir' : FILE_FLAGS.has(flag.cli) ? 'file' : undefined;
  return { long: flag.cli, description: flag.description, value, ...(flag.choices ? { choices: flag.choices } : {}), ...(path ? { path } : {}) };
}

const flag = (long: string, description: string, extra: Partial<CompletionFlag> = {}): CompletionFlag => ({ long, description, value: false, ...extra });

// The global options (src/doors/global-options.ts), with the words the help gives them.
const GLOBALS: readonly CompletionFlag[] = [
  flag('workspace', 'workspace root; every path is jailed to it', { short: 'C', value: true, path: 'dir' }),
  flag('json', 'print one JSON result envelope on stdout'),
  flag('session', 'share read stamps and denial counts across calls with this ID', { value: true }),
  flag('allow', 'permission rule: allow a pattern', { value: true }),
  flag('ask', 'permission rule: ask for a pattern', { value: true }),
  flag('deny', 'permission rule: deny a pattern', { value: true }),
  flag('yes', 'approve every ask decision that is not safety-immune', { short: 'y' }),
  flag('allow-unsafe', 'let a command the danger classifier blocks run'),
  flag('sandbox', 'OS sandbox for exec and test', { value: true, choices: SANDBOX_MODES }),
  flag('sandbox-network', 'let sandboxed commands use the network (127.0.0.1 too, no unix sockets)'),
  flag('pass-env', 'let exec and test see a hidden environment variable', { value: true }),
  flag('help', 'help; codeward COMMAND --help for one command', { short: 'h' }),
  flag('version', 'print the version', { short: 'V' }),
];

// The entry points that are not engine commands; their options are their own doors' (see their --help).
function entryPoints(registry: Registry): CompletionCommand[] {
  return [
    {
      name: 'agent',
      summary: 'coder mode: an LLM works through the commands',
      flags: [
        flag('prompt', 'run headless with this task', { short: 'p', value: true }),
        flag('provider', 'model provider', { value: true, choices: ['openai', 'anthropic', 'openai-compatible', 'ollama'] }),
        flag('model', 'model name', { short: 'm', value: true }),
        flag('base-url', 'the provider API base URL', { value: true }),
        flag('max-turns', 'stop after N turns', { value: true }),
        flag('output-format', 'headless output', { value: true, choices: ['text', 'json', 'stream-json'] }),
        flag('approval-mode', 'what runs without asking', { value: true, choices: ['ask', 'auto-edit', 'yolo'] }),
        flag('persona', 'the agent persona', { value: true }),
        flag('resume', 'resume the newest session, or the one named'),
        flag('no-stream', 'print the answer at the end, not as it streams'),
      ],
    },
    { name: 'policy', summary: 'the permission rules; the decision for one call', flags: [], words: ['list', 'check'] },
    { name: 'doctor', summary: 'what protects this workspace', flags: [] },
    { name: 'trust', summary: "trust this workspace's policy and config files", flags: [flag('revoke', 'forget the trust'), flag('list', 'the trusted workspaces')] },
    {
      name: 'mcp',
      summary: 'serve every command as an MCP tool',
      flags: [
        flag('http', 'serve over HTTP on 127.0.0.1:PORT', { value: true }),
        flag('token-file', 'the bearer token file', { value: true, path: 'file' }),
        flag('max-result-bytes', 'cap each tool result at N bytes', { value: true }),
      ],
    },
    {
      name: 'worker',
      summary: 'join an iii engine as the coder::* worker',
      flags: [
        flag('config', 'the worker config file', { value: true, path: 'file' }),
        flag('url', 'the iii engine URL', { value: true }),
        flag('invoke', 'run one function locally', { value: true }),
        flag('payload', 'the JSON payload for --invoke', { value: true }),
        flag('manifest', 'print the functions the worker registers'),
      ],
    },
    { name: 'completion', summary: 'print a shell completion script', flags: [], words: SHELLS },
    { name: 'help', summary: 'help for a command', flags: [], words: registry.names() },
  ];
}

export function completionModel(registry: Registry): CompletionModel {
  const commands = registry.commands.map((command) => ({ name: command.name, summary: command.summary, flags: registry.flags(command).map(fromFlag) }));
  return { commands: [...commands, ...entryPoints(registry)], globals: GLOBALS };
}
