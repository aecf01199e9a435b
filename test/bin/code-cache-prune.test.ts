// Issue 31: the code cache's clean-up (src/bin/code-cache-prune.ts). A call that writes a cache file deletes the
// entries no call can use any more (another build's, whose script is gone or changed; a symlink, never followed;
// a dead write's leftover) and keeps those of a build that still stands and what is not a cache entry.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// A cache file's header naming the script at `path` as it is now (script-loader.ts's identity line).
const headerFor = (path: string): string => {
  const stats = statSync(path, { bigint: true });
  return `v1\0${[path, stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs, process.version, process.arch].join('\0')}\n`;
};

describe('the code cache keeps only entries a call can still use', () => {
  let root: string;
  let state: string;
  beforeAll(async () => {
    root = await tempDir();
    await writeFiles(root, { 'ws/small.txt': 'hello\n', 'other-build/chunks/cli-core-OLD.js.script': '(async()=>({}))', 'standing/chunks/cli-core-KEPT.js.script': '(async()=>({}))', 'outside/target.txt': 'not the cache\n' });
    state = join(root, 'state');
    mkdirSync(join(state, 'code-cache'), { recursive: true, mode: 0o700 });
  });
  afterAll(async () => {
    await removeDir(root);
  });

  const read = () => {
    const run = runCli(['--json', '-C', join(root, 'ws'), 'read', '--file', 'small.txt'], { env: { CODEWARD_STATE_DIR: state, CODEWARD_NO_SERVE: '1' } });
    expect(run.json.ok, run.stderr).toBe(true);
    expect(run.stderr).toBe('');
  };

  it('a call that writes the cache deletes the entries of gone or changed scripts, links and dead leftovers', () => {
    const cache = join(state, 'code-cache');
    const data = Buffer.alloc(1024, 7);
    const gone = join(root, 'gone-build/chunks/cli-core-GONE.js.script');
    const changed = join(root, 'other-build/chunks/cli-core-OLD.js.script');
    const standing = join(root, 'standing/chunks/cli-core-KEPT.js.script');
    // An entry of a removed build; one of a script rebuilt since (its size changed); one of a build still there.
    writeFileSync(join(cache, 'cli-core-GONE.js.script'), Buffer.concat([Buffer.from(`v1\0${[gone, 1, 2, 3, 4, 5, process.version, process.arch].join('\0')}\n`), data]), { mode: 0o600 });
    writeFileSync(join(cache, 'cli-core-OLD.js.script'), Buffer.concat([Buffer.from(headerFor(changed)), data]), { mode: 0o600 });
    writeFileSync(changed, '(async()=>({ rebuilt: 1 }))');
    writeFileSync(join(cache, 'cli-core-KEPT.js.script'), Buffer.concat([Buffer.from(headerFor(standing)), data]), { mode: 0o600 });
    // No header; a link to a file outside (deleted as a link, its target untouched); a leftover of a dead write.
    writeFileSync(join(cache, 'junk.js.script'), data, { mode: 0o600 });
    symlinkSync(join(root, 'outside/target.txt'), join(cache, 'linked.js.script'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(cache, `half.js.script.${dead}`), data, { mode: 0o600 });
    writeFileSync(join(cache, 'notes.txt'), 'not an entry\n', { mode: 0o600 });

    read();
    const names = readdirSync(cache);
    for (const name of ['cli-core-GONE.js.script', 'cli-core-OLD.js.script', 'junk.js.script', 'linked.js.script', `half.js.script.${dead}`]) expect(names, name).not.toContain(name);
    expect(names).toContain('cli-core-KEPT.js.script');
    expect(names).toContain('notes.txt');
    expect(readFileSync(join(root, 'outside/target.txt'), 'utf8')).toBe('not the cache\n');
    // This build's own entries, just written, are there and name their scripts.
    const own = names.filter((name) => /^cli-core-.*\.js\.script$/.test(name) && name !== 'cli-core-KEPT.js.script');
    expect(own.length).toBeGreaterThan(0);
    for (const name of own) expect(readFileSync(join(cache, name)).subarray(0, 3).toString()).toBe('v1\0');
    // A call that hits the cache writes nothing and so deletes nothing.
    writeFileSync(join(cache, 'junk2.js.script'), data, { mode: 0o600 });
    read();
    expect(existsSync(join(cache, 'junk2.js.script'))).toBe(true);
    expect(lstatSync(join(cache, 'cli-core-KEPT.js.script')).isFile()).toBe(true);
  });
});
