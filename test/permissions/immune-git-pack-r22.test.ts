// Red team round 22, R22-5 (class R21-3, an option that execs a command; the immune list), the rows gitext23 left:
// `git send-email --to-cmd/--cc-cmd/--header-cmd/--sendmail-cmd=CMD` and `--smtp-server=/PATH` run a program
// (parse-launch-git-send-email.ts); `core.alternateRefsCommand` runs through the shell on a fetch from a repository
// with alternates (red team: removed build/ on `git fetch ../base` in a `git clone --shared` clone); the same inside a
// `-c alias.x=...` without `!`, which is more git words (judged as the git line it makes). gitext23 owns
// --upload-pack / --receive-pack / --exec (parse-launch-git-packs.ts on its branch); with both merged, the alias
// spelling of those is judged the same way.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n' });

const LINES = [
  "git send-email --to-cmd='rm -r build' HEAD~1",
  "git send-email --cc-cmd='rm -r build' HEAD~1",
  "git send-email --cc-cmd 'rm -r build' HEAD~1",
  "git send-email --header-cmd='rm -r build' HEAD~1",
  "git send-email --sendmail-cmd='rm -r build; sendmail' HEAD~1",
  "git send-email --to-cm='rm -r build' HEAD~1",
  "git send-email -to-cmd='rm -r build' HEAD~1",
  "git send-email HEAD~1 --to-cmd='rm -r build'",
  'git send-email --to-cmd="$C" HEAD~1',
  "git -c sendemail.tocmd='rm -r build' send-email HEAD~1",
  "git -c sendemail.work.cccmd='rm -r build' send-email --identity=work HEAD~1",
  "git -c core.alternateRefsCommand='rm -r build; true' fetch ../base",
  "git config core.alternateRefsCommand 'rm -r build; true'",
  "git -c alias.m='send-email --to-cmd=\"rm -r build\"' m HEAD~1",
  "git -c alias.f='-c core.alternateRefsCommand=\"rm -r build; true\" fetch' f ../base",
  "git config alias.m 'send-email --to-cmd=\"rm -r build\"'",
  "git -c submodule.s.update='!rm -r build' submodule update",
];

describe('R22-5 leftovers: git options naming a program git runs', () => {
  test.each(LINES)('asks: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test('an absolute --smtp-server is a program (a deny rule on it holds)', async () => {
    const policy = await policyWith(box(), ['deny @coder exec /opt/evil*', 'allow *']);
    expect((await explain(policy, '@coder exec git send-email --smtp-server=/opt/evil HEAD~1')).decision).not.toBe('allow');
  });

  test('control (held): git -c core.sshCommand asks', async () => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, "@coder exec git -c core.sshCommand='rm -r build' fetch h:r")).decision).toBe('ask');
  });

  test.each([
    'git send-email --to=a@example.com HEAD~1',
    'git send-email --smtp-server=smtp.example.com --to=a@example.com HEAD~1',
    'git send-email --to-cover --cc-cover HEAD~1',
    'git -c alias.st=status st',
    "git -c alias.l='log --oneline' l",
    'git config alias.co checkout',
    'git status',
  ])('free: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});
