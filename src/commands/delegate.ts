import * as z from 'zod/mini';
import { defineCommand, type CommandContext, type DelegateReport } from '../engine/command.js';
import { fail, isErrorCode } from '../engine/errors.js';
import { described, optionalText, text } from '../engine/schema.js';

export const DELEGATE_MAX_TURNS = 50;

const flags = z.strictObject({
  prompt: text('the sub-task, with every path and fact the subagent needs (it starts with an empty context)'),
  description: optionalText('a short label for the sub-task, shown in results'),
  tools: described(z.optional(z.array(z.string())), 'the @coder commands the subagent may run (default: the read-only set, or the editing set with --read-only false)'),
  readOnly: described(z._default(z.boolean(), true), 'refuse every command that writes files or runs processes'),
  maxTurns: described(z._default(z.int().check(z.minimum(1), z.maximum(DELEGATE_MAX_TURNS)), 15), `turn limit of the subagent (at most ${DELEGATE_MAX_TURNS})`),
});

type DelegateArgs = z.infer<typeof flags>;

async function run(args: DelegateArgs, ctx: CommandContext): Promise<DelegateReport & { description: string }> {
  const delegate = ctx.caller?.delegate;
  if (!delegate) throw fail('C210', 'delegate runs only inside `codeward agent`, where there is a model to run the subagent');
  if (args.prompt.trim() === '') throw fail('C210', 'delegate requires a non-empty --prompt');
  const tools = (args.tools ?? []).flatMap((tool) => tool.split(',')).map((tool) => tool.trim()).filter((tool) => tool !== '');
  const description = args.description?.trim() || args.prompt.trim().split('\n')[0]!.slice(0, 60);
  const report = await delegate({ description, prompt: args.prompt, tools, readOnly: args.readOnly, maxTurns: args.maxTurns }, ctx.signal);
  if (!report.ok) {
    const code = report.error && isErrorCode(report.error.code) ? report.error.code : 'C250';
    throw fail(code, `subagent "${description}" failed: ${report.error?.message ?? 'no answer'}`, { description, ...report });
  }
  return { description, ...report };
}

function format(data: DelegateReport & { description: string }): string {
  const seconds = (data.durationMs / 1000).toFixed(1);
  const head = `[subagent result — description="${data.description}", depth=${data.depth}, turns=${data.turns}, tool_calls=${data.toolCalls}, failed=${data.failedCalls}, elapsed=${seconds}s]`;
  return `${head}\n${data.output.trim() === '' ? '[subagent produced no output]' : data.output.trim()}`;
}

// Registered by the agent door only (the other doors have no model to lend).
export const delegateCommand = defineCommand({
  name: 'delegate',
  aliases: ['delegate_subagent', 'subagent', 'task'],
  summary: 'Hand a self-contained sub-task to a subagent with an empty context; returns its report',
  flags,
  flagAliases: { task: 'prompt', readonly: 'readOnly', turns: 'maxTurns' },
  positional: 'prompt',
  examples: ['delegate --prompt "Find where session tokens are validated and report file:line"', 'delegate --prompt "Fix the failing test in test/date.test.ts" --read-only false'],
  // It starts a model that runs commands: asks by default, like exec; the subagent's own calls go
  // through the same permission gate.
  effect: 'exec',
  effectArgs: ['tools', 'readOnly'],
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: () => [],
  run,
  format,
});
