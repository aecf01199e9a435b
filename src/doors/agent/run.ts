import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fail, toCodewardError } from '../../engine/errors.js';
import { Registry } from '../../engine/registry.js';
import { builtinCommands } from '../../commands/index.js';
import { delegateCommand } from '../../commands/delegate.js';
import { createEngine } from '../../setup.js';
import type { EventSink } from '../../agent/events.js';
import { AgentLoop, type AgentOutcome } from '../../agent/loop/agent.js';
import { aiSdkClient } from '../../agent/model/client.js';
import { loadUserAgentConfig, resolveModelConfig } from '../../agent/model/config.js';
import { projectAgentSettings } from '../../agent/model/project.js';
import { isSlashCommand, runSlash, unescapeSlash } from '../../agent/loop/slash.js';
import { slashWithoutModel } from './slash-task.js';
import { DEFAULT_RESULT_BYTES } from '../../agent/loop/budget.js';
import { createLanguageModel } from '../../agent/model/create.js';
import { findContextFiles } from '../../agent/prompt/context-files.js';
import { loadPersona } from '../../agent/prompt/persona.js';
import { buildSystemPrompt } from '../../agent/prompt/system.js';
import { loadSession, Transcript } from '../../agent/session/transcript.js';
import { buildTeam } from './team.js';
import type { Tui } from '../../agent/ui/tui.js';
import type { CliIo } from '../io.js';
import { sandboxOptions, type GlobalOptions } from '../global-options.js';
import { permissionsFor, typedByPerson, type PersonTyping } from './approval.js';
import { containment, IN_PLACE, NOT_YET, writesOf, type Containment, type Writes } from './contained.js';
import { headlessOutput } from './output.js';
import { AGENT_HELP, parseAgentArgs, type AgentCliOptions } from './options.js';
import { visibleLines } from '../visible.js';
import { inPersonWords } from '../../agent/ui/error-words.js';
import { interruptHandler } from './interrupt.js';

function setupFailure(io: CliIo, options: AgentCliOptions | undefined, error: unknown): number {
  const failure = toCodewardError(error);
  if (options?.outputFormat === 'json') io.stdout.write(`${JSON.stringify({ ok: false, result: failure.message, turns: 0, usage: { input: 0, output: 0 }, error: failure.toJSON() })}\n`);
  else if (options?.outputFormat === 'stream-json') io.stdout.write(`${JSON.stringify({ type: 'error', ...failure.toJSON() })}\n`);
  else io.stderr.write(`error: ${inPersonWords(failure.code, visibleLines(failure.message))}\n`);
  return failure.code === 'C210' ? 2 : 1;
}

function exitStatus(outcome: AgentOutcome): number {
  if (outcome.cancelled) return 130;
  return outcome.ok ? 0 : 1;
}

// `codeward agent`: coder mode, interactive (a terminal UI) or headless (-p).

// A path as the header shows it: under the home folder as ~/..., else as it is.
function shownPath(path: string, home: string | undefined): string {
  if (home === undefined || home === '') return path;
  const inside = relative(home, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? `~${sep}${inside}` : path;
}

export async function agentCommand(argv: readonly string[], globals: GlobalOptions, io: CliIo): Promise<number> {
  let options: AgentCliOptions | undefined;
  let tui: Tui | undefined;
  try {
    options = parseAgentArgs(argv, globals.json);
    if (options.help || globals.help) {
      io.stdout.write(`${AGENT_HELP}\n`);
      return 0;
    }
    if (globals.yes) throw fail('C210', '--yes does not apply to codeward agent; choose what runs without asking with --approval-mode auto-edit (file edits, and exec and test staged in the OS sandbox) or --approval-mode yolo (everything but deny rules, safety-immune paths and catastrophic commands)');
    const interactive = !options.headless;
    if (interactive && (!io.prompt || !io.terminal)) {
      return setupFailure(io, options, fail('C210', 'the interactive agent needs a terminal; run headless with -p "TASK"'));
    }
    const home = io.env['HOME'];
    const root = resolve(io.cwd, globals.workspace ?? '.');
    const warn = (message: string): void => void io.stderr.write(`warning: ${visibleLines(message)}\n`);
    // ~/.codeward/config, then the project's agent keys (those that choose where requests go only when trusted).
    const { settings: user } = await projectAgentSettings(root, home, await loadUserAgentConfig(home, warn, root), warn);
    // A /command given as the headless task (`-p /undo --resume`) makes no model request: it needs no provider.
    const slashTask = !interactive && options.task !== undefined && isSlashCommand(options.task);
    const modelConfig = slashTask ? undefined : resolveModelConfig({ ...options, ...(options.stream === false ? { stream: false } : {}) }, io.env, user);
    const approvalMode = options.approvalMode ?? user.approvalMode ?? 'ask';
    const registry = new Registry([...builtinCommands, delegateCommand]);
    // Every event of the run, once the transcript and the display exist.
    let emitEvent: EventSink = () => undefined;
    // Until the loop exists, Ctrl+C in the UI simply leaves.
    let interrupt = (): void => {
      tui?.close();
      process.exit(130);
    };
    // Whether an exec or test runs inside the OS sandbox without a network, staged (auto-edit then runs it
    // without asking); known once the engine exists.
    let contained: Containment = NOT_YET;
    let writes: Writes = IN_PLACE;
    // The /command the person gave as a headless task, while it runs (its approval is the typing).
    const typing: PersonTyping = { command: null };
    const engine = await createEngine({
      workspace: root,
      env: io.env,
      registry,
      door: { name: 'agent' },
      allowUnsafe: globals.allowUnsafe,
      sandbox: sandboxOptions(globals),
      // The terminal UI opens once the transcript exists (its header names it); approvals start later.
      permissions: typedByPerson(permissionsFor(approvalMode, interactive ? (request) => tui!.approver(request) : undefined, { allow: globals.allow, ask: globals.ask, deny: globals.deny }, (request) => contained(request), (request) => writes(request)), typing),
    });
    contained = containment(engine);
    writes = writesOf(engine);
    if (modelConfig === undefined) return await slashWithoutModel(engine, options, approvalMode, io, typing);
    const persona = options.persona ? await loadPersona(options.persona, engine.workspace, home) : undefined;
    const context = await findContextFiles(engine.workspace, home);
    const contextFiles = context.files;
    // The AI SDK prints its warnings (an unknown model name, an unsupported setting) on stdout, where
    // headless output goes: keep stdout for the contract's output.
    (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;
    const model = aiSdkClient(await createLanguageModel(modelConfig), modelConfig);
    const usage = { input: 0, output: 0 };
    const team = await buildTeam({ engine, env: io.env, home, contextFiles, modelConfig, model, usage, emit: (event) => emitEvent(event) });
    const system = buildSystemPrompt({ ...(persona ? { persona } : {}), workspaceRoot: engine.workspace.root, contextFiles, registry, agents: team.catalog.prompt() });
    const resumed = options.resume ? await loadSession(engine.workspace.root, options.resume) : undefined;
    const transcript = Transcript.create(engine.workspace.root, { provider: modelConfig.provider, model: modelConfig.model, workspace: engine.workspace.root }, resumed?.id);
    engine.withSession(transcript.id);
    if (interactive) {
      const { createTui } = await import('../../agent/ui/tui.js');
      tui = createTui({
        input: io.prompt as NodeJS.ReadStream,
        output: io.terminal!,
        color: io.terminal!.isTTY === true && io.env['NO_COLOR'] === undefined,
        header: { model: `${modelConfig.provider}/${modelConfig.model}`, workspace: engine.workspace.root, approvalMode, transcript: shownPath(transcript.path, home) },
        onInterrupt: () => interrupt(),
        slash: (line) => runSlash(engine, line),
      });
    }
    const headless = interactive ? undefined : headlessOutput(options.outputFormat, io, options.verbose === true, io.terminal !== undefined);
    const loaded = contextFiles.map((file) => (engine.workspace.contains(file.path) ? engine.workspace.relative(file.path) : shownPath(file.path, home)));
    headless?.start?.({ session: transcript.id, model: `${modelConfig.provider}/${modelConfig.model}`, workspace: engine.workspace.root, approvalMode, resumed: resumed !== undefined, contextFiles: loaded });
    const display: EventSink = tui ? tui.emit : headless!.sink;
    emitEvent = (event) => {
      transcript.event(event);
      display(event);
    };
    if (loaded.length > 0) emitEvent({ type: 'notice', message: `context files: ${loaded.join(', ')}` });
    for (const warning of [...context.notices, ...team.warnings]) emitEvent({ type: 'notice', message: warning });
    const loop = new AgentLoop({
      engine,
      marksTurns: true,
      model,
      system,
      env: io.env,
      maxTurns: options.maxTurns ?? user.maxTurns ?? 50,
      resultBytes: options.resultBytes ?? user.resultBytes ?? DEFAULT_RESULT_BYTES,
      ...(options.compactAt !== undefined ? { compactAtTokens: options.compactAt } : {}),
      diffs: interactive || options.outputFormat === 'stream-json',
      emit: emitEvent,
      dispatchAgents: team.dispatch,
      usage,
      caller: team.caller,
      onMessage: (message) => transcript.message(message),
      ...(resumed ? { history: resumed.history } : {}),
      ...(tui ? { askUser: tui.askUser, previews: true, waited: tui.waited, personNotes: tui.takeNotes } : {}),
    });
    interrupt = interruptHandler(loop, interrupt);
    // Headless, SIGTERM (`timeout`, a CI job's cancel, a supervisor) ends the run as Ctrl+C does: the turn
    // cancelled, the session's record and the output format's last word written, not a silent kill mid-call.
    const onSigint = (): void => interrupt();
    process.on('SIGINT', onSigint);
    if (!interactive) process.on('SIGTERM', onSigint);
    try {
      // A /command given on the terminal UI's command line runs as at its prompt (/undo, /redo, /checkpoints,
      // /help), never goes to the model; headless, it ran above without a model.
      const given = options.task;
      const command = given !== undefined && isSlashCommand(given);
      if (tui && given !== undefined && !command) tui.echoTask(given);
      else if (given !== undefined && options.outputFormat === 'text') io.stderr.write(`> ${given.replace(/\s+/g, ' ').slice(0, 200)}\n`);
      const task = given !== undefined && !command ? unescapeSlash(given) : tui ? await tui.readTask(given) : null;
      if (task === null) return 0;
      const outcome = await loop.run(task);
      headless?.finish(outcome);
      return headless?.failed?.() && !outcome.cancelled ? 1 : exitStatus(outcome);
    } finally {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
      await engine.close().catch(() => undefined);
    }
  } catch (error) {
    return setupFailure(io, options, error);
  } finally {
    tui?.close();
  }
}
