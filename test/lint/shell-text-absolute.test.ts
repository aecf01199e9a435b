import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { barePrograms, shellTexts } from './shell-texts.js';
import { sources } from './source-files.js';

// fold61 (spawn-absolute's rule, one level in): a shell text codeward hands to a shell names no program by a bare
// word, which the shell would look up on PATH (a workspace folder there runs a repository's `tar` or `getent`). Each
// program it runs is passed in as a positional parameter holding an absolute path (overlay.ts: `"$1" -t overlay …`,
// with sandbox/which.ts's path), or the shell's own builtins. Allowed, each with its reason:
const ALLOWED: Readonly<Record<string, string>> = {
  // The agent's line itself (exec's --cmd), run as the agent's command: its programs are the line's, judged by the gate.
  'src/shell/run.ts options.command': 'the agent\'s own line',
};

function findings(rel: string, source: string): string[] {
  return shellTexts(source).flatMap(({ line, text, unread }) => {
    if (unread !== undefined) return ALLOWED[`${rel} ${unread}`] ? [] : [`${rel}:${line}: a shell text this rule cannot read (${unread}): spell it as a literal, or allow it here with a reason`];
    return barePrograms(text!).map((program) => `${rel}:${line}: \`${program}\` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)`);
  });
}

describe('shell texts codeward hands to a shell', () => {
  it('name no program by a bare word', () => {
    const found = sources(join(REPO_ROOT, 'src')).flatMap((file) => findings(relative(REPO_ROOT, file).split('\\').join('/'), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
    // The rule sees the texts it is for: overlay.ts's mount script (fix63 dropped its opaque probe), env.ts's git
    // editor, run.ts's line.
    const seen = (rel: string): number => shellTexts(readFileSync(join(REPO_ROOT, rel), 'utf8')).length;
    expect([seen('src/sandbox/overlay.ts'), seen('src/shell/env.ts'), seen('src/shell/run.ts')]).toEqual([1, 1, 1]);
  });
  it('the rule catches planted examples', () => {
    const planted = [
      `spawnSync('/bin/sh', ['-c', 'tar -xf "$1" && rm -f x', 'sh', file]);`,
      `const SCRIPT = 'cd "$2" || exit 1; getent passwd "$1" | cut -d: -f6';\nexecFile(unshare, ['-Urm', tools.sh, '-c', SCRIPT, 'sh']);`,
      "export const EDITOR = `sh -c 'cat /etc/motd >&2' tag`;",
      `spawn(shell, ['-c', line]);`,
      `spawn('bash', ['-c', 'x=$(git rev-parse HEAD); exec find . -name "$x"']);`,
    ].join('\n');
    expect(findings('src/planted.ts', planted)).toEqual([
      'src/planted.ts:1: `tar` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:1: `rm` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:3: `getent` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:3: `cut` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:5: a shell text this rule cannot read (line): spell it as a literal, or allow it here with a reason',
      'src/planted.ts:6: `git` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:6: `find` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:4: `sh` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
      'src/planted.ts:4: `cat` by a bare name in a shell text (pass its absolute path as "$1": sandbox/which.ts)',
    ]);
  });
  it('passes parameters, absolute paths, builtins and quoted words', () => {
    const fine = `const S = '"$1" -t overlay x -o "$2" "$3" || { echo "failed; pass --no-stage | tar" >&2; exit 125; }; shift 3; exec "$@"';\nexecFile(u, [tools.sh, '-c', S, 'sh']);\n` +
      `const t = 'cd "$3" || exit 125; for p; do [ -e ".$p" ] || printf "%s\\\\0" "$p"; done; /usr/bin/env true';\nexecFile(u, [layout.tools.sh, '-c', t]);\n` +
      "export const E = `/bin/sh -c 'echo \"no editor; sorry\" >&2' tag`;";
    expect(findings('src/fine.ts', fine)).toEqual([]);
  });
});
