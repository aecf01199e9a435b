// Round 37 (rt37b) findings fixed by fix41, live. Each header as parked, with how it was fixed.
//
// R37-b1 — MAJOR (seed 004's immune list of an unstaged run, as R36-9 / R34-6) — a #! line is judged by the BASE NAME
// of its program (task-runner-shell.ts shebangProgram: `node`, `python3` = "another language, unread"), not by the file
// the kernel runs. A #! naming a workspace file (`#!./node`, or through env: `#!/usr/bin/env -S PATH=./bin python3`)
// runs that file, a shell script of the repository, unread: it throws the uncommitted work away in place under --yes,
// while `sh node` (the same file) asks.
//
// Reproduction (integ 6925500c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   x = "#!./node\necho\n", node = "#!/bin/sh\nrm -rf sub\n" (both 0755)
//     $ codeward --yes exec --no-stage './x'                                -> ran, sub/ GONE
//   x = "#!/usr/bin/env -S PATH=./bin:/usr/bin:/bin python3\necho\n", bin/python3 = "#!/bin/sh\nrm -rf sub\n"
//     $ codeward --yes exec --no-stage './x'                                -> ran, sub/ GONE
//   `npm run w` with "w": "./x" (the #!./node x)                           -> ran, sub/ GONE
//   control (held): `sh node` (the same file read as a script) -> C241; `./x` with "#!/usr/bin/env -S sh -e\nrm -rf sub" -> C241.
// Expected: C241 (asks) and the work kept.
// ONE place for the class fix: task-runner-shell.ts shebangProgram / pathScript's read: a #! program that is a path
// (not a system folder's) or is looked up on a PATH the #! line itself sets is a file of the workspace: read it as
// the next script (pathScript of that path, nested as the kernel nests #! up to 4 levels) or unknown; only a
// system interpreter is "another language".
// FIXED (fix41): task-runner-shell.ts programFile/shebangProgram: a #! program outside the system folders (a path, or
// found on a PATH the #! line's env sets) is read as the next script, nested as the kernel nests #! (4), or unknown
// (outside the workspace, no #! of its own, env -C, a PATH folder only known at run time).
//
// R37-b2 — MAJOR (seed 004's immune list of an unstaged run, R34-6 / R36-1 class) — a script or program the SAME LINE
// makes by copying, moving or linking a file (`cp s.sh y.sh && sh y.sh`, `mv`, `ln -s /bin/rm tool && ./tool -rf sub`)
// is "absent" when the line is judged (task-runner-shell.ts scriptText: absent = "a name the shell may look up on
// PATH, not a script of the workspace" -> read as nothing), so it runs unread in place under --yes and throws the
// uncommitted work away. (A script the line writes with `echo … > y.sh` is held: the here-written text is parsed.)
//
// Reproduction (integ 6925500c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; s.sh =
// "rm -rf sub", x.sh = "#!/bin/sh\nrm -rf sub"):
//   $ codeward --yes exec --no-stage 'cp s.sh y.sh && sh y.sh'             -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'mv s.sh y.sh && sh y.sh'             -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'cp x.sh y && ./y'                    -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'cp /bin/rm ./tool && ./tool -rf sub' -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'ln -s /bin/rm tool && ./tool -rf sub'-> ran, sub/ GONE
//   control (held): `sh s.sh` -> C241; `echo 'rm -rf sub' > y.sh && sh y.sh` -> C241; an existing copy of /bin/rm
//   run as `./tool -rf sub` -> C241.
// Expected: C241 and the work kept. A script or program path inside the workspace that is absent when the line is
// judged can only be made by the run itself (a path with '/' is never looked up on PATH): unknown while the immune
// list is in play.
// ONE place for the class fix: task-runner-shell.ts scriptText's 'absent' branch (a workspace path the runner names:
// { unknown } unless it is a bare name a shell looks up on PATH AND the line does not write it).
// FIXED (fix41): task-runner-shell.ts scriptText: a script operand or program path absent when judged is unknown; only a
// `.`/`source` bare name found on PATH outside the workspace (looked up there first) stays unread as before.
//
// R37-b3 — MAJOR (catalogue line, Invariant 2) — the catalogue's own line (permissions/obeyed.ts: "a tool the user runs
// FOR ANOTHER REASON ... opening the folder in an editor runs ...") protects `.yarn/sdks` because it is "what the editor
// runs as typescript/eslint under PnP", and `.rubocop.yml` / `.pylintrc` because editors load their plug-ins on save. The
// non-PnP equivalent is not protected: VS Code's ESLint, Prettier and Stylelint extensions load the WORKSPACE's
// `node_modules/eslint` / `prettier` / `stylelint` library and execute its JavaScript config (`eslint.config.js`,
// `.eslintrc.js`, `prettier.config.js`, `.prettierrc.cjs`, `stylelint.config.js`) as soon as a file is opened or saved;
// mypy's extension loads the plug-ins `mypy.ini` names. A sandboxed run that writes any of them (at the root or in a
// package) leaves code the person's editor runs outside the sandbox on next open, unreported (the after-run walk also
// skips node_modules whole, sandbox/obeyed-scan.ts SKIPPED).
//
// Reproduction (integ 6925500c): isObeyedLater('eslint.config.js') -> undefined; isObeyedLater('pkg/.prettierrc.cjs')
// -> undefined; isObeyedLater('node_modules/eslint/lib/api.js') -> undefined; isObeyedLater('mypy.ini') -> undefined;
// control: isObeyedLater('.yarn/sdks/eslint/lib/api.js') -> package-manager row; isObeyedLater('.rubocop.yml') -> row.
// (The after-run walk and the file tools ask this same predicate, so a sandboxed run's eslint.config.js is applied
// unreported; not driven end to end here.)
// Expected: each is obeyed (moved aside after a sandboxed run, asked for the file tools).
// ONE place for the class fix: the catalogue (permissions/obeyed.ts, an 'editor' row: editor-loaded linters' and
// formatters' config-as-code and the workspace copies of the libraries the extensions load), and obeyed-scan.ts's walk
// judging those node_modules package folders as it judges node_modules/.bin.
// FIXED (fix41): obeyed.ts 'editor' row (configs of eslint/prettier/stylelint/markdownlint/mypy and
// node_modules/{eslint,prettier,stylelint,typescript}); obeyed-scan.ts loaded() judges those library folders whole inside
// the skipped node_modules (test/redteam37/editor-libraries-b3.test.ts drives the walk).
//
// R37-b4 — MINOR (Invariant 8: "An 'always' answer covers no more than the question showed") — "always" on
// `move a.txt b.txt` saves one rule PER PATH (`allow @coder move?a.txt`, `allow @coder move?b.txt`: the question's own
// "always" line), and those rules together allow the REVERSE move `move b.txt a.txt` (and, with any other saved
// `move?X` rule, a move between any two such paths) without a question, although only a.txt -> b.txt was shown.
//
// Reproduction (integ 6925500c; one engine, an approver that answers "always" then "no"):
//   move {from: a.txt, to: b.txt}  -> asked "@coder move a.txt b.txt", answered always, moved
//   move {from: b.txt, to: a.txt}  -> NOT asked, moved (the approver would have said no)
//   control (held): delete a.txt / write a.txt -> asked (other tools).
// Expected: the reverse move asks (the saved rule names the pair, or the source/destination roles: `move a.txt b.txt`).
// ONE place for the class fix: the gate's "always" scopes for a call of two roles (permissions/gate.ts joinedQuestion
// / the rule each part saves): one rule for the call as the question spelled it, not one per part.
// FIXED (fix41): joined-call.ts + gate.ts: a call whose parts are roles (not an edit command's files) saves ONE rule,
// its whole text (`@coder move?a.txt b.txt`), and only that rule, matched against the whole call, allows it again.
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { taskRunnerLines } from '../../src/permissions/task-runner-lines.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-fix41-r37-');
});
afterAll(async () => removeDir(base));

async function verdict(line: string, files: Record<string, string>): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
    chmodSync(join(root, name), 0o755);
  }
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

const NODE = { x: '#!./node\necho\n', node: '#!/bin/sh\nrm -rf sub\n' };
describe.skipIf(!bwrapWorks)('R37-b1 MAJOR: a #! line naming a workspace interpreter runs it unread', { timeout: 120_000 }, () => {
  it('`./x` with #!./node asks (C241) and keeps the work', async () => {
    expect(await verdict('./x', NODE)).toBe('C241');
  });
  it('`./x` with #!/usr/bin/env -S PATH=./bin:... python3 asks', async () => {
    expect(await verdict('./x', { x: '#!/usr/bin/env -S PATH=./bin:/usr/bin:/bin python3\necho\n', 'bin/python3': '#!/bin/sh\nrm -rf sub\n' })).toBe('C241');
  });
  it('`npm run w` with "w": "./x" (#!./node) asks', async () => {
    expect(await verdict('npm run w', { ...NODE, 'package.json': JSON.stringify({ scripts: { w: './x' } }) })).toBe('C241');
  });
  it.each([['sh node', NODE], ['./x', { x: '#!/usr/bin/env -S sh -e\nrm -rf sub\n' }]] as const)('control: `%s` asks', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
});

const MADE = { 's.sh': 'rm -rf sub\n', 'x.sh': '#!/bin/sh\nrm -rf sub\n' };
describe.skipIf(!bwrapWorks)('R37-b2 MAJOR: a script or program the same line copies, moves or links runs unread', { timeout: 120_000 }, () => {
  it.each(['cp s.sh y.sh && sh y.sh', 'mv s.sh y.sh && sh y.sh', 'cp x.sh y && ./y', 'cp /bin/rm ./tool && ./tool -rf sub', 'ln -s /bin/rm tool && ./tool -rf sub'])('`%s` in place asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line, MADE)).toBe('C241');
  });
  it.each(['sh s.sh', "echo 'rm -rf sub' > y.sh && sh y.sh"])('control: `%s` asks', async (line) => {
    expect(await verdict(line, MADE)).toBe('C241');
  });
});

// Held-back variants of b1 and b2, read as decide-scripts.ts reads them (no engine): the lines a shell reads, or why
// not (unknown: asked while the immune list is in play).
function reading(line: string, files: Record<string, string>): string {
  const root = join(base, `r${++count}`);
  mkdirSync(root, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  const read = taskRunnerLines(line.split(' '), root, root, []);
  return read?.unknown !== undefined ? 'unknown' : JSON.stringify(read?.lines ?? null);
}

const RM = '#!/bin/sh\nrm -rf sub\n';
describe('R37-b1/b2 held-back variants', () => {
  it.each([
    ['./x', { x: '#!/usr/bin/env ./node\n', node: RM }, JSON.stringify([RM])],
    ['./x', { x: '#!bin/node\n', 'bin/node': RM }, JSON.stringify([RM])],
    ['./x', { x: '#!./a\n', a: '#!./b\n', b: RM }, JSON.stringify([RM])],
    ['./x', { x: '#!./a\n', a: '#!./b\n', b: '#!./c\n', c: '#!./d\n', d: RM }, 'unknown'],
    ['./x', { x: '#!./a\n', a: 'rm -rf sub\n' }, 'unknown'],
    ['./x', { x: '#!./missing\n' }, 'unknown'],
    ['./x', { x: '#!/tmp/node\n' }, 'unknown'],
    ['./x', { x: '#!/usr/bin/env -C sub ./node\n' }, 'unknown'],
    ['./x', { x: '#!/usr/bin/env -S PATH=${HOME}/bin python3\n' }, 'unknown'],
    ['./x', { x: '#!/usr/bin/env -S PATH=/usr/bin:/bin python3\n' }, '[]'],
    ['./x', { x: '#!/usr/bin/python3\n' }, '[]'],
    ['sh y.sh', {}, 'unknown'],
    ['bash -e sub/y.sh', {}, 'unknown'],
    ['./made', {}, 'unknown'],
    ['. env-made-by-the-line.sh', {}, 'unknown'],
    ['. ls', {}, '[]'],
  ] as const)('`%s` with %j reads %s', (line, files, expected) => {
    expect(reading(line, files)).toBe(expected);
  });
});

describe('R37-b3 MAJOR: config-as-code an editor extension runs on open is not in the catalogue', () => {
  it.each(['eslint.config.js', 'eslint.config.mjs', '.eslintrc.js', '.eslintrc.cjs', 'prettier.config.js', '.prettierrc.cjs', 'stylelint.config.js', 'mypy.ini', 'pkg/eslint.config.js', 'pkg/.prettierrc.js'])('%s is obeyed', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  it.each(['.yarn/sdks/eslint/lib/api.js', '.rubocop.yml', '.pylintrc'])('control: %s is obeyed', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  // LEFT BY DESIGN (lead, stop 61): the installed libraries are obeyed where the project names the extension
  // (hook-editor.ts, R18-19: test/permissions/hook-editor.test.ts), not unconditionally: as a catalogue row every
  // `npm install` / `npm ci` in the sandbox that updates typescript or eslint failed (bound read-only) or was not
  // applied (staged), and installed packages are code the project's own scripts run anyway.
  it.each(['node_modules/eslint/lib/api.js', 'node_modules/typescript/lib/tsserver.js'])('%s is not obeyed by the catalogue alone', (path) => {
    expect(isObeyedLater(path)).toBeUndefined();
  });
  // LEFT BY DESIGN (fix43, R38-b5's judgement; the per-tool table is obeyed-linters.ts): build files that also hold a
  // linter's section (pyproject.toml [tool.pylint]/[tool.mypy], setup.cfg / tox.ini [flake8]/[pylint]/[mypy],
  // package.json "prettier"/"eslintConfig"/"stylelint"): obeyed where a runner reads them (hook-runner-*.ts) or the
  // project names the extension (hook-editor.ts), a row would ask on every edit of the project's own manifest; and the
  // data-only spellings (.markdownlint.json/.jsonc/.yaml/.yml: rules only, parsed, never loaded as code; .editorconfig,
  // .clang-format, .jshintrc, .yamllint, ruff.toml: no plug-in or code key); and php-cs-fixer 2.x's .php_cs/.php_cs.dist
  // (unsupported since 2021; 3.x reads only .php-cs-fixer(.dist).php, which are rows).
  // fix44 (fix42's item 3) weighed a content rule instead (a row only while the new text names a plug-in: [tool.mypy] /
  // [mypy] `plugins`, [tool.pylint.*] / [MASTER] `load-plugins` or `init-hook`, flake8's local-plugins), as css-code.ts
  // does for Tailwind stylesheets, and kept them out: (1) the writer of these manifests is mostly a sandboxed run
  // (pip/uv/poetry/hatch/pdm edits), whose after-run walk has no declared text: the rule would have to read every changed
  // manifest there (the lazy-start bound of a sandboxed exec) and fail closed when it cannot; (2) the projects that name
  // a plug-in at all name an installed one (pydantic.mypy, mypy_django_plugin.main, pylint_django), so for them the rule
  // is the plain row: every edit of their own manifest asks; (3) a plug-in module of the workspace (`plugins =
  // tools/p.py`) is project source that the same tool imports from the project's runners (hook-runner-mypy.ts and
  // hook-runner-pylint.ts obey these sections wherever a hook, task or script runs mypy/pylint). LEFT: an editor that
  // runs mypy/pylint on open with no runner of the project naming it reads these sections unguarded.
  it.each(['pyproject.toml', 'setup.cfg', 'tox.ini', 'package.json', '.markdownlint.json', '.markdownlint.jsonc', '.markdownlint.yaml', '.markdownlint.yml', '.editorconfig', '.clang-format', '.jshintrc', '.yamllint', 'ruff.toml', '.php_cs', '.php_cs.dist'])('%s is not a catalogue row', (path) => {
    expect(isObeyedLater(path)).toBeUndefined();
  });
});

describe('R37-b4 MINOR: "always" on a move covers the reverse move', () => {
  it('after "always" on move a.txt b.txt, move b.txt a.txt asks', async () => {
    const root = join(base, 'move-w'), home = join(base, 'move-h');
    mkdirSync(root, { recursive: true });
    mkdirSync(home);
    writeFileSync(join(root, 'a.txt'), 'A\n');
    const asked: string[] = [];
    let answer: 'always' | 'no' = 'always';
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'move-state') }, permissions: { home, approver: async (request) => (asked.push(request.judged), answer) } });
    try {
      expect((await engine.run({ cmd: 'move', args: { from: 'a.txt', to: 'b.txt' } })).ok).toBe(true);
      answer = 'no';
      const back = await engine.run({ cmd: 'move', args: { from: 'b.txt', to: 'a.txt' } });
      expect(asked).toEqual(['@coder move a.txt b.txt', '@coder move b.txt a.txt']);
      expect(back.ok).toBe(false);
      // The move "always" covered runs again unasked (its one rule, matched against the whole call).
      rmSync(join(root, 'b.txt'));
      writeFileSync(join(root, 'a.txt'), 'A\n');
      // (b.txt was removed behind codeward's back: the first try is refused as stale, C230, the repeat runs.)
      await engine.run({ cmd: 'move', args: { from: 'a.txt', to: 'b.txt' } });
      const again = await engine.run({ cmd: 'move', args: { from: 'a.txt', to: 'b.txt' } });
      expect([again.ok ? 'ok' : JSON.stringify(again.error), asked.length]).toEqual(['ok', 2]);
    } finally {
      await engine.close();
    }
  });
});
