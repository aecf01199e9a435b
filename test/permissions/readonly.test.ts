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
  'ls -la', 'dir', 'cat README.md', 'head -n 5 a', 'head -5 a', 'tail -n 20 log', 'less a', 'more a', 'wc -l a', 'file a', 'stat a', 'du -sh .', 'df -h',
  'find . -name "*.ts" -type f', 'find . -maxdepth 2 -name x -print', 'tree -L 2', 'realpath a', 'readlink -f a', 'basename a/b', 'dirname a/b', 'md5sum a', 'sha256sum a',
  'grep -rn TODO src', 'egrep x a', 'fgrep x a', 'grep --col=always x a', 'rg -n foo', 'rg --hidden -g "*.ts" foo', "awk '{print $1}' a", "awk -F: '$3 > 100 {print $1}' /etc/passwd",
  'sed -n 1,20p a', "sed -n '5p' a", "sed 's/foo/bar/g' notes.txt", "sed -e 's/a/b/' -e '/x/d' f", "sed -E 's|a|b|gI' f", "sed '1i header' f", "sed -n '/start/,/end/{p}' f",
  'sort a', 'sort -n -r a', 'sort --rev a', 'sort -k2,2 -t, a', 'uniq a', 'cut -d: -f1 a', "tr a-z A-Z", 'diff a b', 'diff -u a b', 'comm a b', 'jq .name package.json', 'jq -r ".a" x.json',
  'yq .a x.yaml', 'echo hi', 'printf "%s\\n" x', 'pwd', 'which node', 'whoami', 'id', 'date', 'date +%s', 'printenv PATH', 'xxd -l 64 file.bin',
  'uname -a', 'hostname', 'ps aux', 'uptime', 'type ls', 'whereis ls',
  'git status', 'git status --shor', 'git log --oneline -5', 'git diff HEAD~1', 'git show HEAD', 'git branch', 'git branch -a', 'git branch --list "feat/*"', 'git tag',
  'git tag -l "v1*"', 'git remote -v', 'git remote get-url origin', 'git stash list', 'git rev-parse HEAD', 'git describe --tags', 'git ls-files',
  'git blame a', 'git shortlog -sn', 'git reflog', 'git config --get user.name', 'git config user.name', 'git --no-pager log', 'git grep -n foo',
  'node --version', 'python3 --version', 'java -version', 'kubectl get pods -A', 'kubectl -n prod describe pod x',
  'tar -tf x.tar', 'tar tvzf x.tgz', 'tar --list --file=x.tar',
  'find . -name "*.ts" | xargs grep -l foo', 'find . -print0 | xargs -0 cat', 'time -p ls', 'nice -n 5 git status', 'timeout 5 cat a', 'cat "$FILE"', 'echo $HOME', 'basename "$PWD"', 'printenv PWD', 'cat /proc/cpuinfo', 'sort src/*.ts', 'sort -- *', 'git diff -- *', 'wc -l *',
];

// [line, why it is not read-only]
const VETOED: readonly (readonly [string, string])[] = [
  ['tail -f log', 'follows'], ['tail -F log', 'follows'], ['tail --follow=name log', 'follows'], ['tail --fol log', 'follows'], ['tail -qf log', 'follows'],
  ['find . -delete', 'delete'], ['find . -exec rm {} \\;', 'exec'], ['find . -execdir ls \\;', 'execdir'], ['find . -ok rm {} \\;', 'rm or unlink'], ['find . -fprint out', 'fprint'],
  ['find ~ -name "*" -delete', 'delete'], ['find . -name x -fls out', 'fls'], ['find . -newerXY x', 'not a test'],
  ['sed -i s/a/b/ f', 'in place'], ['sed --in-place s/a/b/ f', 'in place'], ['sed --in s/a/b/ f', 'in place'], ['sed -ni s/a/b/ f', 'in place'], ["sed -n '1w out' f", 'writes'],
  ["sed -n '1e rm x' f", 'runs'], ["sed 's/a/b/w out' f", 'writes'], ["sed 's/a/b/e' f", 'runs'], ["sed '1r /etc/shadow' f", 'reads a file'], ['sed -f script.sed f', 'script.sed'],
  ["sed -e 'p' -e 'W out' f", 'writes'], ["sed '/x/{s/a/b/;w out' f", 'writes'],
  ['sort -o out in', 'writes'], ['sort --output=out in', 'writes'], ['sort -no out in', 'writes'], ['sort --outp=p.awk in', 'writes'], ['sort --o=x in', 'writes'],
  ['sort --compress-program=sh in', 'runs'], ['sort --compress=sh in', 'runs'],
  ['git config --global user.name x', 'configuration'], ['git config --system a b', 'configuration'], ['git config user.name x', 'configuration'], ['git config --add a b', 'configuration'],
  ['rg --pre cat foo', 'runs'], ['rg --pr=cat foo', 'not an option'], ['rg -z foo', 'decompression'], ['rg --search-z foo', 'not an option'], ['rg --hostname-bin=x foo', 'runs'],
  ['git -c core.pager=evil log', 'configuration'], ['git -C /tmp log', 'another repository'], ['git --git-dir=/x log', 'another repository'], ['git --work-tree=/x status', 'another repository'],
  ['git --exec-path=/x status', 'folder'], ['git -p log', 'pager'], ['git --paginate log', 'pager'], ['git --config-env=core.pager=X log', 'only known at run time'],
  ['git diff --ext-diff', 'ext-diff'], ['git diff --output=/tmp/x', 'output'], ['git log --output=x', 'output'], ['git show --textconv HEAD', 'textconv'], ['git log --outp=x', 'output'],
  ['git grep --open-files-in-pager=sh x', 'program'], ['git grep --open=sh x', 'program'], ['git grep -Osh x', 'program'], ['git grep --textconv x', 'textconv'], ['git cat-file --filters HEAD:a', 'program'],
  ['git branch new-feature', 'branch'], ['git branch -D main', 'branch'], ['git branch --del x', 'branch'], ['git tag v1.0', 'tag'], ['git tag -d v1', 'tag'], ['git tag -v v1', 'gpg'],
  ['git remote add x y', 'remote'], ['git remote show origin', 'remote'],
  ['git stash', 'stash'], ['git stash pop', 'stash'], ['git reflog expire --all', 'reflog'], ['git commit -m x', 'not a read-only'], ['git push', 'not a read-only'], ['git x', 'alias'],
  // A program file that is missing asks as the immune list's (R25-6: its text could not be read whole), naming the file.
  ["awk 'BEGIN{system(\"rm x\")}'", 'runs other programs'], ["awk '{print > \"out\"}' a", 'writes'], ['awk -f prog.awk a', 'prog.awk'], ['awk -W exec p.awk', 'exec'],
  ["awk '{print | \"sh\"}' a", 'runs other programs'], ["awk '{\"date\" | getline d}' a", 'runs other programs'], ["awk 'BEGIN{print ENVIRON[\"TOKEN\"]}'", 'environment'], ["awk '{printf \"%s\", $1 > \"/tmp/x\"}' a", 'writes'],
  ['gawk --exec p.awk', 'p.awk'], ['gawk --lo=x.so 1', 'program file'], ['awk --dump-variables=out 1', 'writes'],
  ['uniq in out', 'OUTPUT'], ['tree -o out.txt', 'writes'], ['tree -R -H . x', 'writes'], ['yq -i .a=1 x.yaml', 'in place'], ['yq -y --in-place .a x.yaml', 'in place'], ['date -s 2020-01-01', 'clock'],
  ['hostname evil', 'changes the system'], ['jq -n env', 'environment'], ["jq -n '$ENV.TOKEN'", 'environment'], ['jq -f prog.jq x', 'file'], ['printenv', 'every environment variable'], ['printenv GITHUB_TOKEN', 'secret'],
  ['env', 'every environment variable'], ['env rm x', 'env'], ['node -e "require(1)"', 'node'], ['python3 -c "import os"', 'python3'], ['ps eww', 'environment'],
  ['kubectl get pods -w', 'never ends'], ['kubectl --kubeconfig=./k get pods', 'cluster'], ['kubectl delete pod x', 'not a read-only'], ['kubectl config use-context prod', 'not a read-only'],
  ['cargo metadata', 'not on the read-only list'], ['cargo tree', 'not on the read-only list'], ['go version', 'not on the read-only list'],
  ['less -o log.txt a', 'writes'], ['less --log-f=x a', 'writes'], ['less -k keys a', 'key bindings'], ['less "+!sh" a', 'less +cmd'], ['xxd in out', 'OUTPUT'], ['xxd -r in', 'binary'],
  ['\\time -o x ls', 'time -o x'], ['nice time -o x ls', 'time -o x'], ['command time --out=x ls', 'time --output=x'], ['ls | xargs sort', 'xargs'], ['ls | xargs rg foo', 'xargs'],
  ['ls | xargs sed -i s/a/b/', 'xargs'], ['kubectl get secrets -o yaml', 'secrets'], ['kubectl get pods,secret', 'secrets'], ["jq -n 'import \"x\" as x; x::f'", 'import'],
  ['sort --outp=p.awk a && awk -W exec p.awk', 'writes'], ['awk -W exec p.awk && sort --outp=p.awk a', 'exec'], ['git grep --open=p.awk x', 'program'], ['cargo metadata --format-version 1', 'not on the read-only list'],
  ['tar -xf x.tar -C /tmp/out', 'not a listing'], ['tar -tf x.tar --to-command=sh', 'runs'], ['tar tf x.tar --use-comp=sh', 'runs'], ['tar -tf host:/x.tar', 'remote'], ['tar -czf out.tgz dist', 'not a listing'],
  ['echo $GITHUB_TOKEN', 'secret'], ['echo "${AWS_SECRET_ACCESS_KEY}"', 'secret'], ['echo ${!x}', 'run time'], ['cat /proc/self/environ', 'environment'],
  ['tr "\\0" "\\n" < /proc/self/environ', 'environment'], ['grep -a x /proc/1/environ', 'environment'], ['f=/proc/self/environ; cat $f', 'environment'],
  ['git log --show-signature', 'gpg'], ["git log --format='%H %G?'", 'gpg'], ["git log --pretty=format:%GS", 'gpg'], ["git for-each-ref --format='%(signature)'", 'gpg'],
  ['sort *', 'option'], ['sed -n p *', 'option'], ['git diff *', 'option'], ['find * -name x', 'option'], ['sed -n p [-]*', 'option'], ['sort ""*', 'option'], ['sort \\-*', 'option'], ["sort '-'*", 'option'],
  ['diff -l a b', 'runs pr'], ['file -C -m x', 'compiled'], ['ls --frobnicate', 'not an option'], ['cat -Z a', 'not an option'], ['grep --xyz x a', 'not an option'],
];

describe('read-only allowlist', () => {
  test('lists 80+ commands', () => {
    expect(readOnlyCommandCount()).toBeGreaterThanOrEqual(80);
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

  test.each(['ls | rm x', 'cat a | sudo tee /x', 'ls | xargs rm', 'find . | xargs sort', 'cat script | sh', 'cat script | bash', 'echo x | python3', 'ls | tee out', 'cat a | dd of=b'])(
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
