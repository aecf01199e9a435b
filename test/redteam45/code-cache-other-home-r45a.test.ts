// R45-a2 — MAJOR (conditional: a sandboxWritable area holding another environment's home or XDG_CACHE_HOME; escape:
// code of the run's choosing runs in the next codeward of that environment, outside every sandbox). The bin keeps a V8
// code cache of its large chunks in the state folder (`code-cache/`, src/bin/script-loader.ts): a file whose header
// names the script (path, device, inode, size, ns mtime and ctime) and V8's data, which V8 checks only against the
// source's LENGTH. The sandbox hid the state folder of the environment it ran in, not another one's: a run wrote a
// forged cache (another body, same length) into <area>/h2/.cache/codeward/code-cache, and `HOME=<area>/h2 codeward`
// ran it. Fixed: src/sandbox/state-folders.ts hides every environment's default state places (and folders marked as
// codeward's) inside the sandbox's areas; src/bin/code-cache-seal.ts uses a cache folder other than the user's default
// only with its writer's seal (the file's inode, ns ctime and size, kept in the default folder's code-seals).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_USABLE, bareCli, bareExec, bareSuite } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';

const CHUNKS = join(CLI, '..', '..', 'chunks');

// A cache file for `script` whose data V8 made from another body of the same length: it writes `mark` when run.
function forged(script: string, mark: string): Buffer {
  const source = readFileSync(script, 'utf8');
  const body = `(async function($d,$i,$m){(await $i("node:fs")).writeFileSync(${JSON.stringify(mark)},"forged");return {};})`;
  const padded = `${body}/*${' '.repeat(source.length - body.length - 4)}*/`;
  expect(padded.length).toBe(source.length);
  // Made by a plain node (the flags a cold call starts with), as the sandboxed run would.
  const made = spawnSync(process.execPath, ['-e', `const {Script}=require('node:vm');const s=new Script(require('node:fs').readFileSync(0,'utf8'),{filename:${JSON.stringify(script)}});process.stdout.write(s.createCachedData())`], { input: padded, maxBuffer: 64 << 20 });
  const stats = statSync(script, { bigint: true });
  const header = `v1\0${[script, stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs, process.version, process.arch].join('\0')}\n`;
  return Buffer.concat([Buffer.from(header), made.stdout]);
}

const suite = bareSuite('cw-r45a-cache-', (base, outs) => {
  const area = join(base, 'area');
  const other = join(area, 'h2');
  const otherState = join(other, '.cache', 'codeward');
  mkdirSync(other, { recursive: true });
  writeFileSync(join(base, 'ws', 'a.txt'), 'plain\n');
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), `${JSON.stringify({ sandboxWritable: [area] })}\n`);
  const asOther = { home: other, state: otherState };
  // The other environment used codeward once: its state folder and code cache exist.
  outs['prime'] = bareCli(base, ['read', 'a.txt'], asOther);
  const name = readdirSync(join(otherState, 'code-cache')).find((file) => /^cli-core-.*\.js\.script$/.test(file))!;
  const mark = join(base, 'ran-forged');
  writeFileSync(join(base, 'ws', 'forged.bin'), forged(realpathSync(join(CHUNKS, name)), mark), { mode: 0o600 });
  // The run (this environment) writes it over the other environment's cache file.
  outs['plant'] = bareExec(base, `cp forged.bin ${join(otherState, 'code-cache', name)} && echo planted`, false);
  outs['planted'] = readFileSync(join(otherState, 'code-cache', name)).equals(readFileSync(join(base, 'ws', 'forged.bin'))) ? 'planted' : 'not planted';
  outs['next'] = bareCli(base, ['read', 'a.txt'], asOther);
  outs['ran'] = existsSync(mark) ? 'RAN' : 'not run';
  // Written where the search does not look (as by a run of a codeward without the fix, or 3 folders deep): the seal.
  writeFileSync(join(otherState, 'code-cache', name), forged(realpathSync(join(CHUNKS, name)), `${mark}-2`), { mode: 0o600 });
  outs['unsealed'] = bareCli(base, ['read', 'a.txt'], asOther);
  outs['ran-unsealed'] = existsSync(`${mark}-2`) ? 'RAN' : 'not run';
  // What codeward wrote itself there is used again (sealed): the second call leaves the file as it was.
  bareCli(base, ['read', 'a.txt'], asOther);
  const before = statSync(join(otherState, 'code-cache', name), { bigint: true });
  outs['again'] = bareCli(base, ['read', 'a.txt'], asOther);
  const after = statSync(join(otherState, 'code-cache', name), { bigint: true });
  outs['kept'] = `${before.ino}:${before.ctimeNs}` === `${after.ino}:${after.ctimeNs}` ? 'kept' : 'made again';
});

describe.skipIf(!BARE_USABLE)('R45-a2 MAJOR: a forged code cache in another environment\'s state folder inside a writable area', () => {
  it('the other environment works (the fixture holds)', () => {
    expect(suite.outs['prime']).toContain('plain');
  });
  it('the sandboxed run cannot plant it (the folder is hidden), and the next codeward does not run it', () => {
    expect(suite.outs['planted']).toBe('not planted');
    expect(suite.outs['ran']).toBe('not run');
    expect(suite.outs['next']).toContain('plain');
  });
  it('a cache file codeward did not write (no seal) is not used', () => {
    expect(suite.outs['ran-unsealed']).toBe('not run');
    expect(suite.outs['unsealed']).toContain('plain');
  });
  it('a cache codeward wrote in a folder other than the default is used again', () => {
    expect(suite.outs['again']).toContain('plain');
    expect(suite.outs['kept']).toBe('kept');
  });
});
