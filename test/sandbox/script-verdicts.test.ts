// Issue 31: the script check's answers kept per file (script-verdicts.ts), so a shown bin folder whose times change
// (pyenv's shims) re-reads only the scripts that changed. From the attacker's side: the answer is always the
// cold check's; a file changed in place (its size and modification time set back), replaced by a link or
// by another file is judged again, and a file changed within the racy window is not kept.
import { readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptVerdicts } from '../../src/sandbox/script-verdicts.js';
import { secretScripts } from '../../src/sandbox/secret-scripts.js';
import { ViewCache } from '../../src/sandbox/view-cache.js';
import { ToolchainSecrets } from '../../src/sandbox/view.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const SECRET = '#!/bin/sh\nexport GITHUB_TOKEN=ghp_VERDICTS_SECRET_1\n';
// The same length as SECRET, harmless.
const HARMLESS = `#!/bin/sh\necho ${'x'.repeat(SECRET.length - 16)}\n`;

let home: string;
let state: string;
let bin: string;
beforeAll(async () => {
  home = await tempDir('cw-script-verdicts-');
  state = await tempDir('cw-script-verdicts-state-');
  bin = join(home, '.local/bin');
  await writeFiles(home, { '.local/bin/deploy': SECRET, '.local/bin/tool': HARMLESS, '.local/bin/edited': HARMLESS, '.local/bin/linked': HARMLESS, '.local/bin/swapped': HARMLESS, elsewhere: SECRET });
  // Past the window in which a file's timestamp could still tick unseen (not a timing assertion): kept.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
});
afterAll(async () => {
  await removeDir(home);
  await removeDir(state);
});

const file = (): string => join(state, 'script-verdicts.json');
const kept = (): Record<string, [string, boolean]> => (JSON.parse(readFileSync(file(), 'utf8')) as { entries: Record<string, [string, boolean]> }).entries;
const names = (paths: readonly string[]): string[] => paths.map((path) => path.slice(bin.length + 1)).sort();
// One process's check with the kept answers, saved as the sandbox does.
function judged(): string[] {
  const verdicts = new ScriptVerdicts(file());
  const found = secretScripts(bin, undefined, verdicts);
  verdicts.save();
  return names(found);
}
const cold = (): string[] => names(secretScripts(bin));

describe('the script check kept per file', () => {
  it('keeps each file judged by its identity, and another process uses the kept answer without reading', () => {
    expect(judged()).toEqual(['deploy']);
    expect(Object.keys(kept()).map((path) => path.slice(bin.length + 1)).sort()).toEqual(['deploy', 'edited', 'linked', 'swapped', 'tool']);
    expect(kept()[join(bin, 'deploy')]![1]).toBe(true);
    // A kept answer for the file's very identity is what the next process uses (the safe way round: it hides more).
    const entries = kept();
    entries[join(bin, 'tool')]![1] = true;
    writeFileSync(file(), JSON.stringify({ ...JSON.parse(readFileSync(file(), 'utf8')), entries }));
    expect(judged()).toEqual(['deploy', 'tool']);
    entries[join(bin, 'tool')]![1] = false;
    writeFileSync(file(), JSON.stringify({ ...JSON.parse(readFileSync(file(), 'utf8')), entries }));
    expect(judged()).toEqual(['deploy']);
  });

  it('judges again a file edited in place (size and time set back), replaced by a link or by another file', () => {
    judged();
    const edited = join(bin, 'edited');
    const before = statSync(edited);
    writeFileSync(edited, SECRET);
    utimesSync(edited, before.atime, before.mtime);
    expect(statSync(edited).size).toBe(before.size);
    rmSync(join(bin, 'linked'));
    symlinkSync(join(home, 'elsewhere'), join(bin, 'linked'));
    writeFileSync(join(home, 'next'), SECRET);
    renameSync(join(home, 'next'), join(bin, 'swapped'));
    expect(judged()).toEqual(cold());
    expect(judged()).toEqual(['deploy', 'edited', 'swapped']);
    // Changed just now: judged, not kept (a write within the same clock tick would not show).
    expect(Object.keys(kept())).not.toContain(edited);
  });

  it('an answer kept by another build is not used', () => {
    judged();
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as { v: string; entries: Record<string, [string, boolean]> };
    saved.entries[join(bin, 'deploy')]![1] = false;
    writeFileSync(file(), JSON.stringify({ ...saved, v: '1:another-build' }));
    expect(judged()).toContain('deploy');
  });

  // The view's walk made again because a folder changed within the racy window (nothing of the walk is kept then)
  // still keeps the scripts' answers.
  it('the view keeps the answers when its walk is not kept', async () => {
    const viewState = await tempDir('cw-script-verdicts-view-');
    try {
      writeFileSync(join(bin, 'fresh'), HARMLESS);
      const cache = new ViewCache(join(viewState, 'view-cache.json'));
      const found = cache.find('toolchains+scripts', 'k', (log, scripts) => new ToolchainSecrets(DEFAULT_NON_ACCESSIBLE_GLOBS).find([{ path: bin, scan: true, toolchain: true }], log, scripts));
      cache.save();
      expect(names(found.map((entry) => entry.path))).toEqual(cold());
      expect(() => readFileSync(join(viewState, 'view-cache.json'))).toThrow();
      const entries = (JSON.parse(readFileSync(join(viewState, 'script-verdicts.json'), 'utf8')) as { entries: object }).entries;
      expect(Object.keys(entries)).toContain(join(bin, 'deploy'));
      expect(Object.keys(entries)).not.toContain(join(bin, 'fresh'));
    } finally {
      await removeDir(viewState);
    }
  });
});
