#!/usr/bin/env node
import { fstatSync, statSync } from 'node:fs';
import { startTiming } from '../engine/timing.js';
import type { WarmResult } from '../doors/serve/client.js';
import type { CommandEntry } from '../engine/registry.js';
import { mayHaveWarmEngine } from '../doors/serve/folder.js';
import { BEFORE_BULK_INDEX, BEFORE_WASM } from '../code/tree-sitter-init.js';
import { restoreDeferredCaBundle } from '../doors/ca-bundle.js';
import { LOAD_SCRIPT, loadScript, setV8Flags } from './script-loader.js';

// The large chunks are scripts run through a V8 code cache (scripts/script-chunks.mjs): their facades find the
// loader here.
(globalThis as Record<symbol, unknown>)[LOAD_SCRIPT] = loadScript;

// First, before anything reads or hands on the environment: NODE_EXTRA_CA_CERTS back where a launcher held it
// back so that this process would start without parsing the bundle.
const caBundleDeferred = restoreDeferredCaBundle(process.env);

// `codeward -` holds the whole call in memory: room for the largest write (maxWriteBytes, 64 MiB by
// default) as escaped JSON or base64, and no more.
const MAX_STDIN_CALL_BYTES = 256 * 1024 * 1024;

// Started before anything else loads, so the first stage it reports is the modules' load (main.js decides
// whether the flag stands where a global option may).
const timing = process.argv.includes('--debug-timing') || process.env['CODEWARD_DEBUG_TIMING'] === '1' ? startTiming() : undefined;
const argv = process.argv.slice(2);

// A reader that went away (`codeward read … | head`) is not a failure to report with a stack trace:
// stop quietly, with the status of a Unix tool that SIGPIPE ended (128 + 13). Output is printed after the
// engine ran, so no operation is cut short by it; the MCP server ends with its client this way too.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(141);
  });
}

// Whether stdin is a terminal. node:tty is imported only when it may be one: it loads node:net (~3 ms of a
// cold call's CPU). A terminal is a character device and never the null device, so a pipe, a file, no
// stdin or /dev/null (what a door or a script gives) is answered by fstat alone. An fstat that fails is what
// isatty answers for a closed fd: not a terminal.
async function stdinIsTerminal(): Promise<boolean> {
  try {
    const stdin = fstatSync(0);
    if (!stdin.isCharacterDevice() || stdin.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  return (await import('node:tty')).isatty(0);
}
const stdinTerminal = await stdinIsTerminal();

// The warm engine (`codeward serve`) of this workspace answers the call when one runs; a person at a
// terminal (approval prompts, live output) is always answered by this process.
async function handOff(): Promise<WarmResult | undefined> {
  // Asked before the client loads: most calls have no warm engine to go to (CODEWARD_NO_SERVE=1, or no
  // `codeward serve` ever made its socket folder), and loading the client cost a cold read ~9 %.
  if (stdinTerminal || process.stdout.isTTY || !mayHaveWarmEngine(process.env)) return undefined;
  const { callWarm } = await import('../doors/serve/client.js');
  timing?.mark('warm engine client load');
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return callWarm({ argv, env, cwd: process.cwd(), umask: process.umask() }, (message) => process.stderr.write(`codeward: warning: ${message}\n`));
}

// Whether the call names a command that parses many source files, by any of its words (an argument, or
// the "cmd" of a JSON call); the manifest lists them without loading any definition.
function parsesMany(commandManifest: readonly CommandEntry[]): boolean {
  const words = commandManifest.filter((entry) => entry.parsesMany).flatMap((entry) => [entry.name, ...entry.aliases].map((word) => word.toLowerCase()));
  return argv.some((arg) => {
    const lower = arg.toLowerCase();
    return words.some((word) => lower === word || lower.includes(`"${word}"`));
  });
}

// Whether the call starts a door that keeps an engine and runs the model's commands in this process (the MCP
// server, the warm engine, the agent, the iii worker): any of them may index a repository, so they get the
// same bulk-index flags as a repo-map call (a cold index of 20 k files through the MCP door peaked at
// 361-362 MiB with V8's default heaps, 262-263 MiB with them, for ~1.2x the CPU; bench/code-intel.mjs).
// Any word of the call, as parsesMany reads them (no module loaded for it): a word taken for one by mistake
// only gives a call the flags it would want if it did bulk work, and nothing else.
function hostsEngine(): boolean {
  return argv.some((arg) => ENGINE_HOSTS.has(arg));
}
const ENGINE_HOSTS: ReadonlySet<string> = new Set(['mcp', 'serve', 'agent', 'worker']);

async function runCold(): Promise<number> {
  // The shell parser (danger classifier, permission gate) is tree-sitter compiled to WebAssembly. With
  // V8's default tiering its hot functions are recompiled by TurboFan in the background and the main
  // thread then waits for that compilation (about half a second) before it sees a command's exit: a
  // one-shot `codeward exec` took ~0.7 s instead of ~0.2 s. Liftoff's baseline code is also faster over
  // thousands of parses than paying for the recompilation (bench `cold-start`). Set before any wasm
  // loads, by the hook tree-sitter's initialisation runs first (a call the warm engine answers, or one
  // that parses nothing, loads neither wasm nor node:v8); the library (dist/index.js) sets no hook and
  // leaves the embedding process's flags alone.
  // A call that may parse many source files (CommandDefinition.parsesMany) keeps these flags until the code
  // index does bulk work (the BEFORE_BULK_INDEX hook: before it starts parse workers, their isolates not yet
  // made, or gathers thousands of cached entries for a graph): then wasm tiers up again (baseline code cost a cold repo-map ~1.56x the CPU, issue 30) and V8's
  // heaps grow conservatively (--optimize-for-size, every isolate, the workers included: a cold index of
  // 20 k files peaked at 466-533 MB without it, 288-294 MB with it, for ~1.3x the CPU; bench code-intel).
  // Set only then, because a warm repo-map that parses one changed file on this thread paid for both:
  // ~0.15 s of garbage collection and ~0.1 s of TurboFan compiling the tags query's code (20 k files,
  // ~1.0 s of CPU in all). liftoff-only's implications are undone by name: --no-liftoff-only alone leaves
  // tier-up off.
  // The CLI main and the manifest come in one import: the flags below matter from the first wasm module on,
  // which no module load compiles (each import() of a chunk is a file a cold call pays for).
  const { main, commandManifest } = await import('../doors/cli/main.js');
  timing?.mark('module load');
  // Whether the bulk flags are set: from then on wasm is never held to Liftoff again (a worker loads a
  // grammar whenever its first file of that language comes).
  let bulk = false;
  if (parsesMany(commandManifest) || hostsEngine()) {
    const v8 = await import('node:v8');
    (globalThis as Record<symbol, () => void>)[BEFORE_BULK_INDEX] = () => {
      if (bulk) return;
      bulk = true;
      setV8Flags(v8, ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering', '--optimize-for-size']);
      timing?.mark('v8 compiler: optimizing (a bulk index; --optimize-for-size: heaps sized small)');
    };
  }
  // Set when tree-sitter is about to load (code/tree-sitter-init.ts): node:v8 cost a cold call ~2 ms of
  // CPU, and a read, list or search never compiles WebAssembly.
  (globalThis as Record<symbol, () => Promise<void>>)[BEFORE_WASM] = async () => {
    const v8 = await import('node:v8');
    // Asked after the import: a bulk index may have started while it loaded.
    if (bulk) return;
    setV8Flags(v8, ['--liftoff-only']);
    timing?.mark('v8 compiler: liftoff only');
  };
  return main(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    // Not process.stdin.isTTY: reading that property builds the stdin stream (~1 ms) even for the calls
    // that never read it.
    ...(stdinTerminal ? { prompt: process.stdin } : {}),
    ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
    readInput: async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of process.stdin) {
        size += (chunk as Buffer).length;
        if (size > MAX_STDIN_CALL_BYTES) throw (await import('../engine/errors.js')).fail('C210', `the call on stdin is larger than ${MAX_STDIN_CALL_BYTES / 1024 / 1024} MiB`);
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
    ...(timing ? { timing } : {}),
    ...(caBundleDeferred ? { caBundleDeferred } : {}),
  });
}

const warm = await handOff();
if (warm) {
  process.stdout.write(warm.stdout);
  process.stderr.write(warm.stderr);
  if (timing) {
    timing.mark('warm engine call');
    process.stderr.write(timing.report());
  }
}
process.exitCode = warm ? warm.code : await runCold();
