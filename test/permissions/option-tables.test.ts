// The option tables are built on first use (issue 31: building all of them at module load cost every
// shell-line decision). A malformed spelling now throws when its table is first read, not when the module
// loads: every table of every list is built here, so none can hide one.
import { describe, expect, it } from 'vitest';
import { PROGRAMS, programVeto } from '../../src/permissions/options/index.js';
import { GIT_SUBCOMMANDS } from '../../src/permissions/options/git-tables.js';
import { GIT_WRITE_TABLES } from '../../src/permissions/options/git-write.js';
import { spec } from '../../src/permissions/options/spec.js';
import { TAR } from '../../src/permissions/options/tar.js';
import type { ProgramSpec } from '../../src/permissions/options/types.js';

describe('option tables', () => {
  it('a table is not parsed until it is read, and a malformed one throws then', () => {
    const program = spec({ safe: '--fine notadash' });
    expect(() => program.table).toThrow(/notadash.*does not start with a dash/);
  });

  it('a table is built once and answers the same object after', () => {
    const program = spec({ safe: '-a|--all', unsafe: { '-o=|--output=': 'writes a file' } });
    const first = program.table;
    expect(program.table).toBe(first);
    expect(first?.long.get('--output')).toEqual({ name: '--output', arity: 'required', unsafe: 'writes a file' });
    expect(first?.short.get('a')).toEqual({ name: '--all', arity: 'none' });
  });

  it('every table of every list builds', () => {
    const lists: Readonly<Record<string, ProgramSpec>>[] = [PROGRAMS, GIT_SUBCOMMANDS, GIT_WRITE_TABLES, { tar: TAR }];
    let built = 0;
    for (const list of lists) {
      for (const program of Object.values(list)) {
        if (program.table === undefined) continue;
        expect(program.table.long.size + program.table.short.size).toBeGreaterThan(0);
        built++;
      }
    }
    expect(built).toBeGreaterThan(100);
    // kubectl's tables are its own (tools.ts): each reading subcommand builds its table and its globals'.
    for (const sub of ['get', 'describe', 'version', 'api-resources', 'api-versions', 'explain', 'cluster-info']) expect(programVeto('kubectl', ['-n', 'x', sub])).toBeUndefined();
  });
});
