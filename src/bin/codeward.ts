#!/usr/bin/env node
import { fstatSync, statSync } from 'node:fs';
import { startTiming } from '../engine/timing.js';
import type { WarmResult } from '../doors/serve/client.js';
import { mayHaveWarmEngine } from '../doors/serve/folder.js';
import { restoreDeferredCaBundle } from '../doors/ca-bundle.js';
import type { ColdStart } from './cold.js';

// Where the cold start finds what this script found out (src/bin/cold.ts COLD_START, which it cannot import).
const COLD_START = Symbol.for('codeward.cold-start');

// The bin is a CommonJS script (scripts/build.mjs builds it apart, dist/bin/package.json says so): a call the
// warm engine answers loads no ES module, and Node's ESM loader (its resolver, module jobs, fs/promises and
// readline) cost such a call ~5 ms of CPU, a sixth of what it costs over `node -e 0` (issue 31). A call
// answered here imports the cold start, an ES module of the main bundle, by a path the bundler leaves alone.
const COLD_ENTRY = '../cli-cold.js';

// First, before anything reads or hands on the environment: NODE_EXTRA_CA_CERTS back where a launcher held it
// back so that this process would start without parsing the bundle.
const caBundleDeferred = restoreDeferredCaBundle(process.env);

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

// The warm engine (`codeward serve`) of this workspace answers the call when one runs; a person at a
// terminal (approval prompts, live output) is always answered by this process.
async function handOff(stdinTerminal: boolean): Promise<WarmResult | undefined> {
  // Asked before the client loads: most calls have no warm engine to go to (CODEWARD_NO_SERVE=1, or no
  // `codeward serve` ever made its socket folder), and loading the client cost a cold read ~9 %.
  if (stdinTerminal || process.stdout.isTTY || !mayHaveWarmEngine(process.env)) return undefined;
  const { callWarm } = await import('../doors/serve/client.js');
  timing?.mark('warm engine client load');
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return callWarm({ argv, env, cwd: process.cwd(), umask: process.umask() }, (message) => process.stderr.write(`codeward: warning: ${message}\n`));
}

// No top-level await in a CommonJS script: a failure is an unhandled rejection, which Node prints and exits 1 on.
async function start(): Promise<void> {
  const stdinTerminal = await stdinIsTerminal();
  const warm = await handOff(stdinTerminal);
  if (!warm) {
    // The cold start sets process.exitCode when its call is done.
    const cold: ColdStart = { argv, stdinTerminal, timing, caBundleDeferred };
    (globalThis as Record<symbol, ColdStart>)[COLD_START] = cold;
    await import(COLD_ENTRY);
    return;
  }
  process.stdout.write(warm.stdout);
  process.stderr.write(warm.stderr);
  if (timing) {
    timing.mark('warm engine call');
    process.stderr.write(timing.report());
  }
  process.exitCode = warm.code;
}

void start();
