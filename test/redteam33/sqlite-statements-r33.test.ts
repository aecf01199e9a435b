// Red team round 33, R33-8 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// sqlite3's statement operands are code (SQL and dot-commands). codeward asks for the ones that run a program
// (`.shell`, `.system`, `-cmd`, `-init FILE`: "a program running code codeward does not parse") but lets every other
// statement run, and several write a file named inside the SQL text, where the path judge never looks. Checked, each
// created ~/x unasked: `sqlite3 :memory: ".output ~/x" "select 1"`, `sqlite3 :memory: "VACUUM INTO '~/x'"`,
// `sqlite3 :memory: "ATTACH '~/x' AS y; create table y.t(a)"`, and the database operand as a URI
// `sqlite3 'file:~/x?mode=rwc' 'create table t(a)'` (the `file:` prefix hides the path).
// Held-back variants a fix must also cover: `.once`, `.save`/`.backup`, `.log FILE`, `.import` (reads), `.excel`
// (runs a viewer), `.load ./x.so` (runs native code), `load_extension()` in SQL, `.read FILE`, `-bail`/`-batch` forms,
// the same for psql (`\o`, `\!`, `\copy`), mysql (`system`, `tee`), duckdb (`COPY … TO`).
// Expected: asks (C241), as `sqlite3 :memory: '.shell touch ~/x'` does; `sqlite3 db.sqlite 'select 1'` (a database
// inside, a plain query) may run.
// Fix: ONE place, where sqlite3's operands are classed (the inline-code reading that already catches `.shell`): a
// statement operand is code the parse does not read (fails closed under --sandbox off) unless it is proven a plain
// query; the database operand is read as a path after a `file:` URI prefix. Not a longer list of dot-commands.
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): not done here.
import { describe, expect, it } from 'vitest';
import { outsideWrites } from '../helpers/yes-runs.js';

const { verdict } = outsideWrites('cw-rt33-sqlite-');

describe('R33-8 CRITICAL: a sqlite3 statement writes a file outside the workspace', () => {
  it.each([
    "sqlite3 :memory: '.output OUT' 'select 1'",
    "sqlite3 :memory: \"VACUUM INTO 'OUT'\"",
    "sqlite3 :memory: \"ATTACH 'OUT' AS y; create table y.t(a)\"",
    "sqlite3 'file:OUT?mode=rwc' 'create table t(a)'",
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

describe('control', () => {
  it.each(["sqlite3 :memory: '.shell touch OUT'", 'sqlite3 OUT "create table t(a)"'])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});
