// The harness of round 39's red-team tests that run one line IN PLACE (default sandbox, --yes, --no-stage) in a
// workspace holding uncommitted work (sub/new.txt) beside the attacker's `files` (a `#!` file written executable),
// and look whether the line was refused as unknown (C241) and whether the work survived. One base folder per test
// file (registered like yesRuns); per run a fresh workspace w<n>, home h<n> and state folder.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from './fixture.js';

// 'ran', 'ran, work gone', 'C241' or 'C241, work gone'; with `codes: 'raw'` any error's own code instead of 'ran'.
export type InPlaceVerdict = (line: string) => Promise<string>;
// The same with the workspace's files given per run: ROOT in a text and in the line is the workspace's absolute path,
// every file is written executable (round 38's own copies), `links` are symbolic links (name -> target).
export type InPlaceRun = (line: string, files: Readonly<Record<string, string | Buffer>>, links?: Readonly<Record<string, string>>) => Promise<string>;

// The rows every round's in-place tests share: each of `controls` asks (C241), then each of `lines` asks (C241) and
// keeps the work.
export function eachAsks(lines: readonly string[], verdict: InPlaceVerdict, controls: readonly string[] = []): void {
  if (controls.length > 0) {
    it.each(controls)('control: `%s` asks (C241)', async (line) => {
      expect(await verdict(line)).toBe('C241');
    });
  }
  it.each(lines)('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
}

export function inPlaceVerdicts(files: Readonly<Record<string, string>>, options: { codes?: 'raw' } = {}): InPlaceVerdict {
  const run = inPlace(options);
  return (line) => run((root) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text, { mode: text.startsWith('#!') ? 0o755 : 0o644 });
    }
    return line;
  });
}

export function inPlaceRuns(options: { codes?: 'raw' } = {}): InPlaceRun {
  const run = inPlace(options);
  return (line, files, links = {}) => run((root) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), typeof text === 'string' ? text.replaceAll('ROOT', root) : text, { mode: 0o755 });
    }
    for (const [name, target] of Object.entries(links)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      symlinkSync(target, join(root, name));
    }
    return line.replaceAll('ROOT', root);
  });
}

// One run of the line `plant` returns once it has written the attacker's files into the fresh workspace (holding
// sub/new.txt already): for a workspace the two above cannot write (a repository and its config, round 40's R40-b9).
export function inPlace(options: { codes?: 'raw' }): (plant: (root: string) => string) => Promise<string> {
  const at = { base: '', count: 0 };
  beforeAll(async () => {
    at.base = await tempDir('cw-rt39b-');
  });
  afterAll(async () => removeDir(at.base));
  return async (plant) => {
    const root = join(at.base, `w${++at.count}`), home = join(at.base, `h${at.count}`);
    mkdirSync(join(root, 'sub'), { recursive: true });
    mkdirSync(home);
    writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
    const line = plant(root);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(at.base, `state${at.count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
      const gone = existsSync(join(root, 'sub/new.txt')) ? '' : ', work gone';
      if (result.ok) return `ran${gone}`;
      return `${options.codes === 'raw' || result.error.code === 'C241' ? result.error.code : 'ran'}${gone}`;
    } finally {
      await engine.close();
    }
  };
}
