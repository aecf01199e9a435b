// The environment of a process that exec or test starts.
//
// - Passed: only the allow-listed names (src/shell/env-allow.ts: the session, locale, certificates and
//   proxies, the toolchains' families), sandboxed or not (red team R5-4: a shape list of secrets does not
//   converge), and, of those, only what the secret filters keep:
// - Dropped: the LLM provider keys codeward itself reads (a command the model writes must not be able
//   to print them), every CODEWARD_* variable except the harmless ones below (a secret added to
//   codeward's configuration later is dropped by default), and every secret-looking variable: API
//   keys, tokens, passwords, cloud credentials, agent sockets, and by value whatever the name: URLs with a
//   password in them, PEM blocks, known token prefixes, long random tokens (THREAT-MODEL invariant 6).
//   The names dropped are given back (`dropped`, `unlisted`): exec says which ones its line names.
// - Let through anyway: the names the user lists (`--pass-env NAME`, `passEnv` in ~/.codeward/config.json),
//   past both the allow list and the secret filters; never the provider keys or CODEWARD_* secrets. A
//   repository cannot add names.
// - NO_COLOR=1 and no FORCE_COLOR: the output is captured for a model, escape codes are noise.
//   (Both set at once makes Node print a warning, so FORCE_COLOR is removed.) `overrides` wins.
// - No terminal (NON_INTERACTIVE below): editors that fail at once saying what to pass instead, `cat`
//   as the pager, TERM=dumb, no credential or package-manager prompts. The user's own EDITOR, PAGER and
//   TERM are replaced: exec has no terminal to show them on (stdin is empty, no controlling terminal).
// - `.env` files are never read: the child sees the parent's environment, nothing from the workspace.

import { HARMLESS_CODEWARD_VARIABLES, isCodewardSecret, isSecretVariable } from '../engine/secret-variables.js';
import { allowedVariable } from './env-allow.js';

export { HARMLESS_CODEWARD_VARIABLES, isCodewardSecret, isSecretVariable, PROVIDER_SECRET_VARIABLES } from '../engine/secret-variables.js';

// What an editor started by a program (crontab -e, kubectl edit, `$EDITOR x`) runs: one word (programs
// split EDITOR on spaces, run it with execvp or sh -c) naming no program, so it fails at once (127) and
// the shell's "not found" line says why.
export const NO_EDITOR = 'codeward:exec-has-no-terminal,no-editor-opens:change-files-with-codeward-write-or-patch-or-sed-i';
// git's editor: a message, then exit 0, so git goes on with its default text where it has one (merge,
// revert, rebase --continue, --amend keep theirs) and says "Aborting commit due to empty commit message"
// where it has none. A todo list of `rebase -i` (GIT_SEQUENCE_EDITOR) is run as git wrote it.
export const GIT_NO_EDITOR = `/bin/sh -c 'echo "codeward: exec has no terminal, so no editor opened; git keeps its default text (pass -m MESSAGE or -F FILE to give one, --no-edit to keep it)" >&2' codeward-git-editor`;

// Set for every process exec and test start, sandboxed or not (the caller's `overrides` still win).
export const NON_INTERACTIVE: Readonly<Record<string, string>> = {
  GIT_EDITOR: GIT_NO_EDITOR,
  GIT_SEQUENCE_EDITOR: GIT_NO_EDITOR,
  EDITOR: NO_EDITOR,
  VISUAL: NO_EDITOR,
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: 'cat',
  GH_PAGER: 'cat',
  AWS_PAGER: '',
  TERM: 'dumb',
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  GH_PROMPT_DISABLED: '1',
  DEBIAN_FRONTEND: 'noninteractive',
  PIP_NO_INPUT: '1',
};

export interface ChildEnvOptions {
  // Variables to let through past the allow list and the secret filters (the user named them); provider
  // keys and CODEWARD_* secrets stay out.
  readonly pass?: readonly string[];
  // Set last, after the filtering (e.g. `{ FORCE_COLOR: '1' }` to ask for colour after all).
  readonly overrides?: Readonly<Record<string, string | undefined>>;
  // Filled with the names of the secret-looking variables dropped (the caller says which a line needed).
  readonly dropped?: string[];
  // Filled with the names not on the allow list (the same use).
  readonly unlisted?: string[];
}


// The names a command line names as whole words (for the warnings about variables it did not get). A name is
// tried as a pattern only when the line holds it, so a cold call compiles none for the environment's other
// names (issue 31: about 30 patterns).
export function namedIn(command: string, names: readonly string[]): string[] {
  return names.filter((name) => command.includes(name) && new RegExp(`\\b${name.replace(/[^\w]/g, '\\$&')}\\b`).test(command));
}

export function childEnv(parent: Readonly<Record<string, string | undefined>>, options: ChildEnvOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const pass = new Set(options.pass ?? []);
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || isCodewardSecret(name) || name === 'FORCE_COLOR') continue;
    if (pass.has(name)) {
      env[name] = value;
      continue;
    }
    // A secret is named as one whether or not the allow list has it.
    if (isSecretVariable(name, value)) {
      options.dropped?.push(name);
      continue;
    }
    if (!allowedVariable(name) && !HARMLESS_CODEWARD_VARIABLES.includes(name.toUpperCase())) {
      options.unlisted?.push(name);
      continue;
    }
    env[name] = value;
  }
  env['NO_COLOR'] = '1';
  Object.assign(env, NON_INTERACTIVE);
  for (const [name, value] of Object.entries(options.overrides ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (env['FORCE_COLOR'] !== undefined && options.overrides?.['NO_COLOR'] === undefined) delete env['NO_COLOR'];
  return env;
}
