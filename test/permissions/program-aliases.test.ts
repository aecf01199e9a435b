// R25-7's class: a program installed under another name (Debian's `yarnpkg` is yarn 1, `slogin` is ssh) must be
// known wherever the program is: the rules at the top of a line and inside what it launches, the package scripts
// and task recipes the rule readers follow, and the hook walk the write gate obeys (a hook, a package script or a
// Makefile recipe running `yarnpkg test`). Each alias of shell/program-aliases.ts runs through every door here
// beside its program, and no other source file may name an alias (one table: the next alias cannot be added to one
// door only). Old code: `make t` / `npm run s` / `just j` running `yarnpkg g` were allowed under `deny git push*`,
// `yarnpkg exec git push` only asked, and a hook running `yarnpkg test` made the whole tree immune.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_ALIASES } from '../../src/shell/program-aliases.js';
import { REPO_ROOT } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';
import { decideTask } from './task-runner-decide.js';

const PUSH = 'git push origin main';
// Per program: `args` after its name run a project file that pushes (judged under `deny git push*`); `hook`: words
// after its name in a hook, with the files that say what it runs, the ones the write gate obeys and the free ones.
interface Fixture {
  readonly args: string;
  readonly files: Record<string, string>;
  readonly hook: { readonly args: string; readonly files: Record<string, string>; readonly asks: readonly string[]; readonly free: readonly string[] };
  // Doors through which the program itself is allowed today (not the alias's doing: reported LEFT, left28).
  readonly allowed?: readonly string[];
}
const FIXTURES: Readonly<Record<string, Fixture>> = {
  yarn: {
    args: 'g',
    files: { 'package.json': JSON.stringify({ scripts: { g: PUSH } }) },
    hook: { args: 'test', files: { 'package.json': JSON.stringify({ scripts: { test: 'node tools/t.js' } }), 'tools/t.js': '', 'src/a.js': '' }, asks: ['tools/t.js'], free: ['src/a.js'] },
  },
  ssh: {
    args: '-F cfg h true',
    files: { cfg: `Host *\n  ProxyCommand ${PUSH}\n` },
    // ssh runs no file of the work tree the walk follows: the alias only has to be read as ssh is.
    hook: { args: 'h true', files: { 'src/a.js': '' }, asks: [], free: [] },
    // A script or recipe line whose command is only known at run time (the config's ProxyCommand) is not taken by
    // decide-scripts.ts (only deny-like asks are): `make m` with `ssh -F cfg h` is allowed as ssh and as slogin.
    allowed: ['a package script', 'a Makefile recipe', 'a justfile recipe'],
  },
  // Debian's `editor` / `sensible-editor` (red team R27-2): a vim script file the line names runs its commands.
  vim: {
    args: '-es -S s.vim',
    files: { 's.vim': `call system('${PUSH}')\nqa!\n` },
    hook: { args: '-es -S tools/s.vim', files: { 'tools/s.vim': 'qa!\n' }, asks: ['tools/s.vim'], free: [] },
    // A script or recipe line that runs a program file: the file is shown, not judged (design boundary R25-6).
    allowed: ['a package script', 'a Makefile recipe', 'a justfile recipe'],
  },
  // BWK awk's Debian names: an awk program file's system() runs.
  awk: {
    args: '-f p.awk',
    files: { 'p.awk': `BEGIN { system("${PUSH}") }\n` },
    hook: { args: '-f tools/p.awk', files: { 'tools/p.awk': 'BEGIN { }\n' }, asks: ['tools/p.awk'], free: [] },
    allowed: ['a package script', 'a Makefile recipe', 'a justfile recipe'],
  },
  // Debian's `nodejs` (left30): node running a file that pushes; the hook runs a file of the work tree.
  node: {
    args: "-e \"require('child_process').execSync('git push origin main')\"",
    files: {},
    hook: { args: 'tools/t.js', files: { 'tools/t.js': '', 'src/a.js': '' }, asks: ['tools/t.js'], free: ['src/a.js'] },
  },
  // GNU make as `gmake` (left30): a makefile whose recipe pushes; the hook's make runs a recipe's script (the walk
  // also reads tools/t.mk, a file the line names, as a script: unmodeled, so no file is free).
  make: {
    args: '-f push.mk g',
    files: { 'push.mk': `g:\n\t${PUSH}\n` },
    hook: { args: '-f tools/t.mk test', files: { 'tools/t.mk': 'test:\n\tsh tools/t.sh\n', 'tools/t.sh': '', 'src/a.js': '' }, asks: ['tools/t.mk', 'tools/t.sh'], free: [] },
  },
};

// `files` with package.json's scripts `scripts` added.
const withScripts = (files: Record<string, string>, scripts: Record<string, string>): Record<string, string> => {
  const own = (JSON.parse(files['package.json'] ?? '{}') as { scripts?: Record<string, string> }).scripts;
  return { ...files, 'package.json': JSON.stringify({ scripts: { ...own, ...scripts } }) };
};

// The doors a line reaches the rules through, for one program spelling `name`: the files (over the fixture's) and
// the line.
const doors = (name: string, args: string, files: Record<string, string>): [door: string, files: Record<string, string>, line: string][] => [
  ['the line itself', files, `${name} ${args}`],
  ['a package script', withScripts(files, { s: `${name} ${args}` }), 'npm run s'],
  ['a Makefile recipe', { ...files, Makefile: `m:\n\t${name} ${args}\n` }, 'make m'],
  ['a justfile recipe', { ...files, justfile: `j:\n\t${name} ${args}\n` }, 'just j'],
  ['sh -c', files, `sh -c '${name} ${args}'`],
  ['env', files, `env ${name} ${args}`],
];
// The doors a hook reaches the walk through.
const hookDoors = (name: string, args: string, files: Record<string, string>): [door: string, hook: string, files: Record<string, string>][] => [
  ['the hook line', `${name} ${args}`, files],
  ['the hook line by its system path', `/usr/bin/${name} ${args}`, files],
  ['a package script the hook runs', 'npm run h', withScripts(files, { h: `${name} ${args}` })],
  ['a Makefile recipe the hook runs', 'make h', { ...files, Makefile: `h:\n\t${name} ${args}\n` }],
];

const place = rowPlace('cw-aliases-');
const WORD_ALIASES = new Set(['editor']);

describe('program aliases (shell/program-aliases.ts) are known at every door', () => {
  it('every alias has a fixture for its program', () => {
    for (const [alias, program] of PROGRAM_ALIASES) expect(FIXTURES[program], `${alias} -> ${program}`).toBeDefined();
  });

  it('no other source file names an alias (the one table)', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
    const named: string[] = [];
    for (const file of files(join(REPO_ROOT, 'src'))) {
      if (file.endsWith('program-aliases.ts')) continue;
      const code = readFileSync(file, 'utf8').split('\n').filter((line) => !line.trim().startsWith('//'));
      for (const [alias] of PROGRAM_ALIASES) {
        // `editor` is also a word of settings and catalogues (core.editor, npm's editor key, the editors' family): the
        // doors below check it is read as vim; a file naming the word is no second alias table.
        if (WORD_ALIASES.has(alias)) continue;
        const pattern = new RegExp(`(?<![\\w@/.-])${alias}(?![\\w/.-])`, 'i');
        if (code.some((line) => pattern.test(line))) named.push(`${relative(REPO_ROOT, file)}: ${alias}`);
      }
    }
    expect(named).toEqual([]);
  });

  for (const [alias, program] of PROGRAM_ALIASES) {
    const fixture = FIXTURES[program]!;
    const controls = doors(program, fixture.args, fixture.files);
    it.each(doors(alias, fixture.args, fixture.files).map(([door, files, line], i) => [door, files, line, controls[i]!] as const))(`${alias} through %s: judged as ${program} (deny git push*)`, async (door, files, line, [, controlFiles, controlLine]) => {
      const decided = await decideTask(files, line);
      if (!(fixture.allowed ?? []).includes(door)) expect(decided, line).not.toBe('allow');
      expect(decided, `${line} as ${controlLine}`).toBe(await decideTask(controlFiles, controlLine));
    });

    const hookControls = hookDoors(program, fixture.hook.args, fixture.hook.files);
    it.each(hookDoors(alias, fixture.hook.args, fixture.hook.files).map(([door, hook, files], i) => [door, hook, files, hookControls[i]!] as const))(`${alias} in %s: the hook walk reads it as ${program}`, async (_door, hook, files, [, controlHook, controlFiles]) => {
      const seen = await hookVerdict(place.next(), hook, files);
      const control = await hookVerdict(place.next(), controlHook, controlFiles);
      const relativeTo = (verdict: typeof seen): { unmodeled: boolean; files: string[] } => ({ unmodeled: verdict.unmodeled !== undefined, files: verdict.files.map((file) => relative(verdict.root, file)).sort() });
      expect(relativeTo(seen), hook).toEqual(relativeTo(control));
      // Writing under --yes: what the program runs asks, the rest stays free.
      if (fixture.hook.asks.length + fixture.hook.free.length > 0) await checkHookRow(place.next(), place.home, { hook, files, asks: fixture.hook.asks, free: fixture.hook.free, content: '// ok\n' });
    });
  }
});
