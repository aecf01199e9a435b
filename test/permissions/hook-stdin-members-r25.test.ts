// Red team round 25, R25-3 (members26's hook-members.ts: a glob's members queued as programs, R23-16/17): the
// members a hook line hands a shell or node on STANDARD INPUT are not members. `cat tools/*.sh | sh` runs every
// tools/*.sh (a new tools/b.sh too); so do `head`/`tail`/`sort` of the glob piped to sh/bash -s, `cat tools/*.js |
// node`, and a here-document `. /dev/stdin <<EOF` NL `$(cat tools/*.sh)`. run-parts with `--regex '.*'` (Debian
// run-parts: names with a dot run too) is free while the default run-parts asks. Each line is the pre-commit hook;
// writing tools/b.sh (tools/b.js) under --yes is written today (checked with dash: `cat tools/*.sh | sh` ran b.sh).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-stdin-');
const FILES = { 'tools/a.sh': 'echo a\n', 'tools/a.js': '1\n' };

describe('R25-3: a glob\'s members handed to a shell or node on standard input', () => {
  it.each<[string, string]>([
    ['cat tools/*.sh | sh', 'tools/b.sh'],
    ['cat tools/*.sh | bash -s', 'tools/b.sh'],
    ['head -n 100 tools/*.sh | sh', 'tools/b.sh'],
    ['tail -n +1 tools/*.sh | sh', 'tools/b.sh'],
    ['sort tools/*.sh | sh', 'tools/b.sh'],
    ['cat tools/*.js | node', 'tools/b.js'],
    ['. /dev/stdin <<EOF\n$(cat tools/*.sh)\nEOF', 'tools/b.sh'],
    ["run-parts --regex '.*' tools", 'tools/b.sh'],
  ])('`%s`: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });

  it.each<[string, string]>([
    ['for f in tools/*.sh; do sh "$f"; done', 'tools/b.sh'],
    ['eval "$(cat tools/*.sh)"', 'tools/b.sh'],
    ["find tools -name '*.sh' | xargs -n1 sh", 'tools/b.sh'],
    ['run-parts tools', 'tools/b.sh'],
  ])('control (held): `%s`: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });
});

describe('R25-3, held-back spellings', () => {
  it.each<[string, string]>([
    ['cat tools/*.sh | head -n 50 | sh', 'tools/b.sh'],
    ['tac tools/*.sh | tac | bash', 'tools/b.sh'],
    ['sh < tools/*.sh', 'tools/b.sh'],
    ['bash -c "$(cat tools/*.sh)"', 'tools/b.sh'],
    ['sh <<EOF\n`cat tools/*.sh`\nEOF', 'tools/b.sh'],
    ['run-parts -u 022 tools', 'tools/b.sh'],
    ['run-parts --arg=x --regex=. tools', 'tools/b.sh'],
    ["sh <<'EOF'\n$(cat tools/*.sh)\nEOF", 'tools/b.sh'],
    ['$(cat tools/*.sh)', 'tools/b.sh'],
    ['`cat tools/a.sh`', 'tools/a.sh'],
  ])('`%s`: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });

  it.each<[string, string]>([
    ['sh <<EOF\necho "at $(git rev-parse HEAD)"\nEOF', 'tools/b.sh'],
    ['cat tools/*.sh | grep -c x', 'tools/b.sh'],
  ])('friction control: `%s` leaves %s free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: [file] });
  });
});
