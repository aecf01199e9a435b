// git send-email's options that name a command it runs through the shell (red team R22-5): `--to-cmd=CMD`,
// `--cc-cmd=CMD`, `--header-cmd=CMD` (run once per patch: `CMD PATCH`), `--sendmail-cmd=CMD` (the mail is piped to it)
// and `--smtp-server=/PATH` (an absolute path is a sendmail-like program; anything else is a host). Each value is
// judged as the shell text it is. send-email reads its options with Perl's Getopt::Long: anywhere on the line, one
// or two dashes, `=` or the next word, any unique prefix (`--to-cm=CMD`); the minimum lengths below are the shortest
// prefixes no other send-email option shares (`--to` and `--to-cover`, `--sender`, `--smtp-server-port`).
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';

const OPTIONS: readonly (readonly [string, number, (value: string) => boolean])[] = [
  ['to-cmd', 5, () => true],
  ['cc-cmd', 5, () => true],
  ['header-cmd', 4, () => true],
  ['sendmail-cmd', 5, () => true],
  ['smtp-server', 11, (value) => value.startsWith('/')],
];

// The launches of `git send-email`'s command options (words[0] is git, words[i] its subcommand: parse-launchers.ts).
export function gitSendEmailLaunches(words: readonly WordLike[], i: number): Launch[] {
  if (words[i]?.value !== 'send-email') return [];
  const out: Launch[] = [];
  for (let k = i + 1; k < words.length; k++) {
    const word = words[k]!;
    if (word.value === '--') break;
    const found = /^--?([a-z-]+)(=.*)?$/s.exec(word.value);
    const name = found?.[1];
    const option = name === undefined ? undefined : OPTIONS.find(([full, min]) => name.length >= min && full.startsWith(name));
    if (found === null || option === undefined) continue;
    const from = found[2] !== undefined ? word : words[k + 1];
    const value = found[2] !== undefined ? found[2].slice(1) : words[++k]?.value;
    if (from === undefined || value === undefined) continue;
    if (from.dynamic) out.push({ kind: 'text', text: value, runtime: `git send-email's \`${word.value}\` runs a command only known at run time` });
    else if (option[2](value) && value.trim() !== '') out.push({ kind: 'text', text: value });
  }
  return out;
}
