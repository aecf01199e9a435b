import type { Engine } from '../../engine/engine.js';
import type { AgentOutcome } from '../../agent/loop/agent.js';
import { runSlash } from '../../agent/loop/slash.js';
import { loadSession, newId, Transcript } from '../../agent/session/transcript.js';
import type { CliIo } from '../io.js';
import { headlessOutput, type HeadlessOutput } from './output.js';
import type { PersonTyping } from './approval.js';
import type { AgentCliOptions } from './options.js';

// A headless task that is a /command (`codeward agent -p /undo --resume`) runs as it does at the terminal UI's
// prompt (src/agent/loop/slash.ts), never as a message to the model: the engine's own undo, redo or
// checkpoints, scoped to the session (--resume names it), its text as the run's result. What undo or redo
// changed is kept in the session as the person's message, so the model of the next --resume is told.
export async function headlessSlash(engine: Engine, line: string, transcript: Transcript | undefined, output: HeadlessOutput, typing: PersonTyping): Promise<number> {
  typing.command = line.trim().slice(1).split(/\s+/)[0]!.toLowerCase();
  let result: Awaited<ReturnType<typeof runSlash>>;
  try {
    result = await runSlash(engine, line);
  } finally {
    typing.command = null;
  }
  if (result.note !== undefined) transcript?.message({ role: 'user', content: result.note });
  const code = /^(C\d{3}) /.exec(result.output)?.[1] ?? 'C210';
  const message = result.ok ? '' : result.output.replace(/^C\d{3} /, '');
  const outcome: AgentOutcome = { ok: result.ok, result: result.output, question: false, turns: 0, usage: { input: 0, output: 0 }, ...(result.ok ? {} : { error: { code, message } }) };
  // stream-json's consumers read the run's end from its events; text and json from finish.
  if (outcome.error) output.sink({ type: 'error', ...outcome.error });
  output.sink({ type: 'final', ok: outcome.ok, result: outcome.result, question: false, turns: 0, usage: outcome.usage });
  output.finish(outcome);
  return result.ok ? 0 : code === 'C210' ? 2 : 1;
}

// The headless /command run without a model (`codeward agent -p /undo --resume` needs no provider, key or
// model: it makes no request). The session it resumes records what the command did.
export async function slashWithoutModel(engine: Engine, options: AgentCliOptions, approvalMode: string, io: CliIo, typing: PersonTyping): Promise<number> {
  try {
    const root = engine.workspace.root;
    const resumed = options.resume ? await loadSession(root, options.resume) : undefined;
    // Without --resume the command has no session to record in, and writes none: a `-p /checkpoints` made
    // the newest session, so the next `-p /undo --resume` found nothing to undo (newcomer pass 2).
    const transcript = resumed ? Transcript.create(root, { workspace: root, task: options.task }, resumed.id) : undefined;
    const session = transcript?.id ?? newId(new Date());
    engine.withSession(session);
    const output = headlessOutput(options.outputFormat, io, options.verbose === true, io.terminal !== undefined);
    output.start?.({ session, model: 'none (a /command makes no model request)', workspace: root, approvalMode, resumed: resumed !== undefined, contextFiles: [] });
    return await headlessSlash(engine, options.task!, transcript, output, typing);
  } finally {
    await engine.close().catch(() => undefined);
  }
}
