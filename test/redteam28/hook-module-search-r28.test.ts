// Red team round 28, R28-5 (CRITICAL): a hook that loads a module through a search folder or a package folder it
// names in a form the walk does not read leaves the module free: perl's `-Mlib=DIR` (lib.pm's import, the usual
// spelling of `-I`), npm's option abbreviation `--prefi DIR` (nopt: `npm --prefi tools run x` ran
// tools/package.json's script, checked with npm 10; `--pre` is ambiguous and npm refuses it). Held controls:
// `perl -I tools -Mz`, `PERL5LIB=tools perl -Mz`, `perl -Itools -e "use z"` / `require z`, `python3 tools` (its
// __main__.py), `npm --prefix tools run x`, `npm -C tools`, `yarn --cwd tools`, `python3 -c "import tools.z"`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const place = rowPlace('rt28-modsearch-');
const FILES = {
  'tools/z.pm': '1;\n', 'tools/__main__.py': '1\n', 'tools/package.json': '{"scripts":{"x":"true"}}', 'package.json': '{"scripts":{"x":"true"}}',
};
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('R28-5 CRITICAL: module search folders a hook names are not read', () => {
  it.each([
    ['perl -Mlib=tools -Mz -e 1', 'tools/z.pm'],
    ['npm --prefi tools run x', 'tools/package.json'],
  ])('hook `%s`: writing %s asks under --yes', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
