import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

// A folder's file names, and their text read on demand (a missing or unreadable file reads as undefined).
export class ProjectFiles {
  private constructor(readonly dir: string, readonly names: ReadonlySet<string>) {}

  static async open(dir: string): Promise<ProjectFiles> {
    const names = await readdir(dir).catch(() => [] as string[]);
    return new ProjectFiles(dir, new Set(names));
  }

  has(...names: string[]): boolean {
    return names.some((name) => this.names.has(name));
  }

  hasSuffix(...suffixes: string[]): boolean {
    return [...this.names].some((name) => suffixes.some((suffix) => name.endsWith(suffix)));
  }

  async text(name: string): Promise<string | undefined> {
    if (!this.names.has(name)) return undefined;
    return readFile(join(this.dir, name), 'utf8').catch(() => undefined);
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
export async function detectTestRunner(dir: string): Promise<TestRunner | undefined> {
  const files = await ProjectFiles.open(dir);
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
