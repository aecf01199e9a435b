import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Issue 26 (words.md "left"): every option of a launcher grammar that takes a command or a program is read in
// every spelling: `--opt=VALUE`, `-x=VALUE` (nopt, clap), `-xVALUE` (getopt, git's parse-options), and npm's
// unique prefixes; npm's options naming a program (`--script-shell`, `--shell`, `--editor`, `--browser`,
// `--viewer`) run that program.
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'x'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
  // A program of no known content (an ELF header): any program may be copied there.
  await writeFile(join(box.root, 'bin'), '\u007fELF\u0002\u0001\u0001\u0000', { mode: 0o755 });
});
afterAll(async () => box.cleanup());

const decide = async (rules: readonly string[], line: string) => explain(await policyWith(box, [...rules, 'allow @coder exec *']), `@coder exec ${line}`);

// Shell text or a command given to a runner's option with its value in the same word.
const ATTACHED = [
  'pnpm dlx -c="git push"', 'pnpm dlx -c=git push', 'pnpm dlx --shell-mode="git push origin"', 'pnpm --filter=a dlx -c="git push"',
  'nix-shell --run="git push"', "nix-shell --command='git push origin'", 'nix develop --command=git push', 'nix develop -c=git push',
  "git rebase -x'git push' main", 'git rebase --exec="git push" main', "hyperfine --prepare='git push' ls", "hyperfine -p'git push' ls",
  "mise exec --command='git push'", "ansible all --args='git push'", "ansible all -a'git push'", "sg wheel -c'git push'",
  "nodemon --exec='git push'", "nodemon -x='git push'", "tmux -c'git push'", 'pnpm exec --shell-mode=true git push origin',
  // ssh runs these options' values through the local shell.
  "ssh -o ProxyCommand='git push' host ls", "ssh -oProxyCommand='git push' host", "ssh -o 'LocalCommand git push' host", "ssh -oKnownHostsCommand=git\\ push host",
];

describe('a runner option with its shell text or command in the same word', () => {
  it.each(ATTACHED)('%s is git push', async (line) => {
    expect((await decide(['deny @coder exec?git push*'], line)).decision).toBe('deny');
  });
});

// The value names a program npm (pnpm, yarn) starts.
const PROGRAMS = [
  'npm test --script-shell=./x', 'npm test --scr ./x', 'npm --script_shell=./x test', 'npm run build --script-s=./x', 'npm explore p --shell=./x',
  'npm explore p --she ./x -- ls', 'npm edit p --editor=./x', 'npm edit p --ed ./x', 'npm docs p --browser=./x', 'npm docs p --br=./x',
  'npm repo p --browser ./x', 'npm help p --viewer=./x', 'npm help p --vi ./x', 'pnpm test --script-shell=./x', 'yarn test --script-shell ./x',
];

describe("npm's options naming a program", () => {
  it.each(PROGRAMS)('%s runs ./x: not allowed under a deny rule on ./x', async (line) => {
    const decision = await decide(['deny @coder exec?./x*'], line);
    expect(decision.decision).not.toBe('allow');
    if (decision.decision === 'ask') expect(decision.source).toBe('immune');
  });
  it.each(['npm edit p --editor=./x', 'npm docs p --br=./x', 'npm help p --vi ./x'])('%s is denied by a rule on ./x', async (line) => {
    expect((await decide(['deny @coder exec?./x*'], line)).decision).toBe('deny');
  });
  it.each(['npm edit p --editor=./bin', 'npm docs p --browser=./bin'])('%s (a file of no known program) may be any program', async (line) => {
    const decision = await decide(['deny @coder exec?firefox*'], line);
    expect(decision.decision).toBe('ask');
    expect(decision.source).toBe('immune');
  });
  it.each(['npm docs p --browser=firefox', 'npm docs p --br firefox', 'yarn docs --browser=firefox'])('%s (a system program) is that program', async (line) => {
    expect((await decide(['deny @coder exec?firefox*'], line)).decision).toBe('deny');
  });
  it('a program only known at run time needs a person', async () => {
    const decision = await decide([], 'npm edit p --editor=$E');
    expect(decision.decision).toBe('ask');
    expect(decision.source).toBe('immune');
  });
});

describe('held back', () => {
  it.each(['npm docs p --browser', 'npm docs p --browser=false', 'npm test', 'npm run build -- --editor=./x', 'npm run build --sc=./x', 'pnpm dlx cowsay hi',
    'git rebase -i main', 'nix-shell --run=true', 'yarn test -- --script-shell=./x', 'ssh -o ProxyCommand=none host ls', 'ssh -oPort=22 host ls',
    'pnpm exec --shell-mode=false git status'])('%s is not stopped', async (line) => {
    expect((await decide(['deny @coder exec?./x*', 'deny @coder exec?git push*', 'deny @coder exec?firefox*'], line)).decision).toBe('allow');
  });
});
