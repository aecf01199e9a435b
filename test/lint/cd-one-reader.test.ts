import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (red team R30-3, R30-3b, R31): every reader of a folder change had its own idea of cd's options, CDPATH,
// `builtin cd`, `popd`, `chdir`, and each missed a different one. The one reader is src/shell/cd-operand.ts
// (isFolderChange, folderChangeAt, readCd, readParsedCd, cdTargets): no other source file names `cd`, `pushd` or
// `popd` as a string, nor compares a name with 'chdir' (a long option of env/sudo named chdir is no folder change).
// Word lists that name them for another reason are allowed below, with the reason.
const ALLOWED: Readonly<Record<string, string>> = {
  'src/permissions/obeyed-env-path.ts': 'program names a PATH entry of the workspace may shadow (not a folder change)',
  'src/permissions/readonly-path.ts': "bash's builtins, never looked up on PATH (chdir is none of bash's)",
  'src/permissions/home-sources-envrc.ts': "builtins an .envrc runs that load nothing (its cd's folder: home-sources-shell.ts, through the reader)",
  'src/permissions/hook-unmodeled.ts': 'hook builtins that run no program (popd: its folder is the fed walk’s, hook-fed.ts)',
  'src/shell/danger-secrets.ts': 'programs whose operands are not file reads (their folders: cdTargets)',
  'src/agent/contract/shell.ts': "words of the agent contract's shell examples",
  'src/shell/parse-launch-tools.ts': "`cmake -E chdir DIR CMD`: a cmake sub-command, rewritten as a `cd DIR` line the one reader reads",
};
const NAMED = /['"`](?:cd|pushd|popd)['"`]/;
const CHDIR = /[!=]==?\s*['"`]chdir['"`]|['"`]chdir['"`]\s*[!=]==?|['"`]chdir['"`][^\n]*\]\s*\)?\s*\.(?:includes|has)\(/;


describe('one reader of folder changes (cd/pushd/popd/chdir)', () => {
  it('no source file outside shell/cd-operand.ts checks a command name against them', () => {
    const found: string[] = [];
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      const rel = relative(REPO_ROOT, file).split('\\').join('/');
      if (rel === 'src/shell/cd-operand.ts' || ALLOWED[rel] !== undefined) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/^\s*\/\//.test(line)) return;
        if (NAMED.test(line) || CHDIR.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()} (use isFolderChange / folderChangeAt / readParsedCd of src/shell/cd-operand.ts)`);
      });
    }
    expect(found).toEqual([]);
  });

  it('each allowed file still names one (else drop it from the list)', () => {
    const stale = Object.keys(ALLOWED).filter((rel) => !NAMED.test(readFileSync(join(REPO_ROOT, rel), 'utf8')) && !CHDIR.test(readFileSync(join(REPO_ROOT, rel), 'utf8')));
    expect(stale).toEqual([]);
  });
});
