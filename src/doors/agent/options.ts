import { parseArgs } from 'node:util';
import { fail } from '../../engine/errors.js';
import { isSessionId } from '../../agent/session/transcript.js';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export const APPROVAL_MODES = ['ask', 'auto-edit', 'yolo'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export interface AgentCliOptions {
  readonly task: string | undefined;
  readonly headless: boolean;
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly maxTurns?: number;
  // Bytes of tool results one model request may carry.
  readonly resultBytes?: number;
  // Estimated prompt tokens past which older tool results are compacted.
  readonly compactAt?: number;
  readonly outputFormat: OutputFormat;
  readonly approvalMode?: ApprovalMode;
  readonly persona?: string;
  readonly resume?: string;
  readonly stream?: boolean;
  // Token counts per model request and for the session, on stderr.
  readonly verbose?: boolean;
  readonly help: boolean;
}

function choice<T extends string>(value: string | undefined, choices: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw fail('C210', `${flag} must be one of ${choices.join(', ')} (got "${value}")`);
}

function positiveInteger(value: string | undefined, flag: string, max = 1000): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw fail('C210', `${flag} must be a whole number from 1 to ${max} (got "${value}")`);
  return number;
}

// `codeward agent` options (CONTRACT.md "Other entry points"); the global options (-C, --allow, ...)
// were taken out by the CLI door before. `json`: the global --json was given: it means --output-format json (the
// JSON envelope every other command prints), and refuses another format named beside it.
export function parseAgentArgs(argv: readonly string[], json = false): AgentCliOptions {
  // --resume takes an optional session id (`--resume ID`, `--resume=ID`): bare, it means the newest
  // session. A following word that is no session id is refused, not taken as the task.
  const args = [...argv];
  let resume: string | undefined;
  const at = args.findIndex((arg) => arg === '--resume' || arg.startsWith('--resume='));
  if (at >= 0) {
    const inline = args[at]!.startsWith('--resume=') ? args[at]!.slice('--resume='.length) : undefined;
    const next = args[at + 1];
    const id = inline ?? (next !== undefined && !next.startsWith('-') && !/\s/.test(next) ? next : undefined);
    if (id !== undefined && !isSessionId(id)) {
      throw fail('C210', `--resume ${id}: not a session id (they look like 20260101-120000-a1b2c3, the transcript's name in the header); pass --resume alone for the newest session`);
    }
    resume = id ?? 'last';
    args.splice(at, inline === undefined && id !== undefined ? 2 : 1);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        prompt: { type: 'string', short: 'p' },
        provider: { type: 'string' },
        model: { type: 'string', short: 'm' },
        'base-url': { type: 'string' },
        'max-turns': { type: 'string' },
        'max-result-bytes': { type: 'string' },
        'compact-at': { type: 'string' },
        'output-format': { type: 'string' },
        'approval-mode': { type: 'string' },
        persona: { type: 'string' },
        'no-stream': { type: 'boolean' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw fail('C210', `${(error as Error).message.replace(/\. To specify.*$/s, '')}; see codeward agent --help`);
  }
  const { values, positionals } = parsed;
  const headless = values.prompt !== undefined;
  const task = values.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
  if (headless && task!.trim() === '') throw fail('C210', '-p needs the task text, e.g. codeward agent -p "fix the failing test"');
  const named = choice(values['output-format'], OUTPUT_FORMATS, '--output-format');
  if (json && named !== undefined && named !== 'json') throw fail('C210', `--json means --output-format json; drop one of --json and --output-format ${named}`);
  const outputFormat = named ?? (json ? 'json' : 'text');
  const approvalMode = choice(values['approval-mode'], APPROVAL_MODES, '--approval-mode');
  const maxTurns = positiveInteger(values['max-turns'], '--max-turns');
  const rawBytes = values['max-result-bytes'];
  const resultBytes = rawBytes === undefined ? undefined : Number(rawBytes);
  if (resultBytes !== undefined && (!Number.isInteger(resultBytes) || resultBytes < 4_000)) {
    throw fail('C210', `--max-result-bytes must be a whole number of bytes, at least 4000 (got "${rawBytes}"); the default is 100000 (about 25k tokens)`);
  }
  const compactAt = positiveInteger(values['compact-at'], '--compact-at', 10_000_000);
  return {
    task,
    headless,
    outputFormat,
    help: values.help ?? false,
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ...(resultBytes !== undefined ? { resultBytes } : {}),
    ...(compactAt !== undefined ? { compactAt } : {}),
    ...(approvalMode ? { approvalMode } : {}),
    ...(values.persona !== undefined ? { persona: values.persona } : {}),
    ...(resume !== undefined ? { resume } : {}),
    ...(values['no-stream'] ? { stream: false } : {}),
    ...(values.verbose ? { verbose: true } : {}),
  };
}

// Whether the agent's argv asks for help (argv that does not parse is left to the agent to report).
export function wantsHelp(argv: readonly string[]): boolean {
  try {
    return parseAgentArgs(argv).help === true;
  } catch {
    return false;
  }
}

export const AGENT_HELP = `codeward agent — coder mode: an LLM works on the workspace through codeward's tools

Usage:
  codeward agent [TASK]              interactive (a terminal UI)
  codeward agent -p "TASK"           headless: runs until an answer, a question or an error

Options:
  -p, --prompt TASK                  run headless with this task
  --provider NAME                    openai | anthropic | openai-compatible | ollama   (env CODEWARD_PROVIDER)
  -m, --model NAME                   model name                                        (env CODEWARD_MODEL)
  --base-url URL                     server address, e.g. http://127.0.0.1:8000/v1    (env CODEWARD_BASE_URL)
  --max-turns N                      stop after N turns (default 50)
  --max-result-bytes N               tool results per model request (default 100000, ~25k tokens; min 4000)
  --compact-at TOKENS                past this many prompt tokens (estimated), results older than the last
                                     5 batches become one-line stubs (default 60000)
  --output-format text|json|stream-json   headless output (default text)
  --approval-mode ask|auto-edit|yolo      ask: reads run, anything else asks (headless: refused, C241);
                                          auto-edit: file edits, and the project's tests inside the OS
                                          sandbox, run without asking; yolo: everything runs
                                          except what a deny rule, a safety-immune path or the danger
                                          classifier stops
  --persona NAME                     prompt from .codeward/agents/NAME.md or ~/.codeward/agents/NAME.md
  --resume [ID], --resume=ID         continue a saved session (default: this workspace's newest)
  --no-stream                        ask for whole answers (servers that cannot stream)
  -v, --verbose                      headless: each model request's prompt and completion tokens and the
                                     session's so far on stderr (stream-json's turn events carry them too)
  Global: -C DIR, --allow/--ask/--deny RULE, --allow-unsafe, --sandbox MODE, --sandbox-network, --pass-env NAME

Agents: the model may dispatch <agent_call>s (built-ins plus .codeward/agents/*.md) and @coder delegate;
CODEWARD_AGENT_MAX_WORKERS, _WORKER_TIMEOUT, _WORKER_MAX_TURNS, _PARALLEL, _MAX_DEPTH tune them (docs/agent.md).

API keys: OPENAI_API_KEY, ANTHROPIC_API_KEY, CODEWARD_API_KEY (openai-compatible). Defaults may also be set in
~/.codeward/config (JSON or YAML: provider, model, baseUrl, apiKeyEnv, headers, stream, maxRetries, maxTurns,
approvalMode, resultBytes) and in the project's .codeward/config (provider, baseUrl, apiKeyEnv, headers only
after codeward trust; see docs/agent.md).
Exit status: 0 answer (or, headless, a question for you); 1 error; 2 bad options; 130 cancelled.`;
