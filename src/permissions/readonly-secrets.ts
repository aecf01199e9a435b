import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';

// A read-only command that prints a secret is not read-only for the gate: the model would see the token.
// Caught here: an indirect expansion (`${!name}`, `${!prefix*}`) and a process's environment file
// (`cat /proc/self/environ`, `< /proc/1/task/1/environ`). Secret-looking variables (`echo $GITHUB_TOKEN`)
// and environment dumps are judged for every command, read-only or not, by environmentDump
// (src/shell/danger-secrets.ts), which knows that `test -n "$TOKEN"` prints nothing.
const ENVIRON = /^\/proc\/+[^/]+\/+(?:task\/+[^/]+\/+)?environ$/;

function wordSecret(word: ShellWord): string | undefined {
  for (const part of word.parts) {
    if ((part.kind === 'variable' || part.kind === 'dynamic') && /^\$\{!/.test(part.text)) return `${part.text} expands a variable chosen at run time`;
  }
  if (ENVIRON.test(word.value) || word.candidates.some((c) => ENVIRON.test(c))) return `${word.text} is a process's environment (tokens included)`;
  return undefined;
}

export function secretVeto(command: SimpleCommand): string | undefined {
  for (const word of command.words.slice(1)) {
    const found = wordSecret(word);
    if (found) return found;
  }
  for (const redirection of command.redirections) {
    if (redirection.writes || redirection.duplicate) continue;
    if (redirection.target !== null && ENVIRON.test(redirection.target)) return `it reads ${redirection.target}, a process's environment (tokens included)`;
    if (redirection.targetWord) {
      const found = wordSecret(redirection.targetWord);
      if (found) return found;
    }
  }
  return undefined;
}
