// Red team round 23, R23-13 (class npm23 decide-scripts: a runner's scripts judged against deny/ask rules): npm23
// judges the scripts of npm/pnpm/yarn/bun (and run-s, npm-run-all, concurrently "npm:x", `npx turbo x`, yarn
// workspaces foreach), but the other task runners run a task that is a shell line of a project file too: `deno task
// x` (deno.json "tasks"), `turbo run x` / `nx run p:x` (package.json scripts, as `npx turbo x` which is denied),
// `just x` (justfile recipe), `task x` (Taskfile.yml cmds), `mise run x` (.mise.toml [tasks.x] run), `composer run-script
// x` (composer.json scripts), `pipenv run x` (Pipfile [scripts]), `pdm run x` (pyproject [tool.pdm.scripts]), `hatch run
// x` ([tool.hatch.envs.default.scripts]), `poe x` ([tool.poe.tasks]), `rake x`, `invoke x`, `cargo make x`
// (Makefile.toml). Each task here is `git push`; by each tool's documentation the line runs it (none of these tools
// is installed here: not run; make is the known-left row of npm23 and is not filed again).
// Today each line is allowed under `deny @coder exec git push*` + `allow @coder exec *`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { decideRows, execDecider } from './helpers.js';

const FILES = {
  'deno.json': JSON.stringify({ tasks: { x: 'git push' } }),
  justfile: 'x:\n\tgit push\n',
  'Taskfile.yml': 'version: "3"\ntasks:\n  x:\n    cmds:\n      - git push\n',
  '.mise.toml': '[tasks.x]\nrun = "git push"\n',
  'composer.json': JSON.stringify({ scripts: { x: 'git push' } }),
  Pipfile: '[scripts]\nx = "git push"\n',
  'pyproject.toml': '[project]\nname = "p"\n[tool.pdm.scripts]\nx = "git push"\n[tool.hatch.envs.default.scripts]\nx = "git push"\n[tool.poe.tasks]\nx = "git push"\n',
  Rakefile: 'task :x do\n  sh "git push"\nend\n',
  'tasks.py': 'from invoke import task\n\n@task\ndef x(c):\n    c.run("git push")\n',
  'Makefile.toml': '[tasks.x]\nscript = "git push"\n',
  'turbo.json': JSON.stringify({ tasks: { x: {} } }),
};

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', packageManager: 'npm@11.0.0', scripts: { x: 'git push' } }));
  await writeFiles(box.root, FILES);
});

describe('R23-13: task runners whose task is a shell line of a project file', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', ['deno task x', 'turbo run x', 'nx run p:x', 'just x', 'task x', 'mise run x', 'composer run-script x', 'pipenv run x', 'pdm run x', 'hatch run x', 'poe x', 'rake x', 'invoke x', 'cargo make x']);

  decideRows(decide, 'deny', 'control (held): %s is denied', ['npm run x', 'npx turbo x', 'yarn workspaces foreach run x']);
});
