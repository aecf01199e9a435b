// The programs a git transport starts by the line's own options (gitext23): `--upload-pack=CMD` (fetch, pull,
// clone, ls-remote, fetch-pack; clone's `-u CMD`), `--receive-pack=CMD` / `--exec=CMD` (push, send-pack) and
// archive's `--exec=CMD`. For a local repository git runs CMD through the shell (`CMD '<path>'`), so each is
// judged as the shell text it is, like `-c remote.o.uploadpack=CMD` (parse-launchers.ts). parse-options takes
// any unique prefix of a long option (`--upload=CMD`); a prefix shared with another option of the subcommand
// (`--rec` is also --recurse-submodules) is left to git, which refuses it.
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';

const PACK_OPTIONS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  fetch: [['--upload-pack', 5]],
  pull: [['--upload-pack', 5]],
  clone: [['--upload-pack', 5]],
  'ls-remote': [['--upload-pack', 3]],
  'fetch-pack': [['--upload-pack', 3], ['--exec', 3]],
  push: [['--receive-pack', 6], ['--exec', 4]],
  'send-pack': [['--receive-pack', 3], ['--exec', 3]],
  archive: [['--exec', 4]],
};
// clone's short options taking a value (`-u CMD`, also bundled: `-qu CMD`, `-uCMD`).
const CLONE_VALUED = 'objcu';

function launch(word: WordLike, text: string): Launch {
  return word.dynamic ? { kind: 'text', text, runtime: `git's transport option \`${word.value}\` runs a command only known at run time` } : { kind: 'text', text };
}

const GLOBAL_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix', '--config-env', '--list-cmds', '--attr-source']);

// The launches of git's words (words[0] is git).
export function gitPackLaunches(words: readonly WordLike[]): Launch[] {
  let i = 1;
  while (i < words.length && words[i]!.value.startsWith('-')) i += GLOBAL_VALUED.has(words[i]!.value) ? 2 : 1;
  const options = PACK_OPTIONS[words[i]?.value ?? ''];
  if (options === undefined) return [];
  const out: Launch[] = [];
  for (let k = i + 1; k < words.length; k++) {
    const word = words[k]!;
    if (word.value === '--') break;
    const name = word.value.split('=')[0]!;
    const long = name.startsWith('--') && options.some(([option, min]) => name.length >= min && option.startsWith(name));
    if (long) {
      const next = words[k + 1];
      if (word.value.includes('=')) out.push(launch(word, word.value.slice(name.length + 1)));
      else if (next !== undefined) {
        out.push(launch(next, next.value));
        k++;
      }
      continue;
    }
    if (words[i]!.value !== 'clone' || !/^-[a-zA-Z]/.test(word.value)) continue;
    for (let c = 1; c < word.value.length; c++) {
      if (!CLONE_VALUED.includes(word.value[c]!)) continue;
      const attached = word.value.slice(c + 1);
      if (word.value[c] === 'u') {
        const next = words[k + 1];
        if (attached !== '') out.push(launch(word, attached));
        else if (next !== undefined) out.push(launch(next, next.value));
      }
      if (attached === '') k++;
      break;
    }
  }
  return out;
}
