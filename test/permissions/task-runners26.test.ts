// R23-13 (runners26): each row of task-runners.ts' table. A task `x` whose body is `git push` is denied under
// `deny @coder exec git push*` + `allow @coder exec *`; the same runner's task `y` = `echo hi` stays allowed; a task
// file codeward cannot read (Ruby, Python, an include, a template) asks while a deny rule exists; without any
// deny/ask rule nothing changes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { decideRows, DENY_PUSH, execDecider, explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const FILES = {
  'deno.json': JSON.stringify({ tasks: { x: 'git push', y: 'echo hi', d: { command: 'echo hi', dependencies: ['x'] } } }),
  justfile: 'alias a := x\nv := "git"\n\ny:\n\techo hi\n\nx:\n\t@git push\n\nd: y x\n\techo hi\n\nw:\n\t{{v}} push\n\np arg:\n\t{{arg}}\n\ne a="1" +rest:\n\tgit push\n\nf:\n\techo hi\n# a comment\n\tgit push\n\nn:\n\tnpm run x\n\nm:\n\tcd sub && just y\n',
  'Taskfile.yml': 'version: "3"\ntasks:\n  x:\n    cmds:\n      - git push\n  y:\n    cmds:\n      - echo hi\n  d:\n    deps: [x]\n    cmds:\n      - echo hi\n  t:\n    cmds:\n      - task: x\n  v:\n    cmds:\n      - "{{.CMD}}"\n',
  '.mise.toml': '[tasks.x]\nrun = "git push"\n[tasks.y]\nrun = "echo hi"\n[tasks.d]\nrun = "echo hi"\ndepends = ["x"]\n',
  'composer.json': JSON.stringify({ scripts: { x: 'git push', y: 'echo hi', d: ['echo hi', '@x'], c: 'Vendor\\Cls::run', 'post-install-cmd': 'git push' }, 'scripts-aliases': { x: ['xx'] } }),
  Pipfile: '[scripts]\nx = "git push"\ny = "echo hi"\n',
  'pyproject.toml': [
    '[project]', 'name = "p"',
    '[tool.pdm.scripts]', 'x = "git push"', 'y = "echo hi"', 'd = { composite = ["y", "x"] }', 'c = { call = "m:f" }',
    '[tool.hatch.envs.default.scripts]', 'x = "git push"', 'y = "echo hi"', 'd = ["y", "x"]',
    '[tool.poe.tasks]', 'x = "git push"', 'y = "echo hi"', 'd = ["y", "x"]', 's = { script = "m:f" }', 'r = { ref = "x" }',
  ].join('\n'),
  Rakefile: 'task :x do\n  sh "git push"\nend\n',
  'tasks.py': 'from invoke import task\n\n@task\ndef x(c):\n    c.run("git push")\n',
  'Makefile.toml': '[tasks.x]\nscript = "git push"\n[tasks.y]\ncommand = "echo"\nargs = ["hi"]\n[tasks.d]\ndependencies = ["x"]\ncommand = "echo"\n[tasks.c]\ncommand = "git"\nargs = ["push"]\n',
  Makefile: 'GIT = git\n\ny:\n\t@echo hi\n\nx:\n\tgit push\n\nd: x\n\techo hi\n\nv:\n\t$(GIT) push\n\nc:\n\t$(CMD)\n\nbuild: a.o\n\tcc -o build a.o\n\n%.o: %.c\n\tgit push\n\ng:\n\techo hi\n# a comment\n\tgit push\n',
  'turbo.json': JSON.stringify({ tasks: { x: {}, d: { dependsOn: ['x'] } } }),
  'nx.json': JSON.stringify({}),
  'apps/a/project.json': JSON.stringify({ name: 'a', targets: { r: { executor: 'nx:run-commands', options: { commands: ['git push'] } }, q: { executor: 'nx:run-commands', options: { command: 'echo hi' } } } }),
};

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { x: 'git push', y: 'echo hi', n: 'just x', m: 'make y' } }));
  await writeFiles(box.root, FILES);
});

describe('task runners: a task whose body meets a deny rule is denied', () => {
  decideRows(decide, 'deny', '%s', [
    'deno task x', 'deno task d', 'turbo run x', 'turbo run d', 'npx turbo run x', 'nx run p:x', 'nx run a:r', 'nx run-many -t r',
    'just x', 'just a', 'just d', 'just w', 'just y x', 'task x', 'task d', 'task t', 'mise run x', 'mise run d', 'mise d',
    'composer run-script x', 'composer x', 'composer run d', 'composer install', 'pipenv run x', 'pdm run x', 'pdm run d', 'pdm x',
    'hatch run x', 'hatch run d', 'poe x', 'poe d', 'poe r', 'cargo make x', 'cargo make d', 'cargo make c', 'makers x',
    'make x', 'make d', 'make v', "make c CMD='git push'", 'make build', 'gmake x', 'npm run n', 'sh -c "just x"', 'just e', 'just f', 'make g', 'composer xx', 'just n', "CMD='git push' make c",
  ]);
});

describe('task runners codeward cannot read ask while a deny rule exists', () => {
  decideRows(decide, 'ask', '%s', ['rake x', 'invoke x', 'inv x', 'just p', 'task v', 'composer c', 'pdm run c', 'poe s', 'make -f other.mk y', 'just -f other y', 'mise run', 'just m', 'CMD="$(cat f)" make c', "MAKEFLAGS='CMD=x' make c"]);
});

describe('controls: a task that meets no rule stays allowed', () => {
  decideRows(decide, 'allow', '%s', ['deno task y', 'just y', 'task y', 'mise run y', 'composer y', 'pipenv run y', 'pdm run y', 'hatch run y', 'poe y', 'cargo make y', 'make y', 'nx run a:q', 'npm run m', 'just --list', 'rake -T']);

  decideRows(decide, 'allow', 'no deny or ask rule: %s is allowed', ['rake x', 'invoke x', 'just x', 'make x', 'make -f other.mk y', 'task v', 'cargo make x'], ['allow @coder exec *']);
});

describe('no friction: ordinary task files under a deny rule', () => {
  let plain: Sandbox;
  beforeAll(async () => {
    plain = await sandbox();
    await writeFiles(plain.root, {
      Makefile: 'CC ?= gcc\nCFLAGS = -O2 -Wall\nOBJS = main.o util.o\n\n.PHONY: all test clean\n\nall: app\n\napp: $(OBJS)\n\t$(CC) $(CFLAGS) -o $@ $^\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c -o $@ $<\n\ntest: app\n\t./app --self-test\n\tpytest -q\n\nclean:\n\t$(RM) app *.o\n',
      justfile: 'default: test\n\ntest:\n    cargo test\n\nlint:\n    cargo clippy -- -D warnings\n',
      'package.json': JSON.stringify({ name: 'p', scripts: { test: 'vitest run', lint: 'eslint .' } }),
      'deno.json': JSON.stringify({ tasks: { dev: 'deno run --watch main.ts' } }),
    });
  });
  afterAll(async () => plain.cleanup());
  it.each(['make', 'make test', 'make app', 'make -j4 test', 'CC=clang make app', 'MAKEFLAGS=-j4 make test', 'just', 'just test', 'just lint', 'npm test', 'deno task dev', 'turbo run test', 'cargo test', 'pytest', 'go test ./...'])('%s stays allowed', async (line) => {
    expect((await explain(await policyWith(plain, DENY_PUSH), `@coder exec ${line}`)).decision).toBe('allow');
  });
});
