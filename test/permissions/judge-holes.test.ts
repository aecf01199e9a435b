// Issue 21 (invariant 5): lines a red team got past the command judgement. Each is checked from the
// attacker's side: the decision, and for the cheap ones the real binary (nothing may run unasked).
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { classifyDanger } from '../../src/shell/danger.js';
import { riskyShell } from '../../src/shell/danger-risky.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';
import { CLI, runCli } from '../helpers/fixture.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

async function decision(line: string): Promise<string> {
  return (await explain(await policyWith(box), `@coder exec ${line}`)).decision;
}

describe('xargs putting its input where code is', () => {
  test.each([
    'echo "touch PWN1" | xargs -I{} sh -c {}',
    'cat list | xargs -I{} bash -c {}',
    'cat list | xargs -I {} sh -c "echo {}"',
    'cat list | xargs -i sh -c {}',
    'cat list | xargs -iX sh -c X',
    'cat list | xargs --replace sh -c {}',
    'cat list | xargs --replace=@ dash -c @',
    'cat list | xargs -0I{} zsh -c {}',
    'cat list | xargs -J % sh -c %',
    'cat list | xargs -I{} python3 -c {}',
    'cat list | xargs -I{} node -e {}',
    'cat list | xargs -I{} perl -e {}',
    'cat list | xargs -I{} awk {}',
    'cat list | xargs -I{} {}',
    'cat list | xargs -I{} env {} x',
    'cat list | xargs -I{} sudo sh -c {}',
    'cat list | xargs -I{} find . -exec {} ;',
    'cat list | xargs -I{} eval {}',
    'cat list | xargs -n1 sh -c',
  ])('%j is not read-only and needs a person', async (line) => {
    expect(await decision(line)).toBe('ask');
    expect(riskyShell(await parser.parseShell(line)), line).toBeDefined();
  });

  test('input lines are only data where they are arguments of a listed program', async () => {
    expect(await decision('ls | xargs -I{} echo {}')).toBe('allow');
    expect(riskyShell(await parser.parseShell('ls | xargs -I{} wc -l {}'))).toBeUndefined();
  });

  test.each([
    'echo "rm -rf ~" | xargs -I{} bash -c {}',
    'printf "%s\\n" "rm -rf /" | xargs -I {} sudo sh -c "{}"',
    'echo "rm -rf ~" | xargs --replace=X bash -c "echo; X"',
    'echo "rm -rf ~" | xargs -I{} sh -c \'$1\' _ {}',
    'echo "rm -rf ~" > l; xargs -a l -I{} sh -c {}',
    'echo "rm -rf ~" > l; xargs --arg-file=l -I{} sh -c {}',
    'echo "rm -rf ~" > l; xargs -al -I{} sh -c {}',
  ])('a literal catastrophic input is C242 like piping it into a shell: %j', async (line) => {
    expect(classifyDanger(await parser.parseShell(line), { home: box.home, workspace: box.root }).blocked).toBe(true);
  });
});

describe('plain assignments to variables that change what runs', () => {
  test.each([
    'PATH=.:$PATH; ls',
    'HOME=.; git diff',
    'LD_PRELOAD=./x.so; ls',
    'GIT_CONFIG_GLOBAL=./c; git log',
    'XDG_CONFIG_HOME=.; git status',
    'BASH_ENV=./x; bash -c ls',
    'IFS=/; ls',
    'PYTHONPATH=.; python3 -V',
    'NODE_OPTIONS=--require=./x.js; node -v',
    'CDPATH=.; ls',
    'PATH[0]=.; ls',
    'PATH+=:.; ls',
    'unset HOME; git diff',
    'for PATH in .; do ls; done',
    'read -r PATH <<< .; ls',
    'printf -v HOME . ; git diff',
    'sh -c "PATH=.; ls"',
    'export PATH=.:$PATH',
  ])('%j asks (never read-only)', async (line) => {
    expect(await decision(line)).toBe('ask');
    expect(riskyShell(await parser.parseShell(line))?.name).toBe('path-hijack');
  });

  test('other assignments stay read-only', async () => {
    expect(await decision('x=1; echo $x')).toBe('allow');
  });
});

// Red team (always scopes): an assignment whose name starts with the program's name was dropped from the
// spelling rules see (`npm_config_x=1 npm run build` was spelled `npm run build`), so a saved family or
// exact scope ran npm with a script shell the model chose (npm reads npm_config_* in any case).
describe('assignments before a command stay part of its spelling', () => {
  test.each([
    ['allow @coder exec npm run *', 'npm_config_script_shell=./evil.sh npm run build'],
    ['allow @coder exec?npm run build', 'npm_config_script_shell=./evil.sh npm run build'],
    ['allow @coder exec npm test *', 'npm_config_node_options=--require=./x.js npm test'],
    ['allow @coder exec make *', 'make_x=1 make all'],
    ['allow @coder exec cargo test *', 'cargoX=1 cargo test'],
  ])('under %j, %j asks', async (rule, line) => {
    expect((await explain(await policyWith(box, [rule]), `@coder exec ${line}`)).decision).toBe('ask');
  });

  test.each(['npm_config_script_shell=./x.sh; npm run build', 'export npm_config_script_shell=./x.sh', 'NPM_Config_Script_Shell=./x.sh; npm test'])('%j is a path hijack (npm reads npm_config_* in any case)', async (line) => {
    expect(riskyShell(await parser.parseShell(line))?.name).toBe('path-hijack');
  });

  test.skipIf(!existsSync(CLI))('the real binary: a saved `npm run *` rule does not run npm with a planted script shell', async () => {
    await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', scripts: { build: 'true' } }));
    await writeFile(join(box.root, 'evil.sh'), '#!/bin/sh\ntouch PWN_SCRIPT_SHELL\n');
    await chmod(join(box.root, 'evil.sh'), 0o755);
    const result = runCli(['--json', '--sandbox', 'off', '--allow', '@coder exec npm run *', 'exec', '--cmd', 'npm_config_script_shell=./evil.sh npm run build'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN_SCRIPT_SHELL'))).toBe(false);
  });
});

// Red team (always scopes): a family scope for the project's own tasks (`go test *`, `npm run *`, `cargo
// test *`) approved the tool's options that run a program or code the caller wrote in the arguments.
describe('build tools given code to run in their arguments need a person', () => {
  test.each([
    ['allow @coder exec go test *', 'go test -exec "sh -c id" ./...'],
    ['allow @coder exec go test *', 'go test --exec=./x .'],
    ['allow @coder exec go build *', 'go build -toolexec "sh -c id" .'],
    ['allow @coder exec go vet *', 'go vet -vettool=./x ./...'],
    ['allow @coder exec cargo test *', 'cargo test --config \'target.x86_64-unknown-linux-gnu.runner="sh -c id"\''],
    ['allow @coder exec cargo build *', 'cargo build --config=build.rustc-wrapper="./x"'],
    ['allow @coder exec npm run *', 'npm run build --script-shell=./evil.sh'],
    ['allow @coder exec npm test *', 'npm test --node-options=--import=data:text/javascript,0'],
    ['allow @coder exec npm test *', 'npm test --node-opt=--require=./x.js'],
    ['allow @coder exec npm run *', 'npm run build --script_shell=./evil.sh'],
    ['allow @coder exec pnpm run *', 'pnpm run build --script-shell ./evil.sh'],
  ])('under %j, %j asks', async (rule, line) => {
    expect((await explain(await policyWith(box, [rule]), `@coder exec ${line}`)).decision).toBe('ask');
    expect(riskyShell(await parser.parseShell(line))?.name).toBe('argument-code');
  });

  test.each(['go test ./...', 'go test -run TestX -v .', 'cargo test --config ci.toml', 'npm run build -- --script-shell=x', 'npm test --silent'])('%j follows the rules', async (line) => {
    expect(riskyShell(await parser.parseShell(line))).toBeUndefined();
  });

  test.skipIf(!existsSync(CLI))('the real binary: a saved `npm run *` rule does not run a --script-shell the caller names', async () => {
    await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', scripts: { build: 'true' } }));
    await writeFile(join(box.root, 'evil2.sh'), '#!/bin/sh\ntouch PWN_ARG_SHELL\n');
    await chmod(join(box.root, 'evil2.sh'), 0o755);
    const result = runCli(['--json', '--sandbox', 'off', '--allow', '@coder exec npm run *', 'exec', '--cmd', 'npm run build --script-shell=./evil2.sh'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN_ARG_SHELL'))).toBe(false);
  });
});

describe('the real binary', () => {
  const cli = (args: string[]) => runCli(args, { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });

  test.skipIf(!existsSync(CLI))('xargs -I{} sh -c {} does not run unasked', () => {
    const result = cli(['--json', 'exec', '--cmd', 'echo "touch PWN1" | xargs -I{} sh -c {}']);
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN1'))).toBe(false);
  });

  test.skipIf(!existsSync(CLI))('echo "rm -rf ~" | xargs -I{} bash -c {} is C242 for policy check', () => {
    const result = cli(['--json', 'exec', '--cmd', 'echo "rm -rf ~" | xargs -I{} bash -c {}']);
    expect(result.json.error?.code).toBe('C242');
  });

  test.skipIf(!existsSync(CLI))('PATH=.:$PATH; ls does not run a workspace ./ls', async () => {
    await writeFile(join(box.root, 'ls'), '#!/bin/sh\ntouch PWN2\n');
    await chmod(join(box.root, 'ls'), 0o755);
    const result = cli(['--json', 'exec', '--cmd', 'PATH=.:$PATH; ls']);
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN2'))).toBe(false);
  });
});
