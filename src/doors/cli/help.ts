import type { AnyCommand } from '../../engine/command.js';
import type { FlagInfo } from '../../engine/flags.js';
import type { Registry } from '../../engine/registry.js';

const GLOBAL_HELP = `Global options (before or after the command):
  -C, --workspace DIR   workspace root; every path is jailed to it (default: current directory)
  --json                print one JSON result envelope on stdout
  --session ID          share read stamps and denial counts across calls with the same ID
  --allow P, --ask P, --deny P
                        permission rules of the highest priority (repeatable)
  -y, --yes             approve every "ask" decision that is not safety-immune
  --allow-unsafe        let a command the danger classifier blocks run (humans only)
  --sandbox MODE        OS sandbox for exec and test: workspace-write (default where available), read-only, off
  --sandbox-network     let sandboxed commands use the network: this machine's 127.0.0.1 services too
                        (unix sockets stay closed to them: X11, D-Bus, local IPC)
  --pass-env NAME       let exec and test see a variable off the allow list or secret-looking (hidden by default)
  -h, --help            help; "codeward <command> --help" for one command
  -V, --version         print the version`;

function flagLine(flag: FlagInfo): string {
  const value = flag.kind === 'boolean' ? '' : flag.choices ? ` ${flag.choices.join('|')}` : ` ${flag.kind === 'json' ? 'JSON' : flag.kind === 'string' ? 'TEXT' : 'N'}`;
  const left = `  --${flag.cli}${value}`;
  const notes = [flag.required ? 'required' : '', flag.default !== undefined && flag.kind !== 'boolean' ? `default ${JSON.stringify(flag.default)}` : '']
    .filter(Boolean)
    .join(', ');
  const description = `${flag.description}${notes ? ` (${notes})` : ''}`;
  return left.length >= 26 ? `${left}\n${' '.repeat(26)}${description}` : `${left.padEnd(26)}${description}`;
}

export function commandHelp(registry: Registry, command: AnyCommand): string {
  const flags = registry.flags(command);
  const positional = command.positional ? ` [${command.positional.toUpperCase()}]` : '';
  const lines = [
    `codeward ${command.name}${positional} [flags] — ${command.summary}`,
    '',
    'Flags:',
    ...flags.map(flagLine),
    '',
    'Examples:',
    ...command.examples.map((example) => `  codeward ${example}`),
  ];
  if (command.aliases?.length) lines.push('', `Also called: ${command.aliases.join(', ')}`);
  return lines.join('\n');
}

export function generalHelp(registry: Registry, version: string): string {
  const width = Math.max(...registry.commands.map((command) => command.name.length)) + 2;
  return [
    `codeward ${version} — a safe engineering suite for AI coding agents`,
    '',
    'Usage:',
    '  codeward [global options] <command> [--flag value ...]',
    `  codeward [global options] '{"cmd":"read","args":{"file":"README.md"}}'`,
    '  codeward [global options] -          the JSON call read from stdin (no argv size limit)',
    '',
    'Commands:',
    ...registry.commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'Other entry points:',
    '  codeward agent [-p TASK] [--provider P] [--model M] [--approval-mode ask|auto-edit|yolo]',
    '                                           coder mode: an LLM works through these commands (codeward agent --help)',
    "  codeward policy list | check '<call>' | forget [N]",
    '                                           the permission rules; one call\'s decision; forget a remembered answer',
    '  codeward doctor [--verbose]              what protects this workspace: sandbox, policy, hidden files, trust',
    '  codeward trust [--revoke | --list]       trust this workspace\'s policy and config files as they are now',
    '                                           (until then they can only tighten; a change revokes the trust)',
    '  codeward mcp [--http PORT]               serve every command as an MCP tool (stdio, or HTTP on 127.0.0.1',
    '                                           with a bearer token: printed at start; --token-file F or CODEWARD_MCP_TOKEN;',
    '                                           --max-result-bytes N caps each result, default 100000, 0: no cap)',
    '  codeward serve [--idle-minutes N]        a warm engine for this workspace: later calls skip start-up',
    '                                           (same answers; stops after N idle minutes, default 10)',
    '  codeward worker [--config FILE] [--url URL] | --invoke ID --payload JSON',
    '                                           join an iii engine as the coder::* worker',
    '  codeward --metadata | --schema           the ChatCLI plugin protocol (@coder)',
    '  codeward completion bash|zsh|fish        a tab-completion script for your shell (needs codeward on PATH)',
    '',
    GLOBAL_HELP,
    '',
    'Exit status: 0 ok, 1 failure (also a search that found nothing), 2 bad arguments; exec and test exit with their',
    'process\'s own non-zero status. Errors print as "error C2xx: message".',
  ].join('\n');
}
