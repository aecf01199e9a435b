import type { Timing } from '../engine/timing.js';

// What a door started from the command line gets from its process: the CLI door builds it in
// src/bin/codeward.ts and hands it on to the agent, MCP and other doors it starts (none of them imports
// the CLI door itself).
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  // Present when a person can answer approval prompts (stdin is a terminal).
  readonly prompt?: NodeJS.ReadableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  // The terminal's output stream, for full-screen-ish doors (the agent's UI).
  readonly terminal?: NodeJS.WriteStream;
  // All of standard input as text, for `codeward -` (the JSON call read from stdin).
  readonly readInput?: () => Promise<string>;
  // Present when the bin was asked where the milliseconds go (--debug-timing, CODEWARD_DEBUG_TIMING=1).
  readonly timing?: Timing;
  // This process started without the CA bundle a launcher held back (doors/ca-bundle.ts): it opens no TLS
  // connection itself.
  readonly caBundleDeferred?: true;
  // Values a warm engine's server (`codeward serve`) keeps between the engines it builds, one per call: only
  // caches a command checks against the files they came from, by identity, at each use. Absent in a cold process.
  readonly lasting?: Map<string, unknown> | undefined;
}
