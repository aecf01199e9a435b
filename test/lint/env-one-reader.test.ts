import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (red team R38-b2, R39-b10, R40-b5; env55): env's words (-S/--split-string in place, -C, -u, -i, `-`, `--`,
// NAME=VALUE) are read by ONE reader, src/shell/env-words.ts (readEnv, envStart). Copies drifted: parse-wrappers.ts
// unwrap's env spec read `--` and NAME=VALUE one way and readEnv another, git/config-computed.ts knew only `-S` and
// `--split-string` as written. No other source file names env's split-string option or spells an env option spec.
const ALLOWED: Readonly<Record<string, string>> = {
  'src/shell/long-options.ts': "the table of getopt_long names every reader's prefixes come from (env-words.ts reads env's from it)",
};
const SPLIT = /['"`](?:--)?split-string=?['"`]/;
const SPEC = /\benv['"]?\s*:\s*\{[^}\n]*\b(?:argShort|argLong|stringShort|stringLong|shortValued)\b/;
const INLINE = /\benv\b[^\n]*\[\s*['"`]-S['"`]/;
const spells = (line: string): boolean => !/^\s*\/\//.test(line) && (SPLIT.test(line) || SPEC.test(line) || INLINE.test(line));

describe("one reader of env's words (src/shell/env-words.ts)", () => {
  it('no other source file spells env’s options', () => {
    const found: string[] = [];
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      const rel = relative(REPO_ROOT, file).split('\\').join('/');
      if (rel === 'src/shell/env-words.ts' || ALLOWED[rel] !== undefined) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (spells(line)) found.push(`${rel}:${i + 1}: ${line.trim()} (read env's words with readEnv / envStart of src/shell/env-words.ts)`);
      });
    }
    expect(found).toEqual([]);
  });

  it('the rule sees the copies it was written for, and not other programs’ -S', () => {
    expect(spells("  env: { argShort: 'uCPa', argLong: ['unset', 'chdir', 'argv0'], assignments: true, stringShort: 'S', stringLong: ['split-string'] },")).toBe(true);
    expect(spells("  [/^env$/, ['-S', '--split-string']],")).toBe(true);
    expect(spells("const VALUED = new Set(['unset', 'chdir', 'split-string', 'argv0']);")).toBe(true);
    expect(spells("const SCREEN_VALUED = new Set(['-c', '-e', '-h', '-p', '-S', '-T']);")).toBe(false);
    expect(spells('  env: { env: true },')).toBe(false);
  });

  it('each allowed file still names it (else drop it from the list)', () => {
    const stale = Object.keys(ALLOWED).filter((rel) => !readFileSync(join(REPO_ROOT, rel), 'utf8').split('\n').some(spells));
    expect(stale).toEqual([]);
  });
});
