import type { Beneath } from '../workspace/beneath.js';
import { ProjectFiles, type TestRunner } from './test-detect-files.js';
import { detectNodeRunner } from './test-detect-node.js';
import { detectPlainPython } from './test-detect-python.js';
import { TaskFolder } from '../permissions/task-runner-files.js';
import { makeHasRule } from '../permissions/task-runner-make.js';

export { ProjectFiles, type FilterStyle, type NodeScript, type TestRunner } from './test-detect-files.js';

// Whether the project tells pytest where its packages are: a root conftest.py (pytest puts its folder on
// sys.path) or a `pythonpath` setting in any of pytest's config files.
async function declaresPythonPath(files: ProjectFiles): Promise<boolean> {
  if (files.has('conftest.py')) return true;
  for (const name of ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini']) {
    if (/^\s*pythonpath\s*=/m.test((await files.text(name)) ?? '')) return true;
  }
  return false;
}

const venvOf = (files: ProjectFiles): string | undefined => ['.venv', 'venv'].find((name) => files.has(name));
const pythonOf = (files: ProjectFiles): string => {
  const venv = venvOf(files);
  return venv ? `${venv}/bin/python` : 'python3';
};

async function detectPython(files: ProjectFiles): Promise<TestRunner | undefined> {
  const venv = venvOf(files);
  // `python -m pytest` puts the project root on sys.path; a bare `pytest` does not, and a package at the
  // root (`import shop` from tests/) then fails to import unless the project says where it is: the
  // same root goes on the path through pytest's own pythonpath option (pytest >= 7).
  const pytest: TestRunner = {
    runner: 'pytest',
    command: venv ? `${venv}/bin/python -m pytest -q` : (await declaresPythonPath(files)) ? 'pytest -q' : 'pytest -q -o pythonpath=.',
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

// A rule `test:` or `test::` in the makefile make reads (the one make reader: permissions/task-runner-make.ts).
function detectMake(files: ProjectFiles): TestRunner | undefined {
  return makeHasRule(new TaskFolder(files.jail?.root ?? files.dir, files.dir), 'test') ? { runner: 'make', command: 'make test', filter: 'none' } : undefined;
}

const GO: TestRunner = { runner: 'go', command: 'go test -v ./...', filter: 'go' };
const CARGO: TestRunner = { runner: 'cargo', command: 'cargo test', filter: 'cargo' };

// A test file's language picks among the runners of that language only: `--pattern tests/test_u.py` in a
// project that also has an npm test script is pytest's, not `node --test`'s (newcomer: a passing Python test
// was reported as a failing node test). Undefined: a file of another kind (the first runner found takes it).
const BY_FILE: readonly [RegExp, (files: ProjectFiles) => Promise<TestRunner | undefined>][] = [
  [/\.py$/, async (files) => (await detectPython(files)) ?? (await detectPlainPython(files, pythonOf(files)))],
  [/\.go$/, async (files) => (files.has('go.mod', 'go.work') ? GO : undefined)],
  [/\.rs$/, async (files) => (files.has('Cargo.toml') ? CARGO : undefined)],
  [/\.(?:[cm]?[jt]s|[jt]sx)$/, detectNodeRunner],
];

// First match wins, in ChatCLI's order for the ecosystems it knows (go, node, python, rust, maven,
// gradle), then .NET and a Makefile `test` target; with `file` (a test file --pattern names), a runner of
// that file's language only.
// `jail`: the workspace's, to read the folder through it (see ProjectFiles).
export async function detectTestRunner(dir: string, jail?: Beneath, file?: string): Promise<TestRunner | undefined> {
  const files = await ProjectFiles.open(dir, jail);
  const language = file === undefined ? undefined : BY_FILE.find(([name]) => name.test(file));
  if (language !== undefined) return language[1](files);
  // -v: go names passing tests only with it, and the counts are of tests, not packages (the summary drops
  // the passing lines again).
  if (files.has('go.mod', 'go.work')) return GO;
  return (
    (await detectNodeRunner(files)) ??
    (await detectPython(files)) ??
    (files.has('Cargo.toml') ? CARGO : undefined) ??
    detectJvm(files) ??
    (files.hasSuffix('.csproj', '.fsproj', '.vbproj', '.sln', '.slnx') ? { runner: 'dotnet', command: 'dotnet test', filter: 'dotnet' } : undefined) ??
    detectMake(files) ??
    // Last: test_*.py files with nothing else to go on (pytest if installed, else unittest).
    (await detectPlainPython(files, pythonOf(files)))
  );
}
