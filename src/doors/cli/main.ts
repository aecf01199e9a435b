import { failedEntries, wireEnvelope, type Envelope, type FailedEntry } from '../../engine/envelope.js';
import { exitCode } from './exit-status.js';
import { withStdinValues } from './stdin-flags.js';
import { isUsageError, toCodewardError, usageError } from '../../engine/errors.js';
import { RegistryCore } from '../../engine/registry-core.js';
import type { AnyCommand } from '../../engine/command.js';
import type { EngineHooks } from '../../engine/engine.js';
import { createEngine } from '../../setup.js';
import { commandManifest } from '../../commands/registry-manifest.js';
import { commandFlags } from '../../commands/registry-flags.js';
import { loadNamedCommand } from './load-commands.js';
import { extractGlobalOptions, findCallToken, sandboxOptions, VALUE_GLOBALS, type GlobalOptions } from '../global-options.js';
import { VERSION } from '../../version.js';
import type { CliIo } from '../io.js';
import { DEFERRED_CA_BUNDLE } from '../ca-bundle.js';
import { visible, visibleLines } from '../visible.js';
import { colourStream, visibleColours } from './colours.js';
import { debugTimingWanted } from '../../engine/timing.js';
import { plural } from '../../commands/render.js';

// The bin reads the manifest (which commands parse many files) from the import that loads this module.
export { commandManifest };

// The flags of a definition the generated table does not name: the table is generated with the manifest
// (scripts/build.mjs), so only a build out of date gets here.
const notInFlagTable = (command: AnyCommand): never => {
  throw usageError(`the command ${command.name} is not in the flag table (src/commands/registry-flags.ts): rebuild (node scripts/build.mjs)`);
};

const NO_STALENESS: Partial<EngineHooks> = { checkStale: () => [], afterRun: () => undefined };

// Failures whose data has the command's own shape: the output of the process that ran.
const PROCESS_FAILURES: ReadonlySet<string> = new Set(['C250', 'C253']);


function commandFlagTest(registry: RegistryCore, command: AnyCommand | undefined): (flag: string) => 'value' | 'boolean' | undefined {
  if (!command) return () => undefined;
  const kinds = new Map(registry.flags(command).map((flag) => [`--${flag.cli}`, flag.kind === 'boolean' ? ('boolean' as const) : ('value' as const)]));
  return (flag) => kinds.get(flag);
}

// The failed entries of a batched command's successful envelope (none for any other command).
function failedOf(registry: RegistryCore, envelope: Envelope): FailedEntry[] {
  return envelope.ok && registry.find(envelope.cmd)?.batch ? failedEntries(envelope.data) : [];
}

// A result that carries a process's output (exec and test: ProcessData).
const isProcessOutput = (data: unknown): boolean => typeof data === 'object' && data !== null && 'exitCode' in data && 'stdout' in data;

function print(io: CliIo, options: GlobalOptions, envelope: Envelope, text: () => string, failed: readonly FailedEntry[] = []): void {
  if (options.json) {
    io.stdout.write(`${JSON.stringify(wireEnvelope(envelope))}\n`);
    return;
  }
  for (const warning of envelope.warnings) io.stderr.write(`warning: ${visibleLines(warning)}\n`);
  // A process that exited non-zero or timed out still shows what it printed.
  if (envelope.ok || PROCESS_FAILURES.has(envelope.error.code)) {
    // At a terminal, names a repository chose (tree, search, git-status), file text and a process's own
    // output (exec, test: OSC 52 would set the clipboard) show control characters as escapes; piped
    // output stays byte-exact.
    const raw = text();
    // A process's own output (exec, test) keeps its colour codes (colours.ts); everything else is escaped.
    const output = !io.terminal ? raw : isProcessOutput(envelope.data) ? visibleColours(raw) : visibleLines(raw);
    if (output !== '') io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
  if (!envelope.ok) io.stderr.write(`error ${envelope.error.code}: ${visibleLines(envelope.error.message)}\n`);
  if (failed.length > 0) {
    const total = (envelope.data as { results: unknown[] }).results.length;
    const count = failed.length === total ? plural(total, 'entry', 'entries') : `${failed.length} of ${plural(total, 'entry', 'entries')}`;
    const rest = failed.length === total ? '' : '; the others were done';
    io.stderr.write(`error ${failed[0]!.error?.code ?? 'C216'}: ${count} failed: ${failed.map((entry) => visible(entry.path)).join(', ')}${rest}\n`);
  }
}

// A formatter that fails on unexpected data must not hide the envelope's own message.
function formatSafely(command: AnyCommand, data: unknown): string {
  try {
    return command.format(data);
  } catch {
    return '';
  }
}

// `codeward -`: the JSON call comes on stdin, free of the argv limits (Linux caps one argument at 128 KiB,
// so a large --content could not be passed at all).
async function callFromStdin(io: CliIo): Promise<string> {
  if (!io.readInput) throw usageError('no standard input to read the call from; pass the call as an argument');
  const text = await io.readInput();
  if (!text.trimStart().startsWith('{')) {
    throw usageError(`"codeward -" reads a JSON call from stdin, e.g. {"cmd":"write","args":{"file":"a.txt","content":"..."}}; stdin held ${text.trim() === '' ? 'nothing' : 'something else'}`);
  }
  return text;
}

const WORKER_VALUE_FLAGS: ReadonlySet<string> = new Set(['--url', '--config', '--invoke', '--payload']);

// Whether -V/--version stands among the arguments as an option (not as the value of a flag that takes one).
function asksVersion(argv: readonly string[], valueFlags: ReadonlySet<string>): boolean {
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (token === '--') return false;
    if (token === '--version' || token === '-V') return true;
    if (valueFlags.has(token)) index += 1;
  }
  return false;
}

// Entry points a person starts (servers, the agent, trust): never from a ChatCLI plugin call, whose argv
// comes from the model.
const PERSON_ONLY: ReadonlySet<string> = new Set(['worker', 'agent', 'mcp', 'trust', 'serve']);

// Runs one CLI invocation and returns the exit status.
export async function main(givenArgv: readonly string[], givenIo: CliIo): Promise<number> {
  const asked = debugTimingWanted(givenArgv, givenIo.env, VALUE_GLOBALS);
  const { timing, ...untimed } = givenIo;
  const io: CliIo = asked.wanted && timing ? givenIo : untimed;
  const code = await runMain(asked.argv, io);
  if (io.timing) {
    io.timing.mark('output');
    io.stderr.write(io.timing.report());
  }
  return code;
}

async function runMain(givenArgv: readonly string[], io: CliIo): Promise<number> {
  // The commands by name; a definition loads when the call names it (or all, for doors that list them).
  // Every built-in command is in the generated flag table: the CLI never loads zod's JSON-schema converter.
  const registry = RegistryCore.lazy(commandManifest, commandFlags, notInFlagTable);
  let argv = givenArgv;
  // The ChatCLI plugin door (docs/chatcli-plugin.md): `--metadata`, `--schema`, and the argv of a plugin call.
  const plugin = io.env['CODEWARD_CHATCLI_PLUGIN'] ? await import('../chatcli/plugin.js') : undefined;
  const pluginCall = plugin?.isPluginCall(io.env) ?? false;
  if (argv.includes('--metadata') || argv.includes('--schema') || plugin) {
    await loadNamedCommand(registry, findCallToken(argv));
    const door = (plugin ?? await import('../chatcli/plugin.js')).chatcliDoor(argv, io, registry);
    if (typeof door === 'number') return door;
    argv = door;
  }
  const callToken = findCallToken(argv);
  await loadNamedCommand(registry, callToken);
  io.timing?.mark('command definition load');
  // The agent and the worker open TLS connections in this process: not without the CA bundle a launcher held
  // back (doors/ca-bundle.ts), nor any other entry point that is not one of the engine's commands.
  if ((pluginCall || io.caBundleDeferred) && callToken !== undefined && PERSON_ONLY.has(callToken)) {
    const failure = usageError(pluginCall
      ? `codeward ${callToken} is not available to a plugin call: a person starts it in a terminal (plugin calls run the commands of codeward --help)`
      : `codeward ${callToken} runs only in a process started with node's CA bundle (the agent and the worker open TLS connections themselves), and ${DEFERRED_CA_BUNDLE} held NODE_EXTRA_CA_CERTS back from this one; start it with NODE_EXTRA_CA_CERTS set instead`);
    const envelope: Envelope = { ok: false, cmd: callToken, error: failure.toJSON(), warnings: [], usage: true };
    print(io, { json: argv.includes('--json') } as GlobalOptions, envelope, () => '');
    return exitCode(envelope);
  }
  if (callToken === 'worker') {
    const workerArgv = argv.slice(argv.indexOf('worker') + 1);
    if (asksVersion(workerArgv, WORKER_VALUE_FLAGS)) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    return await (await import('../worker/cli.js')).workerCommand(workerArgv, io);
  }
  const command = callToken === undefined || callToken.startsWith('{') ? undefined : registry.find(callToken);
  let options: GlobalOptions | undefined;
  try {
    const extracted = extractGlobalOptions(argv, commandFlagTest(registry, command), command?.positional !== undefined);
    options = extracted.options;
    if (pluginCall) (await import('../chatcli/globals.js')).refuseLooseningGlobals(options);
    if (options.version) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (callToken === 'agent') {
      // Help without loading the agent (the AI SDK and providers are most of its start-up).
      const agentArgv = extracted.rest.slice(1);
      const { AGENT_HELP, wantsHelp } = await import('../agent/options.js');
      if (options.help || wantsHelp(agentArgv)) {
        io.stdout.write(`${AGENT_HELP}\n`);
        return 0;
      }
      return await (await import('../agent/run.js')).agentCommand(agentArgv, options, io);
    }
    if (options.help || extracted.rest.length === 0 || callToken === 'help') {
      await registry.loadAll();
      // Help for a name that is no command (`help reed`, `reed --help`): the usage error with the near name.
      const asked = callToken === 'help' ? extracted.rest[1] : callToken;
      const { helpText, refuseUnknownCommand } = await import('./help-or-refuse.js');
      if (asked !== undefined) refuseUnknownCommand(registry, asked);
      io.stdout.write(`${helpText(registry, callToken === 'help' ? extracted.rest[1] : callToken)}\n`);
      return 0;
    }
    if (callToken === 'completion' || callToken === 'policy') await registry.loadAll();
    if (callToken === 'completion') {
      io.stdout.write((await import('./completion.js')).completionScript(registry, extracted.rest[1]));
      return 0;
    }
    if (callToken === 'policy') return await (await import('./policy.js')).policyCommand(extracted.rest, options, io, registry);
    if (callToken === 'trust') return await (await import('./trust.js')).trustCommand(extracted.rest, options, io);
    if (callToken === 'doctor') return await (await import('./doctor.js')).doctorCommand(options, io, extracted.rest);
    if (callToken === 'mcp') return await (await import('../mcp/serve.js')).mcpCommand(extracted.rest, options, io);
    if (callToken === 'serve') return await (await import('../serve/server.js')).serveCommand(extracted.rest, options, io, main);
    if (command === undefined && callToken !== undefined) (await import('./help-or-refuse.js')).refuseUnknownCommand(registry, callToken);
    // A ChatCLI plugin call with the wrapper's --yes: not where ChatCLI may not have asked anyone.
    const unasked = options.yes && pluginCall
      ? await (await import('../chatcli/approval.js')).unaskedReason(extracted.rest, io.cwd, registry)
      : undefined;
    io.timing?.mark('arguments');
    const engine = await createEngine({
      workspace: options.workspace ?? io.cwd,
      ...(io.timing ? { timing: io.timing } : {}),
      lasting: io.lasting,
      env: io.env,
      // The engine's start-up warnings go where this call's output goes (a warm engine's own stderr is
      // not the caller's: red team round 3, L1).
      onWarning: (message: string) => io.stderr.write(`codeward: warning: ${message}\n`),
      registry,
      crossProcessLocks: true,
      door: { name: pluginCall ? 'chatcli' : 'cli', ...(options.session === undefined ? {} : { session: options.session }) },
      allowUnsafe: options.allowUnsafe,
      sandbox: sandboxOptions(options),
      permissions: {
        cliRules: { allow: options.allow, ask: options.ask, deny: options.deny },
        yes: options.yes && unasked === undefined,
        ...(unasked !== undefined
          ? { approver: (await import('../chatcli/approval.js')).unaskedApprover(unasked) }
          // The terminal's questions (and node:readline) load only where a person can answer one.
          : io.prompt ? { approver: (await import('./approve.js')).terminalApprover({ input: io.prompt, output: io.stderr }) } : {}),
      },
      // Without --session no stamp outlives this one call, so the staleness stages could only cost a SHA-256
      // of every file read or written (a whole 1 GiB log after `read --tail 20`) and change nothing: skip them.
      ...(options.session === undefined ? { hooks: NO_STALENESS } : { session: options.session }),
    });
    const input = extracted.rest.length === 1 && extracted.rest[0] === '-'
      ? await callFromStdin(io)
      : extracted.rest.length === 1 && extracted.rest[0]!.trimStart().startsWith('{') ? extracted.rest[0]! : pluginCall ? extracted.rest : await withStdinValues(extracted.rest, io);
    // exec at a terminal without --json: its output is shown as it arrives (src/shell/live-output.ts).
    // Control characters are escaped piece by piece, so a sequence split across chunks is escaped too.
    const seen = { stdout: colourStream((text) => io.stdout.write(text)), stderr: colourStream((text) => io.stderr.write(text)) };
    const live = !options.json && io.terminal && command?.name === 'exec' ? (await import('../../shell/live-output.js')).liveOutput(seen) : undefined;
    io.timing?.mark('engine set-up');
    let envelope = await engine.run(input, live ? { caller: { onOutput: live.onOutput } } : {});
    if (live) for (const sink of [seen.stdout, seen.stderr]) sink.flush();
    io.timing?.mark('command run');
    try {
      await engine.close();
    } catch (error) {
      envelope = { ...envelope, warnings: [...envelope.warnings, `the session could not be saved: ${toCodewardError(error).message}`] };
    }
    if (pluginCall) envelope = (await import('../chatcli/words.js')).inPluginWords(envelope, registry);
    const ran = envelope.ok || PROCESS_FAILURES.has(envelope.error.code) ? registry.find(envelope.cmd) : undefined;
    const failed = failedOf(registry, envelope);
    print(io, options, envelope, () => (!ran ? '' : live?.shown() ? live.end(envelope.data) : formatSafely(ran, envelope.data)), failed);
    return exitCode(envelope, failed);
  } catch (error) {
    const failure = toCodewardError(error);
    // Everything before the call runs (options, config and policy files, the session id) is the
    // invocation's setup: a C210 there is a usage error like an unknown flag.
    const failed: Envelope = { ok: false, cmd: command?.name ?? callToken ?? '', error: failure.toJSON(), warnings: [], usage: isUsageError(failure) || failure.code === 'C210' };
    const envelope = pluginCall ? (await import('../chatcli/words.js')).inPluginWords(failed, registry) : failed;
    print(io, options ?? { json: argv.includes('--json') } as GlobalOptions, envelope, () => '');
    return exitCode(envelope);
  }
}
