import { closeSync, constants, readdirSync, readFile as readFd } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Beneath } from '../workspace/beneath.js';

// How a project's tests run, found from the files in one folder. `filter` says how --pattern is
// passed (see withPattern in test-detect-pattern.ts).
export interface TestRunner {
  readonly runner: string;
  readonly command: string;
  readonly filter: FilterStyle;
  // Put before the pattern's arguments so the package manager hands them to the script (npm: `--`).
  readonly passThrough?: string;
  // A `test` script that is one plain `node … --test …` command: --pattern is put where node's runner
  // reads it (among the options, before the files), running node directly.
  readonly node?: NodeScript;
  // A `test` script that runs tape (also behind `npm run NAME`, nyc or c8): tape's file globs as written.
  readonly tape?: readonly string[];
  // A runner whose command a --pattern rebuilds rather than extends (python without a pytest config:
  // the pattern goes into both the pytest and the unittest branch).
  readonly withPattern?: (pattern: string) => string;
}

// A plain `node` test script split in words (shell text, each without spaces or shell operators).
export interface NodeScript {
  // node's options, in order (`--test`, `--import tsx`, `--test-reporter=spec`).
  readonly options: readonly string[];
  // The files, folders or globs after them.
  readonly files: readonly string[];
}

export type FilterStyle =
  | 'go' // -run <regex>
  | 'cargo' // <name substring>
  | 'pytest' // -k <expression>, or a path
  | 'tox' // -- -k <expression>
  | 'maven' // -Dtest=<class or glob>
  | 'gradle' // --tests <class or glob>
  | 'dotnet' // --filter <expression>
  | 'name' // vitest / jest: -t <name>, or a path
  | 'node-test' // node --test: --test-name-pattern=<regex>
  | 'mocha' // --grep <regex>
  | 'tape' // no name filter: a path, or the files that mention the name
  | 'python' // pytest or unittest, decided when it runs: -k <expression>, or a path (withPattern)
  | 'append' // unknown script: the pattern is appended as an argument
  | 'none'; // make test: no standard way

// NOFOLLOW: a file swapped for a symlink is not read; NONBLOCK: a FIFO cannot hang the open.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// A folder's file names, and their text read on demand (a missing or unreadable file reads as undefined).
// With the workspace's jail (workspace/beneath.ts) the folder is listed and every file opened through a
// walk from the workspace root that never follows a symlink, so a process racing the detection by
// swapping the folder for a link to the outside cannot make it read an outside package.json.
export class ProjectFiles {
  private constructor(readonly dir: string, readonly names: ReadonlySet<string>, readonly jail: Beneath | undefined) {}

  static async open(dir: string, jail?: Beneath): Promise<ProjectFiles> {
    if (jail === undefined) return new ProjectFiles(dir, new Set(await readdir(dir).catch(() => [] as string[])), undefined);
    let names: string[] = [];
    try {
      const handle = jail.openDir(dir);
      try {
        names = readdirSync(handle.path);
      } finally {
        handle.close();
      }
    } catch {
      // an unreadable (or swapped) folder has no project files
    }
    return new ProjectFiles(dir, new Set(names), jail);
  }

  has(...names: string[]): boolean {
    return names.some((name) => this.names.has(name));
  }

  hasSuffix(...suffixes: string[]): boolean {
    return [...this.names].some((name) => suffixes.some((suffix) => name.endsWith(suffix)));
  }

  async text(name: string): Promise<string | undefined> {
    if (!this.names.has(name)) return undefined;
    if (this.jail === undefined) return readFile(join(this.dir, name), 'utf8').catch(() => undefined);
    let fd: number;
    try {
      fd = this.jail.openFileSync(join(this.dir, name), READ_FLAGS);
    } catch {
      return undefined;
    }
    return new Promise((resolve) => {
      readFd(fd, 'utf8', (error, text) => {
        closeSync(fd);
        resolve(error ? undefined : text);
      });
    });
  }
}
