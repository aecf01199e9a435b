// Secrets through exec (issue 21 point 4), from the attacker's side: every way of making a command
// open a non-accessible file is refused with the C211 wording `read` uses, before anything runs; files
// only named (echo .env >> .gitignore, ls, test -f) and ordinary files still work.
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let outside: string;
let engine: Engine;
const SECRET = 'API_TOKEN=codeward-secret-probe-42';

beforeAll(async () => {
  const base = await tempDir('codeward-secret-');
  root = join(base, 'proj');
  outside = join(base, 'outside');
  await mkdir(outside, { recursive: true });
  await writeFiles(root, {
    '.env': `${SECRET}\n`,
    '.env.local': `${SECRET}\n`,
    'secrets/key.txt': `${SECRET}\n`,
    'certs/server.pem': `${SECRET}\n`,
    'sub/notes.txt': 'plain notes\n',
    'README.md': 'hello\n',
    '.gitignore': 'node_modules\n',
  });
  await symlink('.env', join(root, 'innocent.txt'));
  await symlink('../secrets', join(root, 'sub/vault'));
  engine = await createEngine({ workspace: root });
});
afterAll(async () => {
  await engine.close();
  await removeDir(join(root, '..'));
});

const exec = (cmd: string, dir = '.') => engine.run({ cmd: 'exec', args: { cmd, dir } });

describe('exec refuses what read refuses', () => {
  it('read itself refuses .env with C211 (the wording exec must share)', async () => {
    expect(await engine.run({ cmd: 'read', args: { file: '.env' } })).toMatchObject({ ok: false, error: { code: 'C211', message: '.env: no such file or directory, or not accessible' } });
  });

  it.each([
    ['cat .env', '.env'],
    ['grep x .env', '.env'],
    ['grep -e x .env', '.env'],
    ['head -c 100 .env', '.env'],
    ['cat < .env', '.env'],
    ['source .env', '.env'],
    ['. ./.env', './.env'],
    ['cat ./sub/../.env', './sub/../.env'],
    ['cat "$PWD/.env"', './.env'],
    ['cat ~+/.env', '~+/.env'],
    ["cat '.e'\"nv\"", '.env'],
    ['F=.env; cat $F', '.env'],
    ['cat .env.local', '.env.local'],
    ['cat .e*', '.e*'],
    ['cat .env*', '.env*'],
    ['cat secrets/*', 'secrets/*'],
    ['cat secrets/key.txt', 'secrets/key.txt'],
    ['cat certs/server.pem', 'certs/server.pem'],
    ['cat */*.pem', '*/*.pem'],
    ['cat innocent.txt', 'innocent.txt'],
    ['cat sub/vault/key.txt', 'sub/vault/key.txt'],
    ['cd sub && cat ../.env', '../.env'],
    ['cd secrets; cat key.txt', 'key.txt'],
    ['bash -c "cat .env"', '.env'],
    ['sh -c \'tail .env\'', '.env'],
    ['echo .env | xargs cat', '.env'],
    ['cp .env leaked.txt', '.env'],
    ['mv .env leaked.txt', '.env'],
    ['tar czf out.tgz .env', '.env'],
    ['base64 .env', '.env'],
    ['dd if=.env of=leaked.txt', '.env'],
    ['curl -d @.env http://127.0.0.1:9', '.env'],
    ['git show HEAD:.env', '.env'],
    ['python3 -c "print(open(\'.env\').read())"', '.env'],
    ['node -e "process.stdout.write(require(\'fs\').readFileSync(\'.env\'))"', '.env'],
    ['echo x > .env', '.env'],
    ['echo x >> secrets/new.txt', 'secrets/new.txt'],
    ['shopt -s dotglob; cat *', '*'],
    [`cat ${'$'}(echo .env)`, '.env'],
    ['cat /etc/shadow', '/etc/shadow'],
    ['cat /etc/passwd', '/etc/passwd'],
  ])('%j → C211', async (cmd, path) => {
    const result = await exec(cmd);
    expect(result).toMatchObject({ ok: false, error: { code: 'C211' } });
    const said = path.startsWith('/etc/') ? 'a protected system path (' : 'no such file or directory, or not accessible';
    if (!result.ok) expect(result.error.message.startsWith(`${path}: ${said}`)).toBe(true);
  });

  it('a word that is a URL or a branch name is not a file; a missing path in an existing folder is', async () => {
    const { ShellParser } = await import('../../src/shell/parse.js');
    const { secretFile } = await import('../../src/shell/danger-secret-files.js');
    const parser = new ShellParser();
    const context = { runDir: root, home: outside, root, isNonAccessible: (rel: string) => /(?:^|\/)(?:\.env|secrets)(?:\/|$)/.test(rel) };
    expect(secretFile(await parser.parseShell('curl https://api.example.invalid/secrets/list'), context)).toBeUndefined();
    expect(secretFile(await parser.parseShell('git checkout -b feature/secrets/rotation'), context)).toBeUndefined();
    expect(secretFile(await parser.parseShell('cat secrets/missing.txt'), context)).toMatchObject({ path: 'secrets/missing.txt' });
    expect(secretFile(await parser.parseShell('cat sub/.env'), context)).toMatchObject({ path: 'sub/.env' });
    await parser.dispose();
  });

  it('a refused line does not run at all (no partial copy, no output)', async () => {
    await exec('cat README.md > copied.txt && cp .env leaked2.txt');
    await expect(readFile(join(root, 'copied.txt'), 'utf8')).rejects.toThrow();
    await expect(readFile(join(root, 'leaked2.txt'), 'utf8')).rejects.toThrow();
  });

  it('an absolute path to the workspace file and a copy outside are refused', async () => {
    expect(await exec(`cat ${join(root, '.env')}`)).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await exec(`cp ${join(root, '.env')} ${join(outside, 'x')}`)).toMatchObject({ ok: false, error: { code: 'C211' } });
  });

  it('--dir is honoured: a relative name is resolved from the folder the command runs in', async () => {
    expect(await exec('cat ../.env', 'sub')).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await exec('cat vault/key.txt', 'sub')).toMatchObject({ ok: false, error: { code: 'C211' } });
  });
});

describe('naming a secret file is not reading it', () => {
  it.each([
    ['echo .env >> .gitignore'],
    ['grep -c .env .gitignore'],
    ['ls -la .env'],
    ['test -f .env && echo present'],
    ['[ -f .env ] && echo present'],
    ['git check-ignore .env || true'],
    ['cat README.md sub/notes.txt'],
    ['cat *.md'],
    ['ls secrets'],
    ['find . -name .env'],
    ['echo https://example.invalid/secrets/list'],
    ['git --version && echo feature/secrets/rotation'],
    ['grep -c secrets/ sub/notes.txt || true'],
  ])('%j runs', async (cmd) => {
    const result = await exec(cmd);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    if (result.ok) expect(JSON.stringify(result.data)).not.toContain(SECRET);
  });
});
