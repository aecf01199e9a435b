import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRefs } from '../../src/sandbox/git-state-read.js';

// git-state.ts compares refs before and after a run; its reader lists `.git/refs` itself, never what a
// `.git/refs` replaced by a symlink points at (a folder outside the workspace).
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readRefs', () => {
  it('lists refs/ and packed refs, and does not follow a `.git/refs` that is a symlink', () => {
    dir = mkdtempSync(join(tmpdir(), 'cw-refs-'));
    const sha = 'a'.repeat(40);
    const gitDir = join(dir, 'repo', '.git');
    mkdirSync(join(gitDir, 'refs', 'heads'), { recursive: true });
    writeFileSync(join(gitDir, 'refs', 'heads', 'main'), `${sha}\n`);
    writeFileSync(join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
    expect(readRefs(gitDir).get('refs/heads/main')).toBe(sha);
    const outside = join(dir, 'outside');
    mkdirSync(join(outside, 'heads'), { recursive: true });
    writeFileSync(join(outside, 'heads', 'secret'), `${'b'.repeat(40)}\n`);
    rmSync(join(gitDir, 'refs'), { recursive: true });
    symlinkSync(outside, join(gitDir, 'refs'));
    const refs = readRefs(gitDir);
    expect([...refs.keys()].filter((name) => name.startsWith('refs/'))).toEqual([]);
  });
});
