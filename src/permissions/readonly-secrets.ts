import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';

// A read-only command that prints a secret is not read-only for the gate: the model would see the token.
// Caught here: a variable with a secret-looking name (`echo $GITHUB_TOKEN`), an indirect expansion
// (`${!name}`, `${!prefix*}`), and a process's environment file (`cat /proc/self/environ`, `< /proc/1/environ`).

export const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|PASSPHRASE|CRED|AUTH|SESSION|COOKIE|PRIVATE|SIGNATURE|CERT|DSN|DATABASE_URL|(?:^|_)PW(?:_|$)/i;
const ENVIRON = /^\/proc\/+[^/]+\/+(?:task\/+[^/]+\/+)?environ$/;

function wordSecret(word: ShellWord): string | undefined {
  for (const part of word.parts) {
    if (part.kind === 'variable' && SECRET_NAME.test(part.name)) return `it prints $${part.name}, which may hold a secret`;
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
