import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (red team R40-a1): a program codeward itself starts is never looked up on codeward's own PATH by its bare
// name: execvp would take a workspace folder there (`node_modules/.bin`, `.`, direnv's `PATH_add bin`) and run a
// repository's `tar` unsandboxed. Each start names an absolute path: a system path, or one found by
// sandbox/which.ts (findOnPath on outsidePath's PATH). This rule catches the literal spelling; the others are read in
// review (a variable holding a program comes from which.ts).
// (`.exec(` is RegExp's: only child_process's exec without a receiver counts.)
const SPAWN = /(?:\b(?:spawn|spawnSync|execFile|execFileSync|execSync|fork)|(?<![.\w])exec)\(\s*(['"`])(?!\/)[^'"`]*\1/;


describe('programs codeward starts', () => {
  it('no source file starts a program by a bare name', () => {
    const found: string[] = [];
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      const rel = relative(REPO_ROOT, file).split('\\').join('/');
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (!/^\s*\/\//.test(line) && SPAWN.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()} (start it by an absolute path: sandbox/which.ts)`);
      });
    }
    expect(found).toEqual([]);
  });
});
