import { describe, expect, it, vi } from 'vitest';

// Issue 31: a program's option table is built when a call first asks for it, not for every program when
// the shell gate loads; the answers are the same.

describe('option tables built on first use', () => {
  it('builds no table at load, and a program\'s table when it is first judged (then kept)', async () => {
    vi.resetModules();
    const { PROGRAMS, programVeto } = await import('../../src/permissions/options/index.js');
    const built = (name: string): boolean => Object.getOwnPropertyDescriptor(PROGRAMS[name], 'table')?.get === undefined;
    expect(built('ls')).toBe(false);
    expect(built('grep')).toBe(false);
    expect(programVeto('ls', ['-la', '--color=auto'])).toBeUndefined();
    expect(programVeto('ls', ['--bogus'])).toMatch(/bogus/);
    expect(built('ls')).toBe(true);
    expect(built('grep')).toBe(false);
    expect(PROGRAMS['ls']!.table).toBe(PROGRAMS['ls']!.table);
  });

  it('gives the table each spelling list describes, the same each time it is built', async () => {
    const { spec } = await import('../../src/permissions/options/spec.js');
    const input = { safe: '-a|--all --color[=]', unsafe: { '-o=|--output=': 'writes a file' } };
    const table = spec(input).table!;
    expect(spec(input).table).toEqual(table);
    expect(table.long.get('--all')).toEqual({ name: '--all', arity: 'none' });
    expect(table.short.get('o')).toEqual({ name: '--output', arity: 'required', unsafe: 'writes a file' });
    expect(() => spec({ safe: 'x' }).table).toThrow(/does not start with a dash/);
  });
});
