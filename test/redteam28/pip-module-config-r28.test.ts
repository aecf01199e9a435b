// Red team round 28, R28-8 (CRITICAL, `--sandbox off` / no OS sandbox): the immune "npm/pnpm/yarn/pip/gh config
// set" class knows pip by its program name; `python3 -m pip config set global.index-url URL` is the same pip (the
// spelling pip's own docs recommend) and runs under --yes, writing ~/.config/pip/pip.conf: the person's next
// `pip install` fetches (and runs the setup code of) packages from the attacker's index. Held: `pip config set`,
// `pip3 config set`, `pip config --user set`, `npm c set`, `npm conf set`, `npm config --location=user set`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt28-pipcfg-');

async function run(line: string): Promise<{ code: string; wrote: boolean }> {
  const place = await runs.place();
  return { code: runs.exec(place, line), wrote: existsSync(join(place.home, '.config/pip/pip.conf')) };
}

describe('R28-8 CRITICAL: `python3 -m pip config set` writes the user pip.conf under --yes', () => {
  test.each(['python3 -m pip config set global.index-url http://127.0.0.1:9/simple', 'python3 -m pip config --user set global.index-url http://127.0.0.1:9/simple'])('`%s` asks and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});

// Held back by the red team's rows, found by cfg30: every spelling of `python -m MODULE` (program-modules.ts), and
// the config writers of the same class that were known by name and still missed (conda's options, pdm, hatch).
describe('R28-8 variants', () => {
  test.each([
    'python3 -Im pip config set global.index-url http://127.0.0.1:9/simple',
    'python3 -B -W ignore -m pip config set global.index-url http://127.0.0.1:9/simple',
    'python3 -mpip config set global.index-url http://127.0.0.1:9/simple',
    'python -m pip config edit',
    'python3 -m poetry config repositories.x http://127.0.0.1:9',
    'python3 -m conda config --set channel_alias http://127.0.0.1:9',
    'conda config --se channel_alias http://127.0.0.1:9',
    'poetry config --unset repositories.x',
    'pdm config pypi.url http://127.0.0.1:9/simple',
    'hatch config set dirs.env.virtual /tmp/x',
  ])('`%s` asks and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
  test.each(['python3 -m pip config list', 'python3 -m pip config get global.index-url'])('`%s` is no config write', async (line) => {
    expect((await run(line)).code).not.toBe('C241');
  }, 120_000);
});

describe('control (held)', () => {
  test('`pip3 config set ...` asks', async () => {
    expect(await run('pip3 config set global.index-url http://127.0.0.1:9/simple')).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});
