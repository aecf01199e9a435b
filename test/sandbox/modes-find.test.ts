import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCandidates, systemFind } from '../../src/sandbox/modes-find.js';
import { ANCHOR, clearRiskyModes, inPlaceStarts } from '../../src/sandbox/modes.js';

// The after-run walk's find route (sandbox/modes-find.ts) against the node walk it replaces: same warnings, same
// tree after, on a workspace and two writable folders outside it.
let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'cw-modes-find-'));
});
afterAll(async () => {
  spawnSync('python3', ['-c', `import shutil; shutil.rmtree(${JSON.stringify(base)})`]);
  await rm(base, { recursive: true, force: true });
});

const NAMES = ['plain', 'with space', 'new\nline', '-leading-dash', '--', 'ünï'];

// A workspace `ws` and writable folders `cache` (outside) and `shared` (1777 before the run) under `dir`.
async function plant(dir: string): Promise<{ root: string; from: string[]; before: Map<string, number | undefined> }> {
  const root = join(dir, 'ws');
  const cache = join(dir, 'cache');
  const shared = join(dir, 'shared');
  for (const folder of [root, cache, shared, join(root, '.git', 'objects'), join(root, 'node_modules', 'x', 'bin')]) mkdirSync(folder, { recursive: true });
  chmodSync(shared, 0o1777);
  const before = inPlaceStarts([root], [cache, shared]);
  for (const [index, name] of NAMES.entries()) {
    const folder = join(index % 2 ? cache : root, name);
    mkdirSync(folder);
    writeFileSync(join(folder, name), '');
    chmodSync(join(folder, name), [0o4755, 0o2755, 0o666, 0o6777, 0o755, 0o4700][index]!);
    writeFileSync(join(folder, 'kept'), '');
    spawnSync('mkfifo', [join(folder, `${name}.fifo`)]);
  }
  chmodSync(join(cache, 'with space'), 0o777);
  chmodSync(join(root, '--'), 0o2775);
  writeFileSync(join(root, 'node_modules', 'x', 'bin', 'tool'), '');
  chmodSync(join(root, 'node_modules', 'x', 'bin', 'tool'), 0o4755);
  writeFileSync(join(root, '.git', 'objects', 'ok'), '');
  writeFileSync(join(shared, 'new'), '');
  // A link to a setuid file elsewhere is not followed (its target is judged where it lies, or not at all).
  writeFileSync(join(dir, 'outside'), '');
  chmodSync(join(dir, 'outside'), 0o4755);
  symlinkSync(join(dir, 'outside'), join(root, 'link'));
  // A dead socket (a hard link keeps its name after the server closes it) and a live one.
  const dead = createServer();
  await new Promise<void>((done) => dead.listen(join(cache, 'dead.sock'), done));
  spawnSync('ln', [join(cache, 'dead.sock'), join(cache, 'gone.sock')]);
  await new Promise<void>((done) => dead.close(() => done()));
  // Past PATH_MAX: 20 folders of 250-character names, a setuid file and a FIFO at the bottom (python3: relative chdirs).
  spawnSync('python3', ['-c', "import os\nfor i in range(20): os.mkdir('n' * 250); os.chdir('n' * 250)\nos.mkfifo('.gitignore'); open('s', 'w').close(); os.chmod('s', 0o4755)"], { cwd: root });
  return { root, from: [...before.keys()], before };
}

// Every entry's mode and kind below `dir` (python3: the deep tree is past PATH_MAX), base names only.
function modes(dir: string): string {
  const code = 'import os, sys\nfor top, dirs, files in os.walk(".", followlinks=False):\n  for n in sorted(dirs + files):\n    p = os.path.join(top, n)\n    print(repr(p), oct(os.lstat(p).st_mode))';
  return spawnSync('python3', ['-c', code], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 }).stdout;
}

describe.skipIf(systemFind() === undefined)('the after-run walk through find', () => {
  it('gives the node walk\'s warnings and leaves the same tree', async () => {
    const viaFind = await plant(join(base, 'a'));
    const viaNode = await plant(join(base, 'b'));
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(base, 'a', 'ws', 'live.sock'), done));
    const server2 = createServer();
    await new Promise<void>((done) => server2.listen(join(base, 'b', 'ws', 'live.sock'), done));
    try {
      // The find route answers on this tree (not a silent fallback).
      expect(await findCandidates(viaFind.from.map((path) => ({ path, rel: '' })), 0, 0o6002, ANCHOR)).toBeDefined();
      const found = await clearRiskyModes(viaFind.root, 0, viaFind.from, viaFind.before);
      const walked = await clearRiskyModes(viaNode.root, 0, viaNode.from, viaNode.before, join(base, 'no-such-find'));
      const norm = (list: string[], dir: string): string[] => list.map((each) => each.split(dir).join('<dir>').replace(/set-aside-by-codeward-[\w-]+/, 'aside')).sort();
      expect(norm(found, join(base, 'a'))).toEqual(norm(walked, join(base, 'b')));
      const text = found.join('\n');
      for (const what of ['plain/plain setuid', 'new\nline/new\nline world-writable', '/cache/with space world-writable', 'left -- setgid', '-leading-dash/-leading-dash setuid, setgid, world-writable', 'node_modules/x/bin/tool setuid', '/nnnnn', '.gitignore, a FIFO', 'gone.sock, a socket', '/s setuid']) expect(text).toContain(what);
      expect(text).not.toMatch(/live\.sock|kept|\/outside|objects\/ok|\/shared[ ,]/);
      expect(found.length).toBe(walked.length);
      expect(modes(join(base, 'a')).replace(/set-aside-by-codeward-[\w-]+/g, 'aside')).toBe(modes(join(base, 'b')).replace(/set-aside-by-codeward-[\w-]+/g, 'aside'));
      expect(lstatSync(join(base, 'a', 'shared')).mode & 0o7777).toBe(0o1777);
      expect(lstatSync(join(base, 'a', 'outside')).mode & 0o7777).toBe(0o4755);
    } finally {
      server.close();
      server2.close();
    }
  });

  it('lists only candidates, and the deep folder once, for the descriptor walk', async () => {
    const dir = join(base, 'c');
    const { root } = await plant(dir);
    const found = await findCandidates([{ path: root, rel: '' }], 0, 0o6002, ANCHOR);
    expect(found).toBeDefined();
    const rels = found!.filter((entry) => !entry.deep).map((entry) => entry.rel);
    expect(rels).toContain('plain/plain');
    expect(rels).toContain('new\nline/new\nline.fifo');
    expect(rels).not.toContain('plain/kept');
    const deep = found!.filter((entry) => entry.deep);
    expect(deep).toHaveLength(1);
    expect(deep[0]!.path.length).toBeGreaterThan(ANCHOR);
    expect(deep[0]!.path.length).toBeLessThan(ANCHOR + 260);
    expect(deep[0]!.path).toBe(`${root}/${deep[0]!.sub}`);
    // Nothing changed after the run started (a second past now): no candidate.
    expect((await findCandidates([{ path: root, rel: '' }], Date.now() + 2_000, 0o6002, ANCHOR))).toEqual([]);
  });

  it('falls back to the node walk when find is missing or fails', async () => {
    for (const program of [join(base, 'missing-find'), '/bin/false']) {
      const root = join(base, `fall-${readdirSync(base).length}`);
      mkdirSync(root);
      writeFileSync(join(root, 'suid'), '');
      chmodSync(join(root, 'suid'), 0o4755);
      expect(await findCandidates([{ path: root, rel: '' }], 0, 0o6002, ANCHOR, program)).toBeUndefined();
      const warnings = await clearRiskyModes(root, 0, [root], undefined, program);
      expect(warnings.join('\n')).toContain('suid setuid');
      expect(lstatSync(join(root, 'suid')).mode & 0o7777).toBe(0o755);
    }
  });
});
