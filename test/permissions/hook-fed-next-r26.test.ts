// Red team round 26 on R25-3 (hook-fed.ts / hook-fed-pipes.ts: a glob's members fed to a shell). A pre-commit hook
// runs the concatenation of tools/*.sh (tools/a.sh present) through a shell by a way the pipe reader does not follow:
// - R26-10: a process substitution as the script (`bash <(cat tools/*.sh)`, `. <(cat tools/*.sh)`,
//   `source <(cat tools/*.sh)`), a tee in the middle of the pipe (`cat tools/*.sh | tee /tmp/x | sh`: tee passes its
//   input on), and the members written to a file the hook then runs (`cat tools/*.sh > /tmp/x; sh /tmp/x`).
//   Writing tools/b.sh under --yes is not asked about. Checked with bash 5.2 / dash: each ran a.sh and b.sh.
// Controls (held): `cat tools/*.sh | sh`, `sh -c "$(cat tools/*.sh)"`, `cat tools/*.sh | sh -s --`,
// `find tools -name "*.sh" | xargs cat | sh`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('rt26-fed-');
const asks = (hook: string): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook, files: { 'tools/a.sh': 'true\n', 'tools/b.sh': 'true\n' }, asks: ['tools/b.sh'], free: [] });

describe('R26-10: tools/*.sh reach a shell through <(..), tee, or a file written first', () => {
  it.each([
    'bash <(cat tools/*.sh)',
    '. <(cat tools/*.sh)',
    'source <(cat tools/*.sh)',
    'cat tools/*.sh | tee /tmp/rt26-tee | sh',
    'cat tools/*.sh > /tmp/rt26-all; sh /tmp/rt26-all',
  ])('hook `%s`: writing tools/b.sh asks', async (hook) => {
    await asks(hook);
  }, 60_000);
});

describe('controls (held)', () => {
  it.each(['cat tools/*.sh | sh', 'sh -c "$(cat tools/*.sh)"', 'cat tools/*.sh | sh -s --', 'find tools -name "*.sh" | xargs cat | sh'])('hook `%s`: writing tools/b.sh asks', async (hook) => {
    await asks(hook);
  }, 60_000);
});
