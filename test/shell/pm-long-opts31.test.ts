// opts31: pnpm's words as its nopt reads them (pnpm-long.ts), in the three places long-canon.ts serves: the hook
// walk's text, the script readers' words and the shell reading. Each row's reading was checked against the real
// pnpm 9.15.9 (a root and a `sub` package each with a script `g`: the rows' lines ran sub's `g`, or the root's for
// the lines left as written). Old code: pnpm's words reached the readers as written.
import { describe, expect, it } from 'vitest';
import { canonicalWords } from '../../src/shell/long-canon.js';
import { canonicalLongText } from '../../src/shell/long-canon-text.js';
import { listSimpleCommands } from '../../src/shell/parse.js';
import { parser } from '../permissions/helpers.js';

const ROWS: [string, string][] = [
  ['pnpm --prefix sub run g', 'pnpm --dir sub run g'],
  ['pnpm --prefi sub run g', 'pnpm --dir sub run g'],
  ['pnpm -dir sub run g', 'pnpm --dir sub run g'],
  ['pnpm -prefix sub run g', 'pnpm --dir sub run g'],
  ['pnpm --C sub run g', 'pnpm --dir sub run g'],
  ['pnpm --C=sub run g', 'pnpm --dir=sub run g'],
  ['pnpm --pre=sub run g', 'pnpm --dir=sub run g'],
  ['pnpm -rC sub run g', 'pnpm -r -C sub run g'],
  ['pnpm --rec run g', 'pnpm --recursive run g'],
  ['pnpm --filter-p sub run g', 'pnpm --filter-prod sub run g'],
  ['pnpm --F sub run g', 'pnpm --filter sub run g'],
  ['pnpm --workspace-r run g', 'pnpm --workspace-root run g'],
  ['pnpm --dir sub --prefi x run g', 'pnpm --dir sub --dir x run g'],
  ['pnpm --prefi sub g', 'pnpm --dir sub g'],
  ['pnpm run --rec g', 'pnpm run --recursive g'],
  ['pnpm --rF sub run g', 'pnpm -r -F sub run g'],
  // npm's nopt drops a word's dashes before it splits its shorthand letters (npm 11: `npm --gC sub run g` ran sub's `g`).
  ['npm --gC sub run g', 'npm -g -C sub run g'],
  ['npm run g --sC sub', 'npm run g -s -C sub'],
  ['npm --gC=sub run g', 'npm -g -C=sub run g'],
  ['npm -gC=sub run g', 'npm -g -C=sub run g'],
];

// Left as written: pnpm hands them on (after the script name, after exec), a prefix several keys share, `-C`.
const KEPT = ['pnpm run g --prefi x', 'pnpm exec --prefi x', 'pnpm --pref sub run g', 'pnpm -C sub run g', 'pnpm --filte sub run g', 'pnpm x --rec', 'pnpm run g -- --rec'];

const commandsOf = async (text: string): Promise<unknown[]> =>
  listSimpleCommands(await parser.parseShell(text)).map((command) => ({ name: command.name, args: command.args, wrappers: command.wrappers }));

describe('pnpm option words are read as nopt reads them', () => {
  it.each(ROWS)('`%s` is read as `%s`', async (written, read) => {
    expect(canonicalLongText(written)).toBe(read);
    expect(canonicalWords(written.split(' '))).toEqual(canonicalWords(read.split(' ')));
    expect(await commandsOf(written)).toEqual(await commandsOf(read));
  });

  it.each(KEPT)('`%s` is left as written', (written) => {
    expect(canonicalLongText(written)).toBe(written);
  });
});
