import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROGRAMS, programVeto } from '../../src/permissions/options/index.js';
import { GIT_SUBCOMMANDS } from '../../src/permissions/options/git-tables.js';
import { GIT_WRITE_TABLES } from '../../src/permissions/options/git-write.js';
import { TAR } from '../../src/permissions/options/tar.js';
import type { OptionDef, ProgramSpec } from '../../src/permissions/options/types.js';

// The tables, tested mechanically: every spelling git/GNU getopt would accept for an unsafe option is
// never read-only, every safe option alone is, and the tables cover the installed programs' manuals.

// An operand that makes the program's own check pass (sed needs a script, awk a program).
const BASE: Readonly<Record<string, readonly string[]>> = { sed: ['p'], awk: ['1'], gawk: ['1'], mawk: ['1'], nawk: ['1'], uniq: [], printenv: ['HOME'] };
const base = (name: string): readonly string[] => BASE[name] ?? [];

const tabled = Object.entries(PROGRAMS).filter((entry): entry is [string, ProgramSpec & { table: NonNullable<ProgramSpec['table']> }] => entry[1].table !== undefined);
const withValue = (spelling: string, def: OptionDef): string[] => (def.arity === 'required' ? [spelling, 'v'] : [spelling]);

describe('every unsafe option, in every spelling, is never read-only', () => {
  const cases: [string, string, string[]][] = [];
  for (const [name, program] of [...tabled, ...Object.entries(GIT_SUBCOMMANDS).map(([sub, p]) => [`git ${sub}`, p] as const)]) {
    const table = program.table!;
    for (const [spelling, def] of table.long) {
      if (!def.unsafe) continue;
      const start = table.singleDashLong ? 2 : 3;
      for (let end = start; end <= spelling.length; end++) {
        const prefix = spelling.slice(0, end);
        // An exact name wins over a prefix (`git grep --text` is --text, not --textconv).
        if (table.long.get(prefix)?.unsafe === undefined && table.long.has(prefix)) continue;
        cases.push([name, prefix, withValue(prefix, def)]);
        if (def.arity !== 'none') cases.push([name, `${prefix}=v`, [`${prefix}=v`]]);
      }
    }
    for (const [letter, def] of table.short) {
      if (!def.unsafe) continue;
      cases.push([name, `-${letter}`, withValue(`-${letter}`, def)]);
      // Behind every safe flag of the table, combined (`-no FILE`).
      for (const [other, safe] of table.short) if (!safe.unsafe && safe.arity === 'none' && other !== letter) cases.push([name, `-${other}${letter}`, withValue(`-${other}${letter}`, def)]);
    }
  }

  // tar is listed through its own check (bundled `tar tvf`), with its table behind it.
  for (const [spelling, def] of TAR.table!.long) {
    if (!def.unsafe) continue;
    for (let end = 3; end <= spelling.length; end++) {
      const prefix = spelling.slice(0, end);
      if (TAR.table!.long.has(prefix) && !TAR.table!.long.get(prefix)!.unsafe) continue;
      cases.push(['tar', prefix, ['-tf', 'x.tar', ...withValue(prefix, def)]]);
    }
  }

  test(`${cases.length} spellings`, () => {
    expect(cases.length).toBeGreaterThan(500);
    const passed = cases.filter(([name, , args]) => {
      const [program, sub] = name.split(' ');
      const full = sub ? [sub, ...args] : [...args, ...base(program!)];
      return programVeto(program!, full) === undefined;
    });
    expect(passed.map(([name, spelled]) => `${name} ${spelled}`)).toEqual([]);
  });
});

describe('every safe option alone is read-only (the tables do not refuse what they list)', () => {
  test.each(tabled.map(([name]) => name))('%s', (name) => {
    const program = PROGRAMS[name]!;
    const refused: string[] = [];
    for (const [spelling, def] of program.table!.long) {
      if (def.unsafe || program.check) continue;
      const args = def.arity === 'required' ? [`${spelling}=v`] : [spelling];
      const veto = programVeto(name, [...args, ...base(name)]);
      if (veto) refused.push(`${spelling}: ${veto}`);
    }
    expect(refused).toEqual([]);
  });
});

// Random combinations: safe options, operands, then one vetoed option in a random spelling.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('property: a vetoed option hidden among safe ones is never read-only', () => {
  test('2,000 random lines', () => {
    const next = random(21);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const unsafeTables = tabled.filter(([, p]) => [...p.table.long.values()].some((d) => d.unsafe));
    const escaped: string[] = [];
    for (let round = 0; round < 2000; round++) {
      const [name, program] = pick(unsafeTables);
      const safeLong = [...program.table.long.entries()].filter(([, d]) => !d.unsafe && d.arity === 'none').map(([s]) => s);
      const unsafe = [...program.table.long.entries()].filter(([, d]) => d.unsafe);
      const [spelling, def] = pick(unsafe);
      const cut = program.table.abbreviations ? Math.max(3, Math.ceil(next() * spelling.length)) : spelling.length;
      const bad = spelling.slice(0, cut);
      const args: string[] = [];
      for (let i = Math.floor(next() * 3); i > 0 && safeLong.length > 0; i--) args.push(pick(safeLong));
      args.push(...base(name), 'file.txt');
      const at = Math.floor(next() * (args.length + 1));
      args.splice(at, 0, ...(def.arity === 'none' ? [bad] : next() < 0.5 ? [`${bad}=x`] : [bad, 'x']));
      if (programVeto(name, args) === undefined) escaped.push(`${name} ${args.join(' ')}`);
    }
    expect(escaped).toEqual([]);
  });
});

// The manual: every long option the installed program's --help names is in its table.
const HELP = ['stat', 'file', 'join', 'cksum', 'strings', 'column', 'hexdump', 'hostname', 'free', 'more', 'printenv', 'sort', 'head', 'tail', 'cat', 'ls', 'wc', 'cut', 'tr', 'diff', 'grep', 'sed', 'uniq', 'du', 'df', 'nl', 'tac', 'od', 'base64', 'cmp', 'comm', 'paste', 'fold', 'fmt', 'expand', 'unexpand', 'realpath', 'readlink', 'basename', 'dirname', 'md5sum', 'date', 'uname', 'id', 'less'];
describe('the tables cover the installed manuals (--help)', () => {
  test.each(HELP)('%s', (name) => {
    const run = spawnSync(name, ['--help'], { encoding: 'utf8' });
    if (run.error) return; // not installed here
    const named = new Set([...run.stdout.matchAll(/(?:^|[\s,[])(--[a-zA-Z][a-zA-Z0-9-]+)/g)].map((m) => m[1]!));
    const table = PROGRAMS[name]!.table!;
    const missing = [...named].filter((option) => !table.long.has(option) && !/^--(?:[A-Z]TYPE|GTYPE|LTYPE)/.test(option));
    expect(missing).toEqual([]);
    // Short options: `  -x, --long` and `  -x ARG` lines (`-NUM` is a count, cut's `-M` a range, not options).
    const letters = new Set([...(run.stdout + run.stderr).matchAll(/(?:^|\n)\s+(?:-[^-\s],\s+)*-([^-\s])(?=[,\s[=A-Z]|$)/g)].map((m) => m[1]!));
    expect([...letters].filter((letter) => !table.short.has(letter) && !(letter === 'N' && table.numericOption) && !(name === 'cut' && letter === 'M'))).toEqual([]);
  });
});

// From the attacker's side, with the real programs: the spellings git and GNU accept do what the issue says.
describe('real programs', () => {
  const git = spawnSync('git', ['--version']).status === 0;
  test.skipIf(spawnSync('sort', ['--version']).status !== 0)('GNU sort --outp=FILE writes FILE (so it must not be read-only)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'codeward-sort-'));
    try {
      const out = join(dir, 'p.awk');
      spawnSync('sort', [`--outp=${out}`, '/dev/null']);
      expect(existsSync(out)).toBe(true);
      expect(programVeto('sort', [`--outp=${out}`, '/dev/null'])).toMatch(/writes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.skipIf(!git)("git's revision parser refuses abbreviations, parse-options accepts them", () => {
    const dir = mkdtempSync(join(tmpdir(), 'codeward-git-'));
    try {
      const g = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
      g('init', '-q');
      g('commit', '-q', '--allow-empty', '-m', 'a');
      expect(g('log', `--outp=${join(dir, 'x')}`).status).not.toBe(0);
      expect(existsSync(join(dir, 'x'))).toBe(false);
      expect(g('status', '--shor').status).toBe(0);
      expect(g('grep', '--open=true', 'x').status).not.toBe(128);
      expect(programVeto('git', ['grep', '--open=true', 'x'])).toMatch(/program/);
      expect(programVeto('git', ['log', `--outp=${join(dir, 'x')}`])).toMatch(/output/);
      expect(readFileSync(join(dir, '.git/HEAD'), 'utf8')).toContain('ref:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// git's own list of each parse-options table (`git <cmd> --git-completion-helper-all`) is in ours.
describe('the git tables cover git --git-completion-helper-all', () => {
  const git = spawnSync('git', ['--version']).status === 0;
  const tables: [string, ProgramSpec][] = [...Object.entries(GIT_SUBCOMMANDS), ...Object.entries(GIT_WRITE_TABLES)];
  test.skipIf(!git).each(tables.map(([sub]) => sub))('git %s', (sub) => {
    const dir = mkdtempSync(join(tmpdir(), 'codeward-gitopt-'));
    try {
      spawnSync('git', ['init', '-q'], { cwd: dir });
      // sparse-checkout's options belong to its subcommands (set/add/init take the same table).
      const command = sub === 'sparse-checkout' ? [sub, 'set'] : [sub];
      const run = spawnSync('git', [...command, '--git-completion-helper-all'], { cwd: dir, encoding: 'utf8' });
      const listed = run.stdout.split(/\s+/).filter((word) => word.startsWith('--') && word !== '--').map((word) => word.replace(/=$/, ''));
      expect(listed.length).toBeGreaterThan(0);
      const table = tables.find(([name]) => name === sub)![1].table!;
      expect(listed.filter((option) => !table.long.has(option))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
