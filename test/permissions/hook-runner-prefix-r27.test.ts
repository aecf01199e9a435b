// Red team round 27, R27-7: R27-6's abbreviated folder options in a git hook. The hook walk follows `make -C sub`,
// `make --directory=sub` and `env --chdir=sub npm test` into sub/ (sub/Makefile, sub/package.json's test script
// sub/t.js ask), but not the getopt_long prefixes GNU make and env accept: pre-commit `make --dir=sub check`,
// `make --di=sub check` leave sub/Makefile free, `env --chd=sub npm test` leaves sub/t.js free under --yes; the next
// `git commit` runs them (checked: `make --dir=sub -n g` runs sub/Makefile, `env --chd=sub pwd` prints .../sub).
// Odd: `env --ch sub npm test` (a space) is held while `env --chd=sub` (an `=`) is not.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('rt27-hp-');
const FILES = { 'Makefile': 'x:\n\ttrue\n', 'mk/x.mk': 'check:\n\ttrue\n', 'sub/Makefile': 'check:\n\ttrue\n', 'sub/package.json': '{"name":"s","scripts":{"test":"node t.js"}}\n', 'sub/t.js': '1\n', 'tools/x.sh': 'true\n' };
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('R27-7: a hook runner moved into sub/ by an abbreviated long option', () => {
  it.each([
    ['make --dir=sub check', 'sub/Makefile'],
    ['make --di=sub check', 'sub/Makefile'],
    ['env --chd=sub npm test', 'sub/t.js'],
  ])('hook `%s`: writing %s asks', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});

describe('controls (held)', () => {
  it.each([
    ['make -C sub check', 'sub/Makefile'],
    ['make --directory=sub check', 'sub/Makefile'],
    ['make --fi=mk/x.mk check', 'mk/x.mk'],
    ['make --makef=mk/x.mk check', 'mk/x.mk'],
    ['env --ch sub npm test', 'sub/t.js'],
    ['unshare --w sub npm test', 'sub/t.js'],
    ["env --s 'sh tools/x.sh'", 'tools/x.sh'],
    ["script -q --comm 'sh tools/x.sh' /dev/null", 'tools/x.sh'],
    ['make -f mk/x.mk check', 'mk/x.mk'],
    ['env --chdir=sub npm test', 'sub/t.js'],
  ])('hook `%s`: writing %s asks', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
