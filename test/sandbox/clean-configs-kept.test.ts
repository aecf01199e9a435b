// Issue 31: a cold sandboxed `exec` read, parsed and hashed the user's and /etc's git configs on every call
// (cleanGitConfigs, git-identity.ts). The decisions are kept in the state folder (clean-configs-kept.ts) by the
// identity, size and times of each file read: a later process reuses them without reading the files (the kept
// file is then not written again, which is how these tests see it without timing anything), and decides again
// when a file changed, its clean copy is gone, or the kept file is not the user's own.
import { chownSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanGitConfigs } from '../../src/sandbox/git-identity.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let dir: string;
let state: string;
let kept: string;
beforeEach(async () => {
  dir = await tempDir('codeward-clean-configs-kept-');
  state = join(dir, 'state');
  kept = join(state, 'clean-configs.json');
  await writeFiles(dir, {
    'home/.gitconfig': '[user]\n\tname = A\n',
    'etc/gitconfig': '[http "https://example.com/"]\n\textraHeader = AUTHORIZATION: basic c2VjcmV0\n[core]\n\tautocrlf = input\n',
    'etc/environment': 'LANG=C\n',
  });
  // The files were written a moment ago (the racy window, listings.ts recentlyChanged): as if the calls came later.
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await removeDir(dir);
});

const files = () => ['home/.gitconfig', 'etc/gitconfig', 'etc/environment'].map((rel) => join(dir, rel));
const written = (): string | undefined => {
  try {
    const stats = statSync(kept, { bigint: true });
    return `${stats.ino}:${stats.mtimeNs}`;
  } catch {
    return undefined;
  }
};
const sorted = (found: Map<string, string | null>) => [...found].sort();

describe('the clean config copies kept between processes', () => {
  it('keeps the decisions, and a later process reuses them without deciding again', () => {
    const first = cleanGitConfigs(files(), state, kept);
    expect(sorted(first)).toEqual(sorted(cleanGitConfigs(files(), state)));
    const copy = first.get(join(dir, 'etc/gitconfig'));
    expect(readFileSync(copy!, 'utf8')).not.toContain('c2VjcmV0');
    expect(first.has(join(dir, 'home/.gitconfig'))).toBe(false);
    const once = written();
    expect(once).toBeDefined();
    for (let call = 0; call < 3; call += 1) expect(sorted(cleanGitConfigs(files(), state, kept))).toEqual(sorted(first));
    expect(written()).toBe(once);
  });

  it('decides again for a config changed since (a token added), as a process without the kept file does', () => {
    cleanGitConfigs(files(), state, kept);
    const once = written();
    writeFileSync(join(dir, 'home/.gitconfig'), '[user]\n\tname = A\n[http]\n\textraHeader = Authorization: Bearer abcdef123456\n');
    const after = cleanGitConfigs(files(), state, kept);
    expect(written()).not.toBe(once);
    const copy = after.get(join(dir, 'home/.gitconfig'));
    expect(copy).toBeTruthy();
    expect(readFileSync(copy!, 'utf8')).not.toContain('abcdef123456');
    expect(sorted(after)).toEqual(sorted(cleanGitConfigs(files(), state)));
  });

  it('writes a clean copy again when it is gone, and never uses a copy outside its folder', () => {
    const copy = cleanGitConfigs(files(), state, kept).get(join(dir, 'etc/gitconfig'))!;
    rmSync(copy);
    expect(cleanGitConfigs(files(), state, kept).get(join(dir, 'etc/gitconfig'))).toBe(copy);
    expect(readFileSync(copy, 'utf8')).toContain('autocrlf');
    const planted = JSON.parse(readFileSync(kept, 'utf8')) as { entries: Record<string, { copy: unknown; size?: number }> };
    const elsewhere = join(dir, 'elsewhere');
    writeFileSync(elsewhere, readFileSync(join(dir, 'etc/gitconfig')));
    planted.entries[join(dir, 'etc/gitconfig')]!.copy = elsewhere;
    planted.entries[join(dir, 'etc/gitconfig')]!.size = statSync(elsewhere).size;
    writeFileSync(kept, JSON.stringify(planted));
    expect(cleanGitConfigs(files(), state, kept).get(join(dir, 'etc/gitconfig'))).toBe(copy);
  });

  // An upgrade never reuses a decision of the code it replaced: the kept file names the build that wrote it
  // (view-cache.ts writeCacheFile), and another build's, or the old format `v: 1`, is decided again.
  it('decides again what another build (or the old `v: 1`) kept', () => {
    const first = cleanGitConfigs(files(), state, kept);
    const planted = JSON.parse(readFileSync(kept, 'utf8')) as { v: unknown; entries: Record<string, { copy: unknown }> };
    expect(planted.v).toMatch(/^1:/);
    // The token's file shown as it is: what an older filter might have decided.
    planted.entries[join(dir, 'etc/gitconfig')]!.copy = false;
    for (const v of [1, '1:another-build']) {
      writeFileSync(kept, JSON.stringify({ ...planted, v }));
      expect(cleanGitConfigs(files(), state, kept).get(join(dir, 'etc/gitconfig')), String(v)).toBe(first.get(join(dir, 'etc/gitconfig')));
    }
  });

  it.runIf(process.getuid?.() === 0)("reads no kept file that is not the user's own", () => {
    const first = cleanGitConfigs(files(), state, kept);
    const planted = JSON.parse(readFileSync(kept, 'utf8')) as { entries: Record<string, { copy: unknown }> };
    planted.entries[join(dir, 'etc/gitconfig')]!.copy = false;
    writeFileSync(kept, JSON.stringify(planted));
    chownSync(kept, 65534, 65534);
    expect(cleanGitConfigs(files(), state, kept).get(join(dir, 'etc/gitconfig'))).toBe(first.get(join(dir, 'etc/gitconfig')));
  });
});
