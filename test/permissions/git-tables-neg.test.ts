import { describe, expect, it, vi } from 'vitest';

// Issue 31: git's option tables add `--no-NAME` for every long option without a regular expression per
// name (8 ms of every call's start); the answers are the ones the per-name expression gave.

// What the tables were built with before: one expression per `--no-NAME`.
const reference = (list: string, known: string): string => {
  const names = list.split(/[\s|]+/).filter((x) => x.startsWith('--')).map((x) => `--no-${x.slice(2).replace(/\[?=\]?$/, '')}`);
  return names.filter((name) => !new RegExp(`(?:^|[\\s|])${name}(?:[\\s|=[]|$)`).test(known)).join(' ');
};

describe('git option tables: --no-NAME', () => {
  it('answers as the per-name expression did', async () => {
    const { NEG } = await import('../../src/permissions/options/git-tables.js');
    const known = '-v|--verbose --no-verbose --color[=] --no-colorize --no-abbrev= -q|--no-quiet[=]\n    --no-x|-y --porcelain[=]';
    const lists = [
      known,
      '--verbose --color[=] --colorize --abbrev= --quiet --x --porcelain[=] --porcelain-v2 --y=|-z --output= --out',
      '-a -b|--bee --no-bee --verbosity --quiet[=] --xx',
    ];
    for (const list of lists) for (const with_ of [known, '', '--no-out=', '--no-output[=]|--no-verbosity']) expect(NEG(list, with_)).toBe(reference(list, with_));
    expect(NEG('--verbose --colorize --porcelain[=] --out', known)).toBe('--no-porcelain --no-out');
  });

  it('builds every table without a regular expression per option', async () => {
    vi.resetModules();
    const original = globalThis.RegExp;
    let built = 0;
    globalThis.RegExp = new Proxy(original, {
      construct(target, args: [string | RegExp, string?]) {
        built += 1;
        return Reflect.construct(target, args) as RegExp;
      },
    });
    try {
      const { GIT_SUBCOMMANDS } = await import('../../src/permissions/options/git-tables.js');
      expect(Object.keys(GIT_SUBCOMMANDS).length).toBeGreaterThan(10);
    } finally {
      globalThis.RegExp = original;
    }
    // the old tables built one per long option (hundreds)
    expect(built).toBeLessThan(5);
  });
});
