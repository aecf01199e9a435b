// Stop 43 (issue 26, "One read jail"): mise's configuration folders (conf.d, .mise, .config/mise ...) were listed
// with a plain readdir, inside the workspace and above it (mise's search goes up to /), so a conf.d or a toml
// linked out of the workspace was followed and read on codeward's own behalf, and a conf.d of 10,000 files was
// listed whole. Now every place is reached through the jail (mise-files.ts, workspace/own-read-sync.ts): a link
// is not followed; since mise follows it, the configuration is not understood and the whole work tree is obeyed
// (a write asks, naming the link). In the person's own home folder a link they own is followed (dotfiles).
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miseFilesIn } from '../../src/permissions/mise-files.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-mise-jail-');
});
afterAll(async () => removeDir(base));

// A fresh repository (and a home), `prepare` makes its links; then one write under --yes by the real binary.
async function write(files: Record<string, string>, prepare: (top: string, home: string) => void, file = 'src/a.ts', sub?: string): Promise<{ code: string; text: string }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', ...(sub ? { [`${sub}/src/a.ts`]: '1\n' } : {}), ...files });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.keep': '' });
  prepare(top, home);
  const result = runCli(['--json', '-C', sub ? join(top, sub) : top, 'write', '--path', file, '--content', 'x\n'], { env: { HOME: home } });
  return { code: result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout, text: result.stdout };
}

const TOOLS = '[tools]\nnode = "20"\n';

// `count` empty files in `folder`.
function many(folder: string, count: number, name: (at: number) => string): void {
  mkdirSync(folder, { recursive: true });
  for (let at = 0; at < count; at += 1) writeFileSync(join(folder, name(at)), '');
}

describe('mise configuration is read through the jail', () => {
  // The workspace's own conf.d, and (`sub`: the workspace a subfolder) the enclosing repository's, above it.
  it.each([[undefined], ['sub']])('a conf.d linked out of the workspace is not listed (workspace %s); the whole tree asks, naming the link', async (sub) => {
    const outside = join(base, `outside-confd-${sub ?? 'top'}`);
    await writeFiles(outside, { 'a.toml': TOOLS });
    const found = await write({}, (top) => {
      mkdirSync(join(top, '.mise'));
      symlinkSync(outside, join(top, '.mise/conf.d'));
    }, 'src/a.ts', sub);
    expect(found.code).toBe('C241');
    expect(found.text).toMatch(/conf\.d is a symbolic link/);
    const dir = join(base, `w${count}`);
    const listed = miseFilesIn(dir, [], dir);
    expect(listed.files).toEqual([]);
    expect(listed.unread.map((each) => each.place)).toEqual([join(dir, '.mise/conf.d')]);
  });

  it('a mise.toml linked to /etc/passwd (or a file outside) is not read', async () => {
    const dir = join(base, 'linked-toml');
    await writeFiles(dir, { '.config/mise/conf.d/ok.toml': TOOLS });
    symlinkSync('/etc/passwd', join(dir, 'mise.toml'));
    symlinkSync(join(base, 'outside-confd-top/a.toml'), join(dir, '.config/mise/conf.d/b.toml'));
    const listed = miseFilesIn(dir, [], dir);
    expect(listed.files).toEqual([join(dir, '.config/mise/conf.d/ok.toml')]);
    expect(listed.unread.map((each) => each.place).sort()).toEqual([join(dir, '.config/mise/conf.d/b.toml'), join(dir, 'mise.toml')]);
    expect((await write({}, (top) => symlinkSync(join(base, 'outside-confd-top/a.toml'), join(top, 'mise.toml')))).code).toBe('C241');
  });

  it('a conf.d of 10,000 files: the bound holds (no file past it is read); more mise files than it reads is not understood', async () => {
    const dir = join(base, 'many');
    many(join(dir, '.mise/conf.d'), 10_000, (at) => `f${String(at).padStart(5, '0')}.toml`);
    const listed = miseFilesIn(dir, [], dir);
    expect(listed.files).toEqual([]);
    expect(listed.unread).toHaveLength(1);
    expect(listed.unread[0]!.why).toMatch(/holds more mise files than codeward reads \(32 files/);
    // Many other entries and one toml: listed, and the toml read.
    const other = join(base, 'many-other');
    await writeFiles(other, { '.mise/conf.d/a.toml': TOOLS });
    many(join(other, '.mise/conf.d'), 2_000, (at) => `n${at}.txt`);
    expect(miseFilesIn(other, [], other)).toEqual({ files: [join(other, '.mise/conf.d/a.toml')], unread: [] });
  });

  it('the person\'s own home: their linked ~/.config/mise (dotfiles) is followed and read as mise reads it', async () => {
    const run = async (config: string): Promise<string> => {
      const home = join(base, `home${++count}`), proj = join(home, 'proj');
      await writeFiles(proj, { 'src/a.ts': '1\n' });
      await writeFiles(home, { 'dotfiles/mise/config.toml': config });
      mkdirSync(join(home, '.config'));
      symlinkSync(join(home, 'dotfiles/mise'), join(home, '.config/mise'));
      const result = runCli(['--json', '-C', proj, 'write', '--path', 'src/a.ts', '--content', 'x\n'], { env: { HOME: home } });
      return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
    };
    expect(await run(TOOLS)).toBe('ok');
    expect(await run('[hooks]\nenter = "sh ./tools/x.sh"\n')).toBe('C241');
  });
});
