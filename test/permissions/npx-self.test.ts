// docs29's newcomer finding: `npx codeward ...` run in codeward's own checkout was refused every write (C241, "the
// workspace is loaded by npm_config_cache=..."): npx, asked for the package the folder it runs in is, installs
// `file:<folder>` into <cache>/_npx/<hash>/ and links node_modules/<name> (and its bin) to the folder. That entry
// runs only when npx is asked for that folder again, i.e. the workspace's own code (npx-self.ts). Any other link from
// npx's cache into the workspace stays obeyed (env-home-links.ts, red team R24-8). The CLI runs with only the
// environment npx gives it (HOME, PATH, npm_config_cache), in the workspace, as `npx codeward` does. NOTE: this
// fixture's first row did not come out refused on the build before the fix (the real `npx codeward` in the checkout,
// HOME=/root, did); the rows after it pin that the exemption is no wider than npx's own entry for the workspace.
import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-npx-self-');
});
afterAll(() => removeDir(base));

const ENTRY = '.npm/_npx/74bc9c5bc2d7474a';

// A write of `file` under --yes with a home whose npx entry has `spec`/`packages` (`@WS@`: the workspace) and `links`
// (entry-relative -> workspace-relative): 'ok' or the error code.
async function write(spec: string, packages: string, links: Record<string, string>, file = 'src/a.ts'): Promise<string> {
  const home = join(base, `h${++count}`);
  // Beside the home, as codeward's checkout at /work/x is beside /root.
  const top = join(base, `w${count}`);
  await mkdir(join(top, 'src'), { recursive: true });
  await writeFile(join(top, 'src/a.ts'), '1\n');
  spawnSync('git', ['init', '-q', top]);
  await mkdir(join(home, ENTRY), { recursive: true });
  await writeFile(join(home, ENTRY, 'package.json'), JSON.stringify({ dependencies: { pkg: spec.replace('@WS@', top) }, _npx: { packages: [packages.replace('@WS@', top)] } }));
  for (const [at, target] of Object.entries(links)) {
    await mkdir(dirname(join(home, ENTRY, at)), { recursive: true });
    // Relative, as npm links them (`../../../../work/x`).
    await symlink(relative(dirname(join(home, ENTRY, at)), join(top, target)), join(home, ENTRY, at));
  }
  const env = { HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', npm_config_cache: join(home, '.npm'), CODEWARD_NO_SERVE: '1' };
  const result = spawnSync(process.execPath, [CLI, '--json', '--yes', 'write', '--path', file, '--content', '2\n'], { cwd: top, env, encoding: 'utf8' });
  const json = JSON.parse(result.stdout) as { ok: boolean; error?: { code: string } };
  return json.ok ? 'ok' : json.error?.code ?? result.stdout;
}

describe("npx's entry for the workspace itself", () => {
  it('leaves the workspace writable (the package and its bin linked to it)', async () => {
    expect(await write('file:@WS@', '@WS@', { 'node_modules/pkg': '', 'node_modules/.bin/pkg': 'bin.js' })).toBe('ok');
  }, 60_000);

  it.each([
    ['a registry package linked to the workspace', '^1.0.0', 'pkg@1', { 'node_modules/pkg': '' }, 'src/a.ts'],
    ['an entry for another folder', 'file:/elsewhere', '/elsewhere', { 'node_modules/pkg': '' }, 'src/a.ts'],
    ["the entry's package linked to a subfolder", 'file:@WS@', '@WS@', { 'node_modules/pkg': 'tools' }, 'tools/x.js'],
    ['a bin of another entry', '^1.0.0', 'pkg@1', { 'node_modules/.bin/git': 'bin/git' }, 'bin/git'],
  ])('keeps obeying %s', async (_name, spec, packages, links, file) => {
    expect(await write(spec, packages, links, file)).toBe('C241');
  }, 60_000);
});
