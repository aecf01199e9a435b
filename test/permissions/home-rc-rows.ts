// Table rows of the home start-up file tests (R26-1..4, R26-9, home28): each row is a shell, the text of its start-up
// file in a temp HOME whose workspace is ~/proj, and a workspace file written under --yes: the answer ('ok' or the
// error code) is the row's expectation. Call `rcTable` at the file's top level (it registers the temp folder).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

export const RC_FILES: Readonly<Record<string, string>> = {
  bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish', nu: '.config/nushell/config.nu', pwsh: '.config/powershell/Microsoft.PowerShell_profile.ps1',
};

export type RcRow = readonly [kind: string, text: string, file: string];

// `rows(title, expected, table)`: one describe of one test a row (`title` names the describe).
export function rcTable(prefix: string, workspace: Record<string, string>): (title: string, expected: 'C241' | 'ok', table: readonly RcRow[]) => void {
  let base = '';
  beforeAll(async () => {
    base = await tempDir(prefix);
  });
  afterAll(async () => removeDir(base));
  return (title, expected, table) => describe(title, () => {
    test.each(table.map((row) => [...row]))(`%s: %j -> writing %s answers ${expected}`, async (kind, text, file) => {
      expect(await homeWritten(base, { files: { [RC_FILES[kind]!]: `${text}\n` } }, file, 'Z=1\n', { inHome: true, workspace })).toBe(expected);
    }, 120_000);
  });
}
