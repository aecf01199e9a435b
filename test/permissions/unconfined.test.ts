// Red team R13-18: with no OS sandbox (--sandbox off, or none runs here) the parse is the only guard of
// what a line writes. `cd ~ && echo x >> .bashrc`, inline interpreter code and scripts from outside the
// workspace wrote the home start-up file under --yes. Such lines now need a person (C241 under --yes, a
// question under an allow rule) that says why (nothing contains the run) and names the fix (turn the
// sandbox on); the workspace's own scripts, builds and tests run as before. In-process engine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'gen.py': "open('out.txt', 'w').write('x')\n", 'gen.js': "require('fs').writeFileSync('out.txt', 'x')\n", 'Makefile': 'all:\n\techo made > out.txt\n', 'sub/a.txt': 'a\n' });
  await writeFiles(box.home, { '.bashrc': '# rc\n', 'x.py': "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('PWNED')\n", 'x.sh': 'echo PWNED >> ~/.bashrc\n' });
});
afterEach(async () => box.cleanup());

async function run(cmd: string, options: { sandbox?: 'off' | 'jailed' | 'auto'; allow?: boolean; asked?: ApprovalRequest[] } = {}): Promise<string> {
  const approver = options.asked ? async (request: ApprovalRequest): Promise<'no'> => (options.asked!.push(request), 'no') : undefined;
  const engine = await createEngine({
    workspace: box.root,
    env: { HOME: box.home, PATH: process.env['PATH'] ?? '', ...(options.sandbox === 'off' || options.sandbox === undefined ? NO_JAIL : {}) },
    ...(options.sandbox === 'auto' ? {} : { sandbox: { mode: 'off' as const } }),
    permissions: { home: box.home, yes: approver === undefined, ...(approver ? { approver } : {}), ...(options.allow ? { cliRules: { allow: ['@coder exec *'] } } : {}) },
  });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : `${result.error.code} ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

const rc = (): Promise<string> => readFile(join(box.home, '.bashrc'), 'utf8');

// A move to the home or to a folder only known at run time: the immune path classes place the later paths there first
// (fix32b: the home is a base, `cd "$D"` leaves the line's relative paths unknown), so the ask is the immune one.
const MOVED = [
  // fix83: awk runs code before its system() line, which may make the folder `..` leaves a link: unknown (immune).
  `awk 'BEGIN { system("echo PWNED >> ../home/.bashrc") }'`,
  'cd ~ && echo x >> .bashrc',
  'cd && echo x >> .bashrc',
  'cd "$HOME"; echo x >> .bashrc',
  'cd "$D" && sh -c "echo x >> .bashrc"',
  'pushd ~ >/dev/null; echo x >> .bashrc',
  'sh -c "cd ~ && echo x >> .bashrc"',
];

const UNBOUNDED = [
  'cd ../home && echo x >> .bashrc',
  // `cd - && touch y`: safety-immune first (OLDPWD may be any folder: cd-readers-r31.test.ts).
  'env -C ~ sh -c "echo x >> .bashrc"',
  'make -C ../home',
  'git -C ~ init',
  'find ~ -maxdepth 0 -exec touch {}/zz \\;',
  'ln -s ~ h && echo x >> h/.bashrc',
  'ln -s ../home hh; echo x >> hh/.bashrc',
  'ln ../home/.bashrc r && echo x >> r',
  `awk 'BEGIN { print "PWNED" > "../home/.bashrc" }'`,
  "sed -n 's/a/PWNED/w ../home/.bashrc' sub/a.txt",
  `python3 -c "import os;open(os.path.expanduser('~/.bashrc'),'a').write('PWNED')"`,
  `node -e "require('fs').appendFileSync(require('os').homedir()+'/.bashrc','PWNED')"`,
  `python3 - <<'EOF'\nimport os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('PWNED')\nEOF`,
  `echo "print(1)" | python3`,
  'python3 -c "print(1)"',
  'python3 ~/x.py',
  'python3 ../home/x.py',
  'bash ~/x.sh',
  'sh ../home/x.sh',
  // A program that is not read-only given a path outside (red team R14-19: cp into a PATH folder).
  'cp sub/a.txt ~/x.txt',
  'install -m 644 sub/a.txt ~/y',
  'cp -t ~ sub/a.txt',
  'make install PREFIX=/nonexistent-codeward',
  'node gen.js --out=~/z',
  'cp sub/a.txt /nonexistent-codeward/x',
];

describe('--sandbox off: a line whose writes the parse cannot bound needs a person', () => {
  it.each(MOVED)('--yes %j: C241 (safety-immune, placed where the line moved); ~/.bashrc untouched', async (line) => {
    expect(await run(line)).toMatch(/^C241 .*safety-immune: (?:a start-up or settings file of your home folder|arguments of a sensitive command only known at run time)/);
    expect(await rc()).toBe('# rc\n');
  });
  it.each(UNBOUNDED)('--yes %j: C241 naming why and the fix; ~/.bashrc untouched', async (line) => {
    const out = await run(line);
    expect(out).toMatch(/^C241 /);
    expect(out).toMatch(/nothing contains this run/);
    expect(out).toMatch(/turn the OS sandbox on/);
    expect(await rc()).toBe('# rc\n');
  });

  it('an allow rule does not approve it: a person is asked, told why and how to turn the sandbox on', async () => {
    const asked: ApprovalRequest[] = [];
    expect(await run('cd ../home && echo x >> .bashrc', { allow: true, asked })).toMatch(/^C24/);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.source).toBe('immune');
    expect(asked[0]!.reason).toMatch(/the OS sandbox is turned off.*nothing contains this run.*turn the OS sandbox on/);
    expect(await rc()).toBe('# rc\n');
  });
});

// Red team R14b-4: an operand that lands outside through a workspace symlink made earlier (`ln -s
// /usr/local/bin bin`, then `cp x bin/`) is an outside path like one spelled directly; a dangling link is
// followed to where it points. The outside folder is below /var/tmp (the temporary folder is writable
// by design, and /proc or /etc are another class's).
describe('--sandbox off: a path that leaves the workspace through a symlink needs a person', () => {
  let outside: string;
  beforeEach(async () => {
    outside = await mkdtemp('/var/tmp/cw-unconfined-');
    await symlink(outside, join(box.root, 'bin'));
    await symlink('/nonexistent-codeward/deep/out', join(box.root, 'out'));
    await symlink('sub', join(box.root, 'inside'));
  });
  afterEach(async () => rm(outside, { recursive: true, force: true }));
  it.each(['cp sub/a.txt bin/', 'cp sub/a.txt bin/x', 'install -m 644 sub/a.txt bin/y', 'sh -c "cp sub/a.txt bin/"', 'cp sub/a.txt out', 'echo x > out', 'cd sub && cp a.txt ../bin/', 'cp --target-directory=bin sub/a.txt', 'mv sub/a.txt out'])('--yes %j: C241', async (line) => {
    const out = await run(line);
    expect(out).toMatch(/^C241 /);
    expect(out).toMatch(/outside the workspace/);
    expect(await readdir(outside)).toEqual([]);
  });
  it.each(['cp sub/a.txt inside/b.txt', 'echo x > inside/c.txt', 'ls bin/ >/dev/null', 'cp sub/a.txt newname.txt'])('--yes %j (a link inside, a read, a plain name) runs', async (line) => {
    expect(await run(line)).toBe('ran');
  });
});

describe('--sandbox off: the workspace\'s own scripts, builds and tests run as before', () => {
  it.each(['python3 gen.py', 'node gen.js', 'make', 'sh -c "echo x > out.txt"', 'cd sub && echo x > ../out.txt', 'echo x > /tmp/codeward-unconfined-test.txt', 'cd ~ && ls', 'ls ~ && cat ~/.bashrc 2>/dev/null || true', 'git -C sub --version', 'env -C sub ls', 'find . -name "*.txt" -exec cat {} +', 'ln -s sub/a.txt b.txt', "awk '{ print $1 }' sub/a.txt", "sed -n 's/a/b/p' sub/a.txt", "sed -i 's/a/b/' sub/a.txt"])(
    '--yes %j runs',
    async (line) => {
      expect(await run(line)).toBe('ran');
    },
  );
  it('python3 gen.py wrote its file in the workspace', async () => {
    expect(await run('python3 gen.py')).toBe('ran');
    expect(existsSync(join(box.root, 'out.txt'))).toBe(true);
  });
});

describe.skipIf(!bwrapWorks)('with the OS sandbox on, inline code runs under --yes (the sandbox contains it)', () => {
  it('python3 -c "print(1)" runs', async () => {
    expect(await run('python3 -c "print(1)"', { sandbox: 'auto' })).toBe('ran');
  });
  // fix33a: `--sandbox off` where bwrap runs jails the run's writes (sandbox/write-jail.ts): no question either.
  // (This file's home lies in the temporary folder, which the jail leaves writable: test/redteam33/write-jail-r33
  // checks the refused writes.)
  it('--sandbox off in the write jail: python3 -c "print(1)" runs unasked', async () => {
    expect(await run('python3 -c "print(1)"', { sandbox: 'jailed' })).toBe('ran');
  });
});
