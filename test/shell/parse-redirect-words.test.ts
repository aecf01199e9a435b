import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellParser, listSimpleCommands } from '../../src/shell/parse.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';

// tree-sitter-bash takes every word after `>` as the redirect's destination, and nests the rest of a
// here-document's first line in the redirect node. Bash redirects to the first word and passes the others
// to the command: `rm 2>/dev/null -rf ~` is `rm -rf ~`, `cat <<'EOF' FILE` prints FILE, not the body
// (red team round 14, R14-15: the gate judged `git $(cat <<'EOF' g …)` as `git status` and git pushed).
const parser = new ShellParser();
beforeAll(async () => parser.ready());
afterAll(async () => parser.dispose());

const commands = async (line: string) => listSimpleCommands(await parser.parseShell(line)).map((command) => ({ name: command.name, args: command.args, to: command.redirections.map((redirect) => redirect.target) }));

describe('words after a redirection', () => {
  it.each([
    ['rm > /dev/null -rf /x', [{ name: 'rm', args: ['-rf', '/x'], to: ['/dev/null'] }]],
    ['rm 2>/dev/null -rf /x', [{ name: 'rm', args: ['-rf', '/x'], to: ['/dev/null'] }]],
    ['echo > out a b', [{ name: 'echo', args: ['a', 'b'], to: ['out'] }]],
    ["rm <<'EOF' -rf /x\nbody\nEOF", [{ name: 'rm', args: ['-rf', '/x'], to: [null] }]],
    ["cat <<'EOF' >out g h\nbody\nEOF", [{ name: 'cat', args: ['g', 'h'], to: [null, 'out'] }]],
    ['ls > out', [{ name: 'ls', args: [], to: ['out'] }]],
    // An operator that closes a descriptor takes no word: every word after it is an argument.
    ['git <&- push', [{ name: 'git', args: ['push'], to: [null] }]],
    ['git 2>&- push', [{ name: 'git', args: ['push'], to: [null] }]],
    ['git 2>&1 push', [{ name: 'git', args: ['push'], to: ['1'] }]],
    ['tclsh 0<f x', [{ name: 'tclsh', args: ['x'], to: ['f'] }]],
  ])('%j', async (line, expected) => {
    expect(await commands(line)).toEqual(expected);
  });

  // The grammar breaks on a closing operator followed by two words (an error node ends the command): the line
  // is also read with a duplication of the same length, as bash reads it.
  it.each([
    ['git 0<&- push origin', { name: 'git', args: ['push', 'origin'], to: ['0'] }],
    ['git >&- -C . push', { name: 'git', args: ['-C', '.', 'push'], to: ['1'] }],
  ])('%j', async (line, expected) => {
    expect(await commands(line)).toContainEqual(expected);
  });

  it("$(cat <<'EOF' FILE …) stands for the file, not the body; a plain heredoc message stays literal", async () => {
    const [cat, git] = listSimpleCommands(await parser.parseShell("git $(cat <<'EOF' g\nstatus\nEOF\n)"));
    expect(cat?.args).toEqual(['g']);
    expect(git?.words[1]?.candidates).not.toContain('status');
    const [, commit] = listSimpleCommands(await parser.parseShell("git commit -qm \"$(cat <<'EOF'\nfix: a\nEOF\n)\""));
    expect(commit?.words.at(-1)?.candidates).toEqual(['fix: a']);
  });

  it('through the gate: a deny rule and the safety-immune classes see the real arguments', async () => {
    const root = await tempDir('codeward-redirect-words-');
    try {
      const check = (line: string, ...flags: string[]) => runCli([...flags, 'policy', 'check', JSON.stringify({ cmd: 'exec', args: { cmd: line } })], { cwd: root, yes: true }).stdout;
      expect(check('rm 2>/dev/null -rf ~')).toMatch(/^deny:[^]*outcome: C242/);
      expect(check('git >/dev/null reset --hard')).toMatch(/outcome: ask a person/);
      expect(check("git $(cat <<'EOF' g\npush\nEOF\n)", '--deny', '@coder exec?git push*')).not.toMatch(/outcome: run/);
      expect(check("git commit -qm \"$(cat <<'EOF'\nfix: a\nEOF\n)\"")).toMatch(/outcome: run \(--yes\)/);
    } finally {
      await removeDir(root);
    }
  }, 120_000);

  it('through the gate: a closed descriptor before the subcommand hides nothing from a deny rule (policy check and exec)', async () => {
    const root = await tempDir('codeward-redirect-close-');
    try {
      git(root, 'init', '-q');
      for (const line of ['git <&- push', 'git 0<&- push origin']) {
        const flags = ['--deny', '@coder exec?git push*'];
        expect(runCli([...flags, 'policy', 'check', JSON.stringify({ cmd: 'exec', args: { cmd: line } })], { cwd: root, yes: true }).stdout).toMatch(/^deny:[^]*outcome: C240/);
        const ran = runCli([...flags, 'exec', '--cmd', line], { cwd: root, yes: true });
        expect(`${ran.stdout}${ran.stderr}`).toContain('C240');
      }
    } finally {
      await removeDir(root);
    }
  }, 120_000);
});
