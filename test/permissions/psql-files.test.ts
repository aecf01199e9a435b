// Red team R21-3 (issue 26): psql runs the meta-commands of the files it reads (`-f FILE`, `--file=FILE`, `\i` /
// `\ir` in its -c text or in such a file, PSQLRC), and `\!` there runs a shell command as it does in -c text. The
// files are read through the read jail (permissions/immune-command-files.ts); one codeward cannot read asks.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await mkdir(join(box.root, 'db'));
  await writeFile(join(box.root, 'evil.sql'), 'select 1;\n\\! git push origin\n');
  await writeFile(join(box.root, 'backtick.sql'), "\\set x `git push origin`\n");
  await writeFile(join(box.root, 'piped.sql'), 'select 1 \\g |git push\n');
  await writeFile(join(box.root, 'ok.sql'), 'create table t (a int);\nselect 1;\n');
  await writeFile(join(box.root, 'db', 'inner.sql'), '\\ir ../evil.sql\n');
  await writeFile(join(box.root, 'inc.sql'), '\\i db/inner.sql\n');
  await writeFile(join(box.root, 'loop.sql'), '\\i loop.sql\n');
  await symlink(join(box.root, 'evil.sql'), join(box.root, 'link.sql'));
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<{ decision: string; reason?: string }> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)) as { decision: string; reason?: string };

describe('psql runs the meta-commands of the files it reads', () => {
  it.each([
    'psql -f evil.sql',
    'psql --file=evil.sql',
    'psql --file evil.sql',
    'psql -fevil.sql',
    'psql -Xf evil.sql',
    'psql --fil=evil.sql',
    'psql -q -f backtick.sql',
    'psql -f piped.sql',
    'psql -f inc.sql',
    'psql -f loop.sql',
    'psql -f link.sql',
    'psql -f missing.sql',
    'psql -f "$F"',
    "psql -c '\\i evil.sql'",
    "psql -c '\\ir evil.sql'",
    "psql -c '\\include db/inner.sql'",
    'PSQLRC=./evil.sql psql',
    'export PSQLRC=evil.sql; psql -c "select 1"',
    "psql -c '\\set x `git push`'",
  ])('%s asks or is denied', async (line) => {
    const found = await decide(line);
    expect(found.decision).not.toBe('allow');
  });

  it('the question names the file', async () => {
    expect((await decide('psql -f evil.sql')).reason).toContain('evil.sql');
  });

  it.each(['psql -f ok.sql', "psql -c '\\i ok.sql'", 'PSQLRC=./ok.sql psql -c "select 1"', 'psql -c "select 1"', 'psql -X', 'psql -f -', "psql -c '\\echo hi'"])('ordinary: %s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
});

describe('~/.psqlrc in a home workspace', () => {
  it('psql reads the start-up file of a home folder in the workspace (unless -X)', async () => {
    const saved = process.env['HOME'];
    process.env['HOME'] = box.root;
    await writeFile(join(box.root, '.psqlrc'), '\\! git push origin\n');
    try {
      expect((await decide('psql -c "select 1"')).decision).not.toBe('allow');
      expect((await decide('psql -X -c "select 1"')).decision).toBe('allow');
    } finally {
      process.env['HOME'] = saved;
    }
  });
});
