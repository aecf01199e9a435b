import { kernelPlace, type KernelWalk } from '../workspace/kernel-place.js';
import { dirname, join, relative } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import type { ViewFolders } from '../sandbox/policy.js';
import { lstatQuiet } from '../files/stat-quiet.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import { parseToml } from '../engine/toml.js';
import { parseYaml } from '../engine/yaml.js';

// The project files a task runner reads its tasks from (task-runners.ts), read on codeward's own behalf through
// the workspace jail (no link followed, no FIFO blocking). A file that is there but cannot be read whole (a
// link, a folder, over the size bound, not valid JSON/TOML/YAML) is `unreadable`: the runner's line asks (fail
// closed), it is never taken as absent.

const MAX_BYTES = 1024 * 1024;

export type Parsed = { readonly value: unknown } | 'absent' | { readonly unreadable: string };

// A plain object's entries, or an empty one.
export const table = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const PARSERS: Readonly<Record<string, (text: string) => unknown>> = {
  json: (text) => JSON.parse(text) as unknown,
  // deno.jsonc: comments and trailing commas outside strings dropped.
  jsonc: (text) => JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (all, text: string | undefined) => text ?? '').replace(/("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g, (all, text: string | undefined, end: string | undefined) => text ?? end!)) as unknown,
  toml: parseToml,
  yaml: parseYaml,
};

// One runner line's folder: each file read (and parsed) once per line.
export class TaskFolder {
  private readonly texts = new Map<string, string | 'absent' | 'unreadable'>();

  // Paths outside the workspace looked at (task-runner-shell.ts: a script in a writable folder of the view).
  private readonly outside = new Set<string>();

  // `view`: the host folders a sandboxed run's view binds (sandbox/policy.ts boundFolders); undefined: none known.
  // `passed`: folders a `..` of the runner's own folder left (kernel-place.ts), looked at like any file read.
  constructor(readonly root: string, readonly dir: string, readonly view?: ViewFolders, passed: readonly string[] = []) {
    for (const each of passed) this.outside.add(each);
  }

  // How a path word of this folder is walked to the place the kernel reaches (workspace/kernel-place.ts): from the
  // root as written, each folder a `..` leaves looked at (written-before.ts: the line may make it a link first).
  walk(keepLast = false): KernelWalk {
    return { trusted: this.root, keepLast, passed: (at) => this.outside.add(at) };
  }

  // The text of the file a path word of this folder names (`include l/../r.mk`, a prerequisite), where the kernel
  // opens it (kernel-place.ts: the link before a `..` followed first); 'unreadable' when that place cannot be followed.
  wordText(word: string): string | 'absent' | 'unreadable' {
    const abs = kernelPlace(this.dir, word, this.walk(true));
    return abs === undefined ? 'unreadable' : this.text(abs);
  }

  // Whether something stands at `abs` outside the workspace (not read: its text is not judged), looked at for
  // written-before.ts like any file read.
  standsOutside(abs: string): boolean {
    this.outside.add(abs);
    return lstatQuiet(abs) !== undefined;
  }

  // `abs`'s text, 'absent' when nothing stands there, 'unreadable' when something does that is not read whole.
  text(abs: string): string | 'absent' | 'unreadable' {
    const known = this.texts.get(abs);
    if (known !== undefined) return known;
    let got: string | 'absent' | 'unreadable';
    const stats = new Beneath(this.root).contains(abs) ? safeLstat(this.root, abs) : 'unreadable';
    if (stats === 'absent' || stats === 'unreadable') got = stats;
    else {
      const head = readHeadBeneath(this.root, abs, MAX_BYTES + 1);
      got = head === undefined || head.length > MAX_BYTES ? 'unreadable' : head.toString('utf8');
    }
    this.texts.set(abs, got);
    return got;
  }

  // Every file read whole so far (absolute path and text): what a reading from this folder depended on.
  readTexts(): [string, string][] {
    return [...this.texts].filter((entry): entry is [string, string] => entry[1] !== 'absent' && entry[1] !== 'unreadable');
  }

  // Every path looked at so far, there or not (what the line may write before the runner reads it: written-before.ts).
  looked(): string[] {
    return [...this.texts.keys(), ...this.outside];
  }

  // Whether any file looked for so far stands there (read or not).
  found(): boolean {
    return [...this.texts.values()].some((text) => text !== 'absent');
  }

  // A sync reader for the workspace walks (hook-workspaces.ts, hook-turbo.ts): what cannot be read is undefined.
  readonly read = (abs: string): string | undefined => {
    const got = this.text(abs);
    return got === 'absent' || got === 'unreadable' ? undefined : got;
  };

  // `rel` (from the run folder, or absolute) parsed as `kind`.
  parsed(rel: string, kind: keyof typeof PARSERS): Parsed {
    // A word of the line (PIPENV_PIPFILE=l/../Pipfile) is opened where the kernel opens it.
    const abs = kernelPlace(this.dir, rel, this.walk(true));
    if (abs === undefined) return { unreadable: `${rel} is reached through a part codeward cannot follow` };
    const got = this.text(abs);
    if (got === 'absent') return 'absent';
    const shown = relative(this.root, abs) || rel;
    if (got === 'unreadable') return { unreadable: `${shown} cannot be read whole (a link, a folder or over ${MAX_BYTES} bytes)` };
    try {
      return { value: PARSERS[kind]!(got) };
    } catch {
      return { unreadable: `${shown} is not ${kind.toUpperCase()} codeward can read` };
    }
  }

  // The first of `names` in the run folder or a folder above it up to the workspace top (just, task, poe and mise
  // look upward), as a path from the run folder.
  upward(names: readonly string[]): string | undefined {
    for (let dir = this.dir; ; dir = dirname(dir)) {
      // placed: the runner's own file names in each folder up.
      const name = names.find((each) => this.text(join(dir, each)) !== 'absent');
      // placed: the same name, found there.
      if (name !== undefined) return relative(this.dir, join(dir, name)) || name;
      if (dir === this.root || dirname(dir) === dir || !new Beneath(this.root).contains(dirname(dir))) return undefined;
    }
  }
}

function safeLstat(root: string, abs: string): 'absent' | 'unreadable' | 'file' {
  try {
    const stats = new Beneath(root).lstat(abs);
    if (stats === undefined) return 'absent';
    return stats.isFile() ? 'file' : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

// One step of a task: the shell lines its file spells, the other tasks it runs by name, or why it is not read.
export interface TaskStep {
  readonly lines: readonly string[];
  readonly calls?: readonly string[];
  readonly unknown?: string;
}

export const NO_STEP: TaskStep = { lines: [] };

// The strings of a value that is a string or a list of strings (anything else: none).
export const strings = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

// The parsed file, or the step that stops the reading (an unreadable file); absent: undefined value.
export function parsedOr(folder: TaskFolder, rel: string, kind: 'json' | 'jsonc' | 'toml' | 'yaml'): { value?: unknown; stop?: TaskStep } {
  const got = folder.parsed(rel, kind);
  if (got === 'absent') return {};
  return 'unreadable' in got ? { stop: { lines: [], unknown: got.unreadable } } : { value: got.value };
}

// A task runner's row (task-runners.ts): here, in the leaf its readers share, so that no reader imports the table.
// `dirs`: the runner's own folder steps (`make -C a -C ..`), each from the one before, as the kernel's chdir takes them.
export type TaskNames = { readonly names: readonly string[]; readonly dirs?: readonly string[] } | { readonly unknown: string } | null;

export interface TaskContext {
  // The words after the program.
  readonly rest: readonly string[];
  // The assignments the call hands the runner (`CC=x make`).
  readonly handed: readonly string[];
}

export interface TaskRunner {
  // Where the tasks are read from (shown in a question).
  readonly files: string;
  readonly names: (rest: readonly string[]) => TaskNames;
  readonly read: (folder: TaskFolder, name: string, context: TaskContext) => TaskStep;
}
