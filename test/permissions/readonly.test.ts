import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOnlyCommandCount } from '../../src/permissions/readonly.js';
import type { Policy } from '../../src/permissions/policy.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
let policy: Policy;
beforeAll(async () => {
  box = await sandbox();
  policy = await policyWith(box);
});
afterAll(async () => {
  await box.cleanup();
});

const decision = async (line: string): Promise<string> => (await explain(policy, `@coder exec ${line}`)).decision;

const READ_ONLY: readonly string[] = [
  'ls -la', 'll', 'cat README.md', 'head -n 5 a', 'tail -n 20 log', 'less a', 'more a', 'wc -l a', 'file a', 'stat a', 'du -sh .', 'df -h',
  'find . -name "*.ts" -type f', 'tree -L 2', 'realpath a', 'readlink -f a', 'basename a/b', 'dirname a/b', 'md5sum a', 'sha256sum a',
  'grep -rn TODO src', 'egrep x a', 'fgrep x a', 'rg -n foo', 'ag foo', 'fd -e ts', "awk '{print $1}' a", 'sed -n 1,20p a', "sed -n '5p' a",
  'sort a', 'sort -n -r a', 'uniq a', 'cut -d: -f1 a', "tr a-z A-Z", 'diff a b', 'comm a b', 'jq .name package.json', 'yq .a x.yaml',
  'xmllint --noout a.xml', 'echo hi', 'printf "%s\\n" x', 'pwd', 'which node', 'whoami', 'id', 'date', 'date +%s', 'printenv PATH',
  'uname -a', 'hostname', 'ps aux', 'uptime', 'type ls', 'whereis ls',
  'git status', 'git log --oneline -5', 'git diff HEAD~1', 'git show HEAD', 'git branch', 'git branch -a', 'git branch --list "feat/*"', 'git tag',
  'git tag -l "v1*"', 'git remote -v', 'git remote show origin', 'git stash list', 'git rev-parse HEAD', 'git describe --tags', 'git ls-files',
  'git blame a', 'git shortlog -sn', 'git reflog', 'git config --get user.name', 'git config user.name', 'git --no-pager log',
  'go version', 'go env GOPATH', 'go list ./...', 'node --version', 'python3 --version', 'rustc --version', 'java -version',
  'docker ps', 'docker images', 'docker logs web', 'docker stats --no-stream', 'kubectl get pods', 'kubectl config current-context',
  'npm ls', 'npm view react version', 'npm config get registry', 'yarn list', 'pip list', 'pip3 show requests', 'cargo tree',
];

// [line, why it is not read-only]
const VETOED: readonly (readonly [string, string])[] = [
  ['tail -f log', 'follows'], ['tail -F log', 'follows'], ['tail --follow=name log', 'follows'],
  ['find . -delete', 'delete'], ['find . -exec rm {} \\;', 'exec'], ['find . -execdir ls \\;', 'execdir'], ['find . -ok rm {} \\;', 'ok'], ['find . -fprint out', 'fprint'],
  ['sed -i s/a/b/ f', 'in place'], ['sed --in-place s/a/b/ f', 'in place'], ['sed s/a/b/ f', 'sed -n'], ["sed -n '1w out' f", 'write'], ["sed -n '1e rm x' f", 'run'],
  ['sort -o out in', 'sort -o'], ['sort --output=out in', 'sort -o'], ['sort -no out in', 'sort -o'],
  ['git config --global user.name x', 'global'], ['git config --system a b', 'global'], ['git config user.name x', 'writes'],
  ['rg --pre cat foo', 'pre'], ['rg --pre-glob "*.gz" foo', 'pre'], ['rg -z foo', 'pre'],
  ['git -c core.pager=evil log', '-c'], ['git -C /tmp log', '-C'], ['git --git-dir=/x log', 'git-dir'], ['git --work-tree=/x status', 'work-tree'], ['git --exec-path=/x status', 'exec-path'],
  ['git diff --ext-diff', 'ext-diff'], ['git diff --output=/tmp/x', 'output'], ['git log --output=x', 'output'],
  ['git branch new-feature', 'branch'], ['git branch -D main', 'branch'], ['git tag v1.0', 'tag'], ['git tag -d v1', 'tag'], ['git remote add x y', 'remote'],
  ['git stash', 'stash'], ['git stash pop', 'stash'], ['git reflog expire --all', 'reflog'], ['git commit -m x', 'not a read-only'], ['git push', 'not a read-only'],
  ['fd -x rm', 'run'], ['ag --pager less x', 'pager'], ["awk 'BEGIN{system(\"rm x\")}'", 'awk'], ["awk '{print > \"out\"}' a", 'awk'], ['awk -f prog.awk a', 'awk'],
  ['uniq in out', 'OUTPUT'], ['tree -o out.txt', 'tree -o'], ['yq -i .a=1 x.yaml', 'in place'], ['date -s 2020-01-01', 'clock'], ['hostname evil', 'host name'],
  ['env rm x', 'env'], ['node -e "require(1)"', 'node'], ['python3 -c "import os"', 'python3'], ['go env -w GOFLAGS=x', 'go env'],
  ['docker logs -f web', 'follows'], ['docker stats', 'no-stream'], ['docker rm web', 'not a read-only'], ['docker network rm x', 'network'],
  ['kubectl get pods -w', 'watch'], ['kubectl delete pod x', 'not a read-only'], ['kubectl config use-context prod', 'config'],
  ['npm install', 'not a read-only'], ['npm config set x y', 'config'], ['pip install x', 'not a read-only'], ['cargo build', 'not a read-only'],
  ['less -o log.txt a', 'log'], ['xxd in out', 'OUTPUT'], ['base64 -o out in', 'base64 -o'],
];

describe('read-only allowlist', () => {
  test('lists 90+ commands', () => {
    expect(readOnlyCommandCount()).toBeGreaterThanOrEqual(90);
  });

  test.each(READ_ONLY)('%j is allowed without a rule', async (line) => {
    const result = await explain(policy, `@coder exec ${line}`);
    expect(result.decision, result.reason).toBe('allow');
    expect(result.source).toBe('allowlist');
  });

  test.each(VETOED)('%j is not auto-approved (%s)', async (line, why) => {
    const result = await explain(policy, `@coder exec ${line}`);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain(why);
  });

  test.each(['ls | rm x', 'cat a | sudo tee /x', 'ls | xargs rm', 'find . | xargs cat', 'cat script | sh', 'cat script | bash', 'echo x | python3', 'ls | tee out', 'cat a | dd of=b'])(
    'a pipe into a dangerous target is not auto-approved: %j',
    async (line) => {
      expect(await decision(line)).toBe('ask');
    },
  );

  test.each(['ls > out', 'cat a >> b', 'echo x > y', 'git log > log.txt'])('output redirection is not auto-approved: %j', async (line) => {
    expect(await decision(line)).toBe('ask');
  });

  test('the allowlist only applies when no rule matched', async () => {
    const strict = await policyWith(box, ['ask @coder exec git *']);
    expect((await explain(strict, '@coder exec git status')).decision).toBe('ask');
    expect((await explain(strict, '@coder exec git status && ls')).source).toBe('cli');
  });
});
