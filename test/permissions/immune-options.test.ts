import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GIT_WRITE_TABLES } from '../../src/permissions/options/git-write.js';
import type { Policy } from '../../src/permissions/policy.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Safety immunity reads options the way the programs do (git's parse-options, GNU getopt_long prefixes): every abbreviation, combined short flag,
// option after operands, global option or command-line alias of a protected option is still immune,
// even under an allow rule.

let box: Sandbox;
let policy: Policy;
beforeAll(async () => {
  box = await sandbox();
  policy = await policyWith(box, ['allow @coder exec git *']);
});
afterAll(async () => {
  await box.cleanup();
});

const immune = async (line: string): Promise<string | undefined> => {
  const result = await explain(policy, `@coder exec ${line}`);
  return result.source === 'immune' ? result.immune : undefined;
};

// Every prefix git accepts: long enough to be a prefix of the protected option (git reports an ambiguous
// one as an error, which is harmless, but it must still not pass as a plain push).
function prefixes(sub: string, option: string): string[] {
  const table = GIT_WRITE_TABLES[sub]!.table!;
  const out: string[] = [];
  for (let end = 3; end <= option.length; end++) {
    const prefix = option.slice(0, end);
    if (table.long.has(prefix) && prefix !== option) continue;
    out.push(prefix);
  }
  return out;
}

describe('every abbreviation of a protected git option is immune', () => {
  const cases: [string, string][] = [
    ...prefixes('reset', '--hard').map((p) => ['git-reset-hard', `git reset ${p} HEAD~1`] as [string, string]),
    ...prefixes('clean', '--force').map((p) => ['git-clean-force', `git clean ${p} -dx`] as [string, string]),
    ...['--force', '--force-with-lease', '--mirror', '--delete', '--prune', '--force-if-includes'].flatMap((o) => prefixes('push', o).map((p) => ['git-push-force', `git push ${p} origin main`] as [string, string])),
  ];
  test.each(cases)('%s: %s', async (cls, line) => {
    expect(await immune(line)).toBe(cls);
  });
});

describe('other spellings', () => {
  test.each([
    ['git-reset-hard', 'git reset --har'],
    ['git-reset-hard', 'git reset HEAD~3 --hard'],
    ['git-reset-hard', 'git -C . reset --hard'],
    ['git-reset-hard', "git -c alias.r='reset --hard' r"],
    ['git-reset-hard', 'git --no-pager reset --ha'],
    ['git-clean-force', 'git clean --forc -dx'],
    ['git-clean-force', 'git clean -xdf'],
    ['git-clean-force', 'git clean -dfx'],
    ['git-clean-force', 'git clean -d -x'],
    ['git-clean-force', 'git -c clean.requireForce=false clean -d'],
    ['git-push-force', 'git push --force-w'],
    ['git-push-force', 'git push --mirro'],
    ['git-push-force', 'git push -f'],
    ['git-push-force', 'git push -uf origin main'],
    ['git-push-force', 'git push origin main --force'],
    ['git-push-force', 'git push origin +main'],
    ['git-push-force', 'git push origin +HEAD:refs/heads/main'],
    ['git-push-force', 'git push origin :main'],
    ['git-push-force', 'git push -d origin main'],
    ['git-push-force', 'git -c push.default=mirror push'],
    ['git-push-force', 'git -c remote.origin.mirror=true push'],
    ['git-push-force', 'git --git-dir=.git push --force'],
    ['git-push-force', "git -c alias.p='push --force' p"],
    ['git-push-force', 'git push --forc'],
    ['git-push-force', 'git send-pack --forc origin main'],
    ['git-push-force', 'git send-pack origin +main'],
    ['rm-recursive', 'rm --rec --for /srv/build'],
    ['rm-recursive', 'rm --recursive --forc /srv/build'],
    ['rm-recursive', 'rm -r --interactive=never /srv/build'],
    ['rm-recursive', 'rm --recu --inter=never /srv/build'],
    ['rm-root', 'rm --no-pres -r /x'],
    ['iptables-flush', 'iptables --fl'],
    ['nc-listen', 'nc --lis 8080'],
    ['ncat-listen', 'ncat --liste 8080'],
    ['sysctl-write', 'sysctl --wr vm.x=1'],
    ['sysctl-write', 'sysctl --sys'],
    ['pkill-9', 'pkill --sig=9 node'],
    ['pkill-9', 'pkill --sig KILL node'],
    ['kill-9', 'kill --signal=SIGKILL 1'],
  ])('%s: %s', async (cls, line) => {
    expect(await immune(line)).toBe(cls);
  });

  test.each(['git push origin main', 'git push -u origin feature', 'git push --no-force origin main', 'git reset --soft HEAD~1', 'git reset HEAD a.txt', 'git clean -n -dx', 'git clean --dry-run', 'git push -- --force', 'git status'])(
    'not immune: %s',
    async (line) => {
      expect(await immune(line)).toBeUndefined();
    },
  );
});

// A program on the read-only list that writes through an option writes: its paths are judged as writes
// (before, `--yes` approved `sort -o .git/hooks/pre-commit x`, which plants a hook).
describe('listed programs with a writing option are judged as writes', () => {
  test.each([
    ['git-internals', 'sort --output=.git/hooks/pre-commit x'],
    ['git-internals', 'sort --outp=.git/hooks/pre-commit x'],
    ['git-internals', 'tar -xf evil.tar -C .git/hooks'],
    ['git-internals', 'sed -i s/a/b/ .git/config'],
    ['codeward-policy', 'yq -i .a .codeward/policy.json'],
    ['codeward-policy', 'sort -o .codeward/policy.json x'],
    ['codeward-policy', 'uniq x .chatcli/agents/a.md'],
    ['git-internals', 'sort -o.git/hooks/pre-commit x'],
    ['git-internals', 'sort -no.git/hooks/pre-commit x'],
    ['git-internals', 'tar -xf e.tar -C.git'],
    ['git-internals', 'cp -t.git/hooks x'],
    ['git-internals', '\\time -o .git/hooks/x ls'],
    ['codeward-policy', 'nice time --out=.codeward/policy.json ls'],
  ])('%s: %s', async (cls, line) => {
    expect(await immune(line)).toBe(cls);
  });

  test.each(['cat .git/config', 'ls .codeward', 'git log -- .git', 'sort .git/packed-refs'])('reading is not immune: %s', async (line) => {
    expect(await immune(line)).toBeUndefined();
  });
});

// A glob can expand to a file named like an option (`rm *` with a file named `-rf`).
describe('globs that can expand to option-like file names', () => {
  test.each([
    ['rm-recursive', 'rm *'],
    ['rm-recursive', 'rm -f *'],
    ['rm-recursive', 'rm ?*'],
    ['kill-9', 'kill *'],
    ['git-push-force', 'git push origin *'],
    ['chmod-777', 'chmod * x'],
    ['rm-recursive', 'rm \\-*'],
    ['rm-recursive', 'rm "-"*'],
    ['rm-recursive', 'rm ""*'],
  ])('%s: %s', async (cls, line) => {
    expect(await immune(line)).toBe(cls);
  });
  test.each(['rm *.o', 'rm -- *', 'rm build/*', 'chmod 644 *', 'ls *', 'rm "*"', "rm '*'x"])('not immune: %s', async (line) => {
    expect(await immune(line)).toBeUndefined();
  });
});

// Property: a protected option in a random spelling, among random safe options and operands, in a random
// place, under random global options, is always immune.
describe('property: random spellings of protected git options', () => {
  test('400 random lines', async () => {
    let state = 2021;
    const next = (): number => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const protectedBy: Record<string, { cls: string; options: string[]; shorts: string[] }> = {
      push: { cls: 'git-push-force', options: ['--force', '--force-with-lease', '--mirror', '--delete', '--prune'], shorts: ['f', 'd'] },
      reset: { cls: 'git-reset-hard', options: ['--hard'], shorts: [] },
      clean: { cls: 'git-clean-force', options: ['--force'], shorts: ['f'] },
    };
    const globals = ['', '--no-pager', '-C .', '--git-dir=.git', '-P', '--literal-pathspecs'];
    const missed: string[] = [];
    for (let round = 0; round < 400; round++) {
      const sub = pick(Object.keys(protectedBy));
      const { cls, options, shorts } = protectedBy[sub]!;
      const table = GIT_WRITE_TABLES[sub]!.table!;
      const safe = [...table.long.entries()].filter(([name, d]) => d.arity === 'none' && !options.includes(d.name) && !name.startsWith('--no-') && d.name !== '--dry-run' && d.name !== '--interactive').map(([name]) => name);
      const safeShort = [...table.short.entries()].filter(([, d]) => d.arity === 'none' && !options.includes(d.name) && d.name !== '--dry-run' && d.name !== '--interactive').map(([l]) => l);
      let bad: string;
      if (shorts.length > 0 && next() < 0.3) bad = `-${safeShort.length > 0 && next() < 0.5 ? pick(safeShort) : ''}${pick(shorts)}`;
      else {
        const option = pick(options);
        const candidates = prefixes(sub, option);
        bad = pick(candidates.length > 0 ? candidates : [option]);
      }
      const words = [...Array.from({ length: Math.floor(next() * 3) }, () => pick(safe)), sub === 'push' ? 'origin' : sub === 'reset' ? 'HEAD~1' : '-d'];
      words.splice(Math.floor(next() * (words.length + 1)), 0, bad);
      const line = ['git', pick(globals), sub, ...words].filter((w) => w !== '').join(' ');
      if ((await immune(line)) !== cls) missed.push(line);
    }
    expect(missed).toEqual([]);
  });
});

