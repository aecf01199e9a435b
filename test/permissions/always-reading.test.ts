import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { chmod, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { questionText } from '../../src/permissions/question.js';
import { answersFileFor } from '../../src/permissions/policy-trust.js';
import { parsePolicyText } from '../../src/permissions/policy-file.js';
import type { ApprovalAnswer, ApprovalReply, ApprovalRequest } from '../../src/permissions/types.js';
import { sandbox, type Sandbox } from './helpers.js';
import { terminalApprover } from '../../src/doors/cli/approve.js';
import { PassThrough } from 'node:stream';

// Red team R18-9: a keyed "always" must cover every file the shown lines run. A file a shown script runs or
// sources is read in turn and keyed (its change asks again); a line whose effect is known only at run time
// (a command substitution, a glob, a variable, make's $(shell …), an interpreter whose imports are not
// followed) offers no "always" at all, and the question says why.

let box: Sandbox;
const put = async (rel: string, text: string): Promise<void> => {
  await mkdir(join(box.root, rel, '..'), { recursive: true });
  await writeFile(join(box.root, rel), text);
};
const pkg = (test: string): Promise<void> => put('package.json', JSON.stringify({ name: 'w', scripts: { test } }));

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

async function call(cmd: string, answer: ApprovalAnswer): Promise<{ asked: ApprovalRequest[]; code: string | undefined }> {
  const asked: ApprovalRequest[] = [];
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => (asked.push(request), answer) } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return { asked, code: result.ok ? undefined : result.error.code };
  } finally {
    await engine.close();
  }
}
const text = (request: ApprovalRequest): string => questionText(request).join('\n');

// "always" given, `change` made, the next call asks again (answered "no": refused).
async function asksAfter(cmd: string, change: () => Promise<void>): Promise<string> {
  const first = await call(cmd, 'always');
  expect(first.asked).toHaveLength(1);
  expect(first.asked[0]!.options).toContain('always');
  const unchanged = await call(cmd, 'no');
  expect(unchanged.asked).toHaveLength(0);
  await change();
  const again = await call(cmd, 'no');
  expect(again.asked).toHaveLength(1);
  expect(again.code).toBe('C240');
  return text(again.asked[0]!);
}

// No "always" offered; the question says why.
async function noAlways(cmd: string, why: string): Promise<void> {
  const first = await call(cmd, 'no');
  expect(first.asked).toHaveLength(1);
  expect(first.asked[0]!.options).not.toContain('always');
  expect(text(first.asked[0]!)).toContain(why);
}

describe('R18-9: the files a shown script runs are keyed, or no "always"', () => {
  test('sh scripts/t.sh runs sh scripts/u.sh: u.sh is keyed and shown; its change asks again', async () => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', 'sh scripts/u.sh\n');
    await put('scripts/u.sh', 'echo u\n');
    const question = await asksAfter('npm test', () => put('scripts/u.sh', 'echo u\necho marker-ok\n'));
    expect(question).toContain('scripts/u.sh: echo marker-ok');
    const saved = parsePolicyText(await readFile(answersFileFor(box.home, box.root), 'utf8'), 'answers');
    expect(Object.keys(saved.rules[0]!.pin!.files).sort()).toEqual(['scripts/t.sh', 'scripts/u.sh']);
  });

  test('CLI prompt [a], then u.sh changed: the next call without a terminal is C241, not run', async () => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', 'sh scripts/u.sh\n');
    await put('scripts/u.sh', 'echo u\n');
    let shown = '';
    const approver = async (request: ApprovalRequest): Promise<ApprovalReply> => {
      const input = new PassThrough();
      const pending = terminalApprover({ input, output: { write: (line: string) => (shown += line) }, discard: () => undefined })(request);
      input.write('a\n');
      return pending;
    };
    const run = async (withApprover: boolean): Promise<{ ok: boolean; code?: string; out: string }> => {
      const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, ...(withApprover ? { approver } : {}) } });
      try {
        const result = await engine.run({ cmd: 'exec', args: { cmd: 'npm test' } });
        return result.ok ? { ok: true, out: JSON.stringify(result.data) } : { ok: false, code: result.error.code, out: '' };
      } finally {
        await engine.close();
      }
    };
    expect((await run(true)).ok).toBe(true);
    expect(shown).toContain('scripts/u.sh: echo u');
    expect((await run(false)).ok).toBe(true);
    await put('scripts/u.sh', 'echo marker-ok\n');
    const after = await run(false);
    expect(after.ok).toBe(false);
    expect(after.code).toBe('C241');
    expect(after.out).not.toContain('marker-ok');
  });

  test('. scripts/lib.sh sourced by the shown script: its change asks again', async () => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', '. scripts/lib.sh\necho t\n');
    await put('scripts/lib.sh', 'echo lib\n');
    await asksAfter('npm test', () => put('scripts/lib.sh', 'echo lib\necho marker-ok\n'));
  });

  test('make check whose recipe runs sh scripts/x.sh, which runs sh scripts/y.sh: y.sh keyed (also through npm test)', async () => {
    await put('Makefile', 'check:\n\tsh scripts/x.sh\n');
    await put('scripts/x.sh', 'sh scripts/y.sh\n');
    await put('scripts/y.sh', 'echo y\n');
    await asksAfter('make check', () => put('scripts/y.sh', 'echo marker-ok\n'));
    await pkg('make check');
    await asksAfter('npm test', () => put('scripts/y.sh', 'echo marker-ok-again\n'));
  });

  // A line of the shown script (scripts/t.sh, run by `npm test`) whose effect is known only at run time.
  test.each([
    ['sh -c "$(cat scripts/cmd.txt)"', { 'scripts/cmd.txt': 'echo hi\n' }, 'a command substitution'],
    ['for f in scripts/d/*.sh; do . "$f"; done', { 'scripts/d/a.sh': 'echo a\n' }, 'known only at run time'],
    ['sh "$HOME/x.sh"', {}, 'a variable'],
  ])('%s in the shown script: no "always" (%j; "%s")', async (line, files: Record<string, string>, why) => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', `${line}\n`);
    for (const [rel, text] of Object.entries(files)) await put(rel, text);
    await noAlways('npm test', why);
  });

  test('node scripts/t.js and python3 scripts/t.py: imports not followed, no "always"', async () => {
    await put('scripts/t.js', 'require("./lib")\n');
    await put('scripts/lib.js', 'console.log(1)\n');
    await pkg('node scripts/t.js');
    await noAlways('npm test', 'runs node, whose imports are not followed');
    await put('scripts/t.py', 'import lib\n');
    await pkg('python3 scripts/t.py');
    await noAlways('npm test', 'runs python3, whose imports are not followed');
  });

  test('a script run by path with a node #!: no "always"', async () => {
    await pkg('./scripts/t');
    await put('scripts/t', '#!/usr/bin/env node\nrequire("./lib")\n');
    await chmod(join(box.root, 'scripts/t'), 0o755);
    await noAlways('npm test', 'another interpreter');
  });

  test("make check with CMD := $(shell cat cmd.txt): no \"always\"", async () => {
    await put('Makefile', 'CMD := $(shell cat cmd.txt)\ncheck:\n\t$(CMD)\n');
    await put('cmd.txt', 'echo hi\n');
    await noAlways('make check', 'a make function or substitution');
  });

  test("quoted text is literal (echo \"ok?\", '$HOME' keep the \"always\"); text a shell reads again is not (sh -c '$(cat x)')", async () => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', `echo "ok?" '$HOME *'\n`);
    await asksAfter('npm test', () => put('scripts/t.sh', 'echo changed\n'));
    await put('scripts/t.sh', "sh -c 'echo $(cat scripts/cmd.txt)'\n");
    await noAlways('npm test', 'a command substitution');
  });

  test('controls: sh -c with literal text, make variables and $npm_package_ keep the "always"', async () => {
    await pkg('sh scripts/t.sh && echo $npm_package_name');
    await put('scripts/t.sh', "sh -c 'echo hi'\n# a comment with * and $HOME\n");
    await asksAfter('npm test', () => put('scripts/t.sh', "sh -c 'echo changed'\n"));
    await put('Makefile', 'FLAGS = -q\ncheck:\n\t@echo $(FLAGS) $@\n');
    await asksAfter('make check', () => put('Makefile', 'FLAGS = -v\ncheck:\n\t@echo $(FLAGS) $@\n'));
  });
});

// Red team R18-10: what npm runs the shown lines WITH is shown and keyed: the effective script-shell and
// node-options (.npmrc levels, npm_config_*) and the node_modules/.bin file each word of a line resolves to.
describe('R18-10: npm settings and node_modules/.bin are part of the key', () => {
  beforeEach(async () => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', 'echo hi\n');
  });

  test('a project .npmrc script-shell is shown and the file it names keyed: its change asks again', async () => {
    await put('.npmrc', 'script-shell=./scripts/evil\n');
    await put('scripts/evil', '#!/bin/sh\necho evil-shell-ran\n');
    await chmod(join(box.root, 'scripts/evil'), 0o755);
    const question = await asksAfter('npm test', () => put('scripts/evil', '#!/bin/sh\necho marker-ok-changed-shell\n'));
    expect(question).toContain('npm setting (project .npmrc): script-shell = ./scripts/evil');
    expect(question).toContain('npm runs each script line with ./scripts/evil');
  });

  test('a changed .npmrc script-shell asks again (control: a system shell keeps the "always")', async () => {
    await put('.npmrc', 'script-shell=/bin/sh\n');
    const question = await asksAfter('npm test', () => put('.npmrc', 'script-shell=/bin/bash\n'));
    expect(question).toContain('script-shell = /bin/bash');
  });

  test('node_modules/.bin/sh appearing after the "always" asks again, and is shown', async () => {
    const question = await asksAfter('npm test', async () => {
      await put('node_modules/.bin/sh', '#!/bin/dash\necho marker-ok-binsh\n');
      await chmod(join(box.root, 'node_modules/.bin/sh'), 0o755);
    });
    expect(question).toContain('npm PATH: sh is node_modules/.bin/sh');
  });

  test('a node_modules/.bin program a line runs is keyed: its change asks again', async () => {
    await put('scripts/t.sh', 'tool --check\n');
    await put('node_modules/.bin/tool', '#!/bin/sh\necho tool\n');
    await chmod(join(box.root, 'node_modules/.bin/tool'), 0o755);
    await asksAfter('npm test', () => put('node_modules/.bin/tool', '#!/bin/sh\necho marker-ok-tool\n'));
  });

  test('a FIFO as the user\'s npmrc does not hang the reading: unknown, no "always" (guess19)', async () => {
    const fifo = join(box.home, 'fifo-npmrc');
    execFileSync('mkfifo', [fifo]);
    const saved = process.env['npm_config_userconfig'];
    process.env['npm_config_userconfig'] = fifo;
    try {
      await noAlways('npm test', `\`${fifo}\` is not a regular file`);
    } finally {
      if (saved === undefined) delete process.env['npm_config_userconfig'];
      else process.env['npm_config_userconfig'] = saved;
      // A reader blocked on the FIFO (the old plain read) gets its end of file: the run does not hang after.
      await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).then((handle) => handle.close(), () => undefined);
    }
  });

  // Red team R19-19, R19-20: make's automatic variables naming the file run; quoting inside a file name. The one make
  // reader (permissions/task-runner-make.ts) fills them in, so the file they name is shown and keyed (fix32a).
  test.each([
    ['sh $<', 'sh x.sh'], ['. ./$<', '. ./x.sh'], ['./$<', './x.sh'], ['sh $(<D)/$(<F)', 'sh ./x.sh'],
  ])('make check whose recipe is %s: the file it names is keyed', async (recipe, filled) => {
    await put('Makefile', `check: x.sh\n\t${recipe}\n`);
    await put('x.sh', 'echo orig\n');
    await chmod(join(box.root, 'x.sh'), 0o755);
    const question = await asksAfter('make check', () => put('x.sh', 'echo changed\n'));
    expect(question).toContain(`Makefile check: ${filled}`);
    expect(question).toContain('x.sh: echo changed');
  });

  test('control: a recipe that only echoes $@ keeps the "always"', async () => {
    await put('Makefile', 'check: x.sh\n\techo building $@\n');
    const first = await call('make check', 'no');
    expect(first.asked[0]!.options).toContain('always');
  });

  test.each([['sh scripts/u\\.sh'], ["sh scripts/u.s''h"], ['sh scripts/"u".sh']])('a script %s (quoting inside the name): no "always"', async (line) => {
    await pkg('sh scripts/t.sh');
    await put('scripts/t.sh', `${line}\n`);
    await put('scripts/u.sh', 'echo u-orig\n');
    await noAlways('npm test', 'quotes or backslashes');
  });

  // Red team R19-3: a node_modules/.bin file of the repository's own runs lines of its own, read like a file run by path.
  test('a .bin shell script that runs another script: that one is keyed, its change asks again', async () => {
    await pkg('mytest');
    await put('node_modules/.bin/mytest', '#!/bin/sh\nsh scripts/u.sh\n');
    await chmod(join(box.root, 'node_modules/.bin/mytest'), 0o755);
    await put('scripts/u.sh', 'echo u-orig\n');
    const question = await asksAfter('npm test', () => put('scripts/u.sh', 'echo marker-ok-changed-u\n'));
    expect(question).toContain('node_modules/.bin/mytest: sh scripts/u.sh');
  });

  test('a .bin file of another interpreter (not an installed package\'s link): no "always"', async () => {
    await pkg('mytest');
    await put('node_modules/.bin/mytest', '#!/usr/bin/env node\nrequire("./mytest.config.js");\n');
    await chmod(join(box.root, 'node_modules/.bin/mytest'), 0o755);
    await noAlways('npm test', 'another interpreter');
  });

  // Red team R20-14: an installed package's link to a shell script runs what the script names, in the workspace.
  test('an installed package\'s .bin link to a shell script: the script it runs is keyed, its change asks again', async () => {
    await pkg('mytest');
    await put('node_modules/x/package.json', JSON.stringify({ name: 'x', version: '1.0.0', bin: { mytest: 'cli.sh' } }));
    await put('node_modules/x/cli.sh', '#!/bin/sh\nsh scripts/u.sh\n');
    await chmod(join(box.root, 'node_modules/x/cli.sh'), 0o755);
    await mkdir(join(box.root, 'node_modules/.bin'), { recursive: true });
    execFileSync('ln', ['-s', '../x/cli.sh', join(box.root, 'node_modules/.bin/mytest')]);
    await put('scripts/u.sh', 'echo u-orig\n');
    const question = await asksAfter('npm test', () => put('scripts/u.sh', 'echo marker-ok-changed-binlink\n'));
    expect(question).toContain('node_modules/.bin/mytest: sh scripts/u.sh');
  });

  test('control: an installed package\'s .bin link keeps the "always"', async () => {
    await pkg('tool --check');
    await put('node_modules/tool/cli.js', '#!/usr/bin/env node\nconsole.log(1);\n');
    await mkdir(join(box.root, 'node_modules/.bin'), { recursive: true });
    execFileSync('ln', ['-s', '../tool/cli.js', join(box.root, 'node_modules/.bin/tool')]);
    const first = await call('npm test', 'no');
    expect(first.asked[0]!.options).toContain('always');
  });

  // Red team R19-15, R19-18: settings that move npm's or pnpm's configuration out of what is read.
  test.each([
    ['.npmrc', 'globalconfig=./u.npmrc\n', 'project .npmrc sets globalconfig'],
    ['.npmrc', 'userconfig=./u.npmrc\n', 'project .npmrc sets userconfig'],
    ['.npmrc', 'shell-emulator=true\n', 'project .npmrc sets shell-emulator'],
    ['pnpm-workspace.yaml', 'packages:\n  - pkgs/*\nscriptShell: ./scripts/evil\n', 'pnpm-workspace.yaml sets scriptShell'],
  ])('%s with %j: no "always"', async (file, body, why) => {
    await put('u.npmrc', 'script-shell=./scripts/evil\n');
    await put(file, body);
    await noAlways('npm test', why);
  });

  test('control: a pnpm-workspace.yaml of package lists and catalogs keeps the "always"', async () => {
    await put('pnpm-workspace.yaml', 'packages:\n  - pkgs/*\ncatalog:\n  react: ^18\nonlyBuiltDependencies:\n  - esbuild\n');
    const first = await call('npm test', 'no');
    expect(first.asked[0]!.options).toContain('always');
  });

  test('node-options that load code: no "always"', async () => {
    await put('.npmrc', 'node-options=--require ./scripts/hook.js\n');
    await put('scripts/hook.js', '');
    await noAlways('npm test', 'loads code not followed here');
  });
});
