// Issue 31 (perf36): the option tables of git's subcommands (their `--no-` negations), `git config`'s and the GNU long
// options of the wrappers (shell/long-options.ts) are built when first read, not when their modules load (a plain
// `exec --cmd true` built every one of them). Building them later must not change one entry: each table's content is
// compared with the digest of what the eager build made (taken at a2773262 + perf36's first commits, before the change).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIT_SUBCOMMANDS } from '../../src/permissions/options/git-tables.js';
import { GIT_CONFIG } from '../../src/permissions/options/git-config.js';
import { LONG_OPTIONS } from '../../src/shell/long-options.js';
import type { OptionTable, ProgramSpec } from '../../src/permissions/options/types.js';

const entries = (table: OptionTable | undefined): unknown => table && {
  long: [...table.long].sort(([a], [b]) => (a < b ? -1 : 1)),
  short: [...table.short].sort(([a], [b]) => (a < b ? -1 : 1)),
  abbreviations: table.abbreviations, singleDashLong: table.singleDashLong, numericOption: table.numericOption, permute: table.permute,
};
const specOf = (spec: ProgramSpec): unknown => ({ table: entries(spec.table), check: spec.check !== undefined });
const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('tables built on first use equal the eager build', () => {
  it('git subcommands (each with its --no- negations)', () => {
    const all = Object.keys(GIT_SUBCOMMANDS).sort().map((name) => [name, specOf(GIT_SUBCOMMANDS[name]!)]);
    expect(all.length).toBeGreaterThan(10);
    expect(digest(all)).toBe('33ca4c7e82dbd63d');
  });

  it('git config', () => {
    expect(digest(specOf(GIT_CONFIG))).toBe('2c9d458420bc3604');
  });

  it('the GNU long options of the wrappers', () => {
    // Each row's fields by name (the order a row's fields were written in is not its content).
    const row = (name: string): unknown => Object.fromEntries(Object.entries({ ...LONG_OPTIONS[name] }).sort(([a], [b]) => (a < b ? -1 : 1)));
    const all = Object.keys(LONG_OPTIONS).sort().map((name) => [name, row(name)]);
    expect(digest(all)).toBe('792a3463bd9a188e');
  });
});
