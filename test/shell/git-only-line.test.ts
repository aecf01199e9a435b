import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellParser } from '../../src/shell/parse.js';
import { gitWriteRefusal } from '../../src/shell/git-only-line.js';

// R12-21: only a line that runs git alone, through history subcommands with no program, config or output
// option, may write the git folder from the sandbox (src/shell/git-only-line.ts).
const parser = new ShellParser();
beforeAll(async () => parser.ready());
afterAll(async () => parser.dispose());
const refusal = async (line: string) => gitWriteRefusal(await parser.parseShell(line));

describe('a line that may write git history from the sandbox', () => {
  it.each([
    'git add -A && git commit -qm "fix the parser"',
    'git status && git add src/a.ts && git commit -m wip',
    "git commit -m \"$(cat <<'EOF'\nfix: the parser\n\nlonger text\nEOF\n)\"",
    'git checkout -b topic',
    'git stash && git pull --rebase origin main && git stash pop',
    'git fetch origin && git merge -s ort origin/main',
    'git -C sub commit -am x',
    'git --no-pager log -3 && git reset --hard HEAD~1',
    'git push origin topic 2>&1',
    'git rebase origin/main',
    'git -c user.name=t -c user.email=t@e.invalid commit -qam edit',
  ])('%s', async (line) => {
    expect(await refusal(line)).toBeUndefined();
  });
});

describe('a line that gets git read-only (anything but git, or git naming a program, a file or a config)', () => {
  it.each([
    ['python3 obj.py abc', /not git alone/],
    ['npm test && git commit -am x', /not git alone/],
    ['git hash-object -w --stdin < x', /not a history command/],
    ['git update-ref refs/heads/main abc', /not a history command/],
    ['git -c core.hooksPath=x commit -m x', /git -c core.hooksPath/],
    ['git -c user.name=t -c core.fsmonitor=./x commit -m x', /git -c core.fsmonitor/],
    ['git -c $KEY commit -m x', /git -c/],
    ['git log -1 --format=x --output=.git/logs/HEAD', /--output/],
    ['git log -1 --outp=.git/logs/HEAD', /--outp/],
    ['git log -1 > .git/logs/HEAD', /redirects/],
    ['git rebase -x "python3 obj.py" main', /./],
    ['git rebase -ix true main', /git rebase -ix/],
    ['git fetch ../evil main:refs/remotes/origin/main', /configured remote/],
    ['git fetch https://example.invalid/r.git', /configured remote/],
    ['git fetch --upload-pack="sh -c id" origin', /--upload-pack/],
    ['git push --rec=x origin', /--rec/],
    ['git merge -s evil topic', /-s evil/],
    ['git merge --strategy=evil topic', /--strategy evil/],
    ['git pull $OPTS', /run time/],
    ['GIT_DIR=x git commit -m x', /variables set before/],
    ['GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=x git commit -m x', /variables set before/],
    ['f() { git commit -m x; }; f', /functions/],
    ['git $SUB', /./],
    ['env git commit -m x', /not git alone/],
    ['git commit -m "$(python3 -c 1)"', /not git alone/],
  ])('%s', async (line, why) => {
    expect(await refusal(line)).toMatch(why);
  });
});
