import { closeSync, constants, readdirSync, readFile as readFd } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Beneath } from '../workspace/beneath.js';
import { detectNodeRunner } from './test-detect-node.js';

// How a project's tests run, found from the files in one folder. `filter` says how --pattern is
// passed (see withPattern in test-detect-pattern.ts).
export interface TestRunner {
  readonly runner: string;
  readonly command: string;
  readonly filter: FilterStyle;
  // Put before the pattern's arguments so the package manager hands them to the script (npm: `--`).
  readonly passThrough?: string;
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
  | 'append' // unknown script: the pattern is appended as an argument
  | 'none'; // make test: no standard way

// NOFOLLOW: a file swapped for a symlink is not read; NONBLOCK: a FIFO cannot hang the open.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// A folder's file names, and their text read on demand (a missing or unreadable file reads as undefined).
// With the workspace's jail (workspace/beneath.ts) the folder is listed and every file opened through a
// walk from the workspace root that never follows a symlink, so a process racing the detection by
// swapping the folder for a link to the outside cannot make it read an outside package.json.
export class ProjectFiles {
  private constructor(readonly dir: string, readonly names: ReadonlySet<string>, private readonly jail: Beneath | undefined) {}

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

async function detectPython(files: ProjectFiles): Promise<TestRunner | undefined> {
  const venv = ['.venv', 'venv'].find((name) => files.has(name));
  const pytest: TestRunner = {
    runner: 'pytest',
    command: venv ? `${venv}/bin/python -m pytest -q` : 'pytest -q',
    filter: 'pytest',
  };
  if (files.has('pytest.ini', 'conftest.py', 'pyproject.toml')) return pytest;
  if ((await files.text('setup.cfg'))?.includes('[tool:pytest]')) return pytest;
  const tox = await files.text('tox.ini');
  if (tox === undefined) return undefined;
  return /^\[pytest\]/m.test(tox) ? pytest : { runner: 'tox', command: 'tox', filter: 'tox' };
}

function detectJvm(files: ProjectFiles): TestRunner | undefined {
  if (files.has('pom.xml')) {
    return { runner: 'maven', command: files.has('mvnw') ? './mvnw -B test' : 'mvn -B test', filter: 'maven' };
  }
  if (files.has('build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts')) {
    return { runner: 'gradle', command: files.has('gradlew') ? './gradlew test' : 'gradle test', filter: 'gradle' };
  }
  return undefined;
}

async function detectMake(files: ProjectFiles): Promise<TestRunner | undefined> {
  for (const name of ['GNUmakefile', 'makefile', 'Makefile']) {
    const text = await files.text(name);
    // A rule `test:` or `test::`, not a variable `test := ...`.
    if (text !== undefined && /^test\s*::?(?!=)/m.test(text)) return { runner: 'make', command: 'make test', filter: 'none' };
  }
  return undefined;
}

// First match wins, in ChatCLI's order for the ecosystems it knows (go, node, python, rust, maven,
// gradle), then .NET and a Makefile `test` target.
// `jail`: the workspace's, to read the folder through it (see ProjectFiles).
export async function detectTestRunner(dir: string, jail?: Beneath): Promise<TestRunner | undefined> {
  const files = await ProjectFiles.open(dir, jail);
  if (files.has('go.mod', 'go.work')) return { runner: 'go', command: 'go test ./...', filter: 'go' };
  return (
    (await detectNodeRunner(files)) ??
    (await detectPython(files)) ??
    (files.has('Cargo.toml') ? { runner: 'cargo', command: 'cargo test', filter: 'cargo' } : undefined) ??
    detectJvm(files) ??
    (files.hasSuffix('.csproj', '.fsproj', '.vbproj', '.sln', '.slnx') ? { runner: 'dotnet', command: 'dotnet test', filter: 'dotnet' } : undefined) ??
    (await detectMake(files))
  );
}
