// Issue 31 (mention26): the home mention search (home-mentions.ts) spawned ripgrep once per cold obeyed context, ~25 ms
// of CPU and ~60 ms of waiting for every cold `exec` or write even in a home of a few dot-files. A small walk is now
// read in process (home-mention-search.ts IN_PROCESS), a large one by ripgrep, with the same answers. The spawns are
// counted through the one module that starts them (every call still runs the real spawnSync).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as spawning from '../../src/sandbox/spawn-sync.js';
import { homeMentions } from '../../src/permissions/home-mentions.js';
import { IN_PROCESS } from '../../src/permissions/home-mention-search.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

vi.mock('../../src/sandbox/spawn-sync.js', async (original) => {
  const real = await original<typeof import('../../src/sandbox/spawn-sync.js')>();
  return { ...real, spawnSync: vi.fn(real.spawnSync) };
});

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-mention-spawn-');
});
afterAll(() => removeDir(base));
beforeEach(() => {
  vi.mocked(spawning.spawnSync).mockClear();
});

async function home(name: string, filler: number): Promise<{ home: string; root: string }> {
  const home = join(base, name), root = join(home, 'code', 'ws');
  await writeFiles(root, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.config/starship.toml': `[custom.x]\ncommand = "${root}/tools/s.sh"\n`, '.toolrc': 'run ~/code/ws/tools/t.sh\n' });
  for (let i = 0; i < filler; i++) {
    const folder = join(home, '.config', `app${i % 40}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${i}.conf`), `key${i} = value\n`);
  }
  return { home, root };
}

const found = (links: readonly { rel: string; home: string }[]): string[] => links.map((link) => `${link.rel} ${link.home}`).sort();

describe('the home mention search spawns ripgrep only for a large walk', () => {
  it('a home of a few dot-files: no process started, the mentions found', async () => {
    const small = await home('small', 0);
    const { links } = homeMentions(small.home, [small.root]);
    expect(found(links)).toEqual(['tools/s.sh ~/.config/starship.toml', 'tools/t.sh ~/.toolrc']);
    expect(vi.mocked(spawning.spawnSync)).not.toHaveBeenCalled();
  });

  it('a home past the in-process bound: ripgrep runs, with the same answer', async () => {
    const large = await home('large', IN_PROCESS.files + 1);
    const { links } = homeMentions(large.home, [large.root]);
    expect(vi.mocked(spawning.spawnSync)).toHaveBeenCalled();
    expect(found(links)).toEqual(['tools/s.sh ~/.config/starship.toml', 'tools/t.sh ~/.toolrc']);
  }, 60_000);
});
