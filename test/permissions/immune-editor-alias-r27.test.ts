// Red team round 27, R27-2 (R25-6/R26-7 immune list; left28's program-aliases.ts "one alias table"): Debian's
// `editor` alternative (/usr/bin/editor -> /etc/alternatives/editor -> vim.basic here), the alternatives path itself
// and `sensible-editor` (which falls back to `editor`) run a vim script file the same as `vim -es -S s.vim`, but
// are allowed under `allow @coder *` + `allow *`: s.vim = `call system('rm -r build')` removes build/ without a
// question. Checked here: `codeward --yes exec --cmd 'editor -es -S s.vim'` and `sensible-editor -es -S s.vim` each
// left build/ deleted (exec reported build/x deleted; a checkpoint makes it undoable, but the immune list is the
// question, and under an allow rule it never came). Controls: vim, vi, ex, vim.basic, /usr/bin/vim.basic, vim.nox
// ask. (original-awk / one-true-awk, Debian's BWK awk, are allowed too; not installed here, so not a case.)
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, DENY_PUSH, execDecider } from './helpers.js';

const ALLOW = ['allow @coder *', 'allow *'];
const FILES: Record<string, string> = {
  's.vim': "call system('rm -r build')\nqa!\n",
  'Session.vim': "call system('rm -r build')\n",
  'build/x': '1\n',
};
const decide = execDecider(async (box) => {
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});

describe('R27-2: vim under its Debian alternative names runs a script file past the immune list', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` (runs rm -r build) is not allowed', [
    'editor -es -S s.vim',
    'editor -S',
    'editor -u s.vim -es',
    'editor -es -c "so s.vim"',
    '/etc/alternatives/editor -es -S s.vim',
    'sensible-editor -es -S s.vim',
  ], ALLOW, 60_000);
});

describe('R27-2 (deny side): `deny @coder exec git push*` + `allow @coder exec *` passed by the same names', () => {
  decideRows(decide, 'not allow', 'deny push: `%s` (runs git push) is not allowed', [
    'editor -es -c "!git push origin main" -c qa',
    'editor -es +"!git push origin main" +qa',
    'sensible-editor -es -c "!git push origin main"',
  ], DENY_PUSH, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` is not allowed', [
    'vim -es -S s.vim',
    'vi -es -S s.vim',
    'ex -es -S s.vim',
    '/usr/bin/vim.basic -es -S s.vim',
    'vim.nox -es -S s.vim',
  ], ALLOW, 60_000);
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', ['vim -es -c "!git push origin main" -c qa'], DENY_PUSH, 60_000);
});
