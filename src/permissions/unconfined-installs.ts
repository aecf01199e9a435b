import type { SimpleCommand } from '../shell/parse-types.js';
import { moduleProgram } from '../shell/program-modules.js';
import { UNKNOWN } from './argv.js';
import { canonicalReading } from './canonical-command.js';
import { ENTRY_SCRIPTS } from './canonical-entry.js';
import { corepackInstall, nodeInstall } from './unconfined-install-node.js';
import { assignments, destinationOutside, operands, optionValues, shown, withEngine, type Call, type Inside } from './unconfined-install-options.js';
import { pythonInstall } from './unconfined-install-python.js';
import { gemInstall } from './unconfined-install-gem.js';
import { goInstall } from './unconfined-install-go.js';
import { systemInstall } from './unconfined-install-system.js';
import { sameProgram } from '../shell/program-aliases.js';

export type { Inside } from './unconfined-install-options.js';

// Programs that install outside the workspace by default (red team R14b-5: with --sandbox off, `npm i -g .`,
// `pip install .`, `cargo install --path .`, `go install`, `make install` wrote the user's global folders,
// PATH programs among them, under --yes: their words name no outside path). One row per program: which of its
// calls install (the subcommand as the program reads it: canonical-command.ts), and what keeps the install
// inside. Its options are read wherever they stand, with the program's own grammar (red team R15-15: `npm -g i
// x`, `npm --gl i x`, `gem --norc install x`; unconfined-install-options.ts), and every destination given must
// land inside the workspace (not the temporary folder: `npm i --prefix /tmp/x`); a call the row cannot bound
// installs outside: it needs a person.

interface Row {
  readonly programs: RegExp;
  // Why the call installs outside, undefined when it does not (or stays inside).
  readonly outside: (call: Call, inside: Inside) => string | undefined;
}

// cargo's install root: `--root`, else `--config install.root=…` (the line's configuration beats the
// environment), else CARGO_INSTALL_ROOT, else the configuration files, else CARGO_HOME. Only `--root` inside, or
// CARGO_INSTALL_ROOT inside with no `--config` (which may set install.root, or name a file that does), keeps it.
function cargoInstall(call: Call, inside: Inside): string | undefined {
  const sub = call.form[1] ?? '';
  if (sub !== 'install' && sub !== 'uninstall') return undefined;
  const root = destinationOutside(call, inside, [{ long: 'root', value: true }]);
  if (root === undefined) return undefined;
  const config = optionValues(call.words, { long: 'config', value: true })[0];
  if (root === '' && config !== undefined) return `cargo ${sub} is given --config ${shown(config)}, which may set install.root outside the workspace`;
  return root === '' && destinationOutside(call, inside, [], ['CARGO_INSTALL_ROOT']) === undefined ? undefined : `cargo ${sub} changes ~/.cargo/bin (no --root inside the workspace)`;
}

const ROWS: readonly Row[] = [
  { programs: /^(?:npm|pnpm|bun|cnpm|yarn)$/, outside: nodeInstall },
  { programs: /^corepack$/, outside: corepackInstall },
  { programs: /^(?:pip[\d.]*|python[\d.]*|uv|setup\.py|easy_install.*)$/, outside: pythonInstall },
  { programs: /^pipx$/, outside: ({ form }) => (['install', 'inject', 'upgrade', 'upgrade-all', 'uninstall', 'uninstall-all', 'reinstall', 'reinstall-all', 'ensurepath', 'install-all'].includes(form[1] ?? '') ? `pipx ${form[1]} changes the user's pipx folder and its programs on PATH` : undefined) },
  { programs: /^cargo$/, outside: cargoInstall },
  { programs: /^go$/, outside: goInstall },
  { programs: /^gem$/, outside: gemInstall },
  // `make install` (and install-*, uninstall) copies into PREFIX, /usr/local by default; DESTDIR or PREFIX inside keeps it.
  {
    programs: /^(?:make|ninja|meson)$/,
    outside: (call, inside) => {
      const targets = call.form.slice(1).filter((arg) => !arg.startsWith('-') && !arg.includes('='));
      if (!targets.some((target) => /^(?:un)?install(?:[-_].*)?$/.test(target))) return undefined;
      return destinationOutside(call, inside, [{ long: 'destdir', value: true }], ['DESTDIR', 'PREFIX', 'prefix']) === undefined ? undefined : `${call.form[0]} ${targets.join(' ')} copies into the install prefix (no DESTDIR or PREFIX inside the workspace)`;
    },
  },
  { programs: /^cmake$/, outside: (call, inside) => (call.words.includes('--install') && destinationOutside(call, inside, [{ long: 'prefix', value: true }], ['DESTDIR']) !== undefined ? 'cmake --install copies into the install prefix (no --prefix or DESTDIR inside the workspace)' : undefined) },
  { programs: /^(?:dpkg|rpm|pacman|apk|nix-env)$/, outside: systemInstall },
];

// A program with no row whose subcommand is `install` (`brew install`, `poetry install`, `bundle install`,
// `deno install`, `dotnet tool install -g`, `mvn install`, `conda install`, `apt-get install`): where it
// installs is not known, so it is judged as installing outside (fail closed). Its options are not known: the
// first three operands may be the subcommand (`dotnet tool install`, `brew --verbose --debug install`).
// Programs whose words after the name are files or text, never a subcommand (`mkdir install`, `echo install`):
// a missing one only asks once too often. `composer install` fills vendor/ (inside).
const INSIDE_PROGRAMS = /^(?:composer|npx|git|apt-cache|cd|pushd|ls|cat|echo|printf|test|\[|mkdir|rmdir|touch|rm|cp|mv|ln|chmod|chown|stat|file|find|grep|rg|head|tail|less|wc|sh|bash|zsh|dash|source|\.|code|vim|vi|nano|open|tree|du|diff)$/;
const UNKNOWN_ROW: Row = {
  programs: /.*/,
  outside: ({ form, words }) => {
    const sub = operands(words).slice(0, 3).find((word) => /^(?:un|re)?install$/.test(word));
    return sub === undefined ? undefined : `${form[0]} ${sub} installs where its own configuration says, not known to stay in the workspace`;
  },
};

interface Word {
  readonly value: string;
  readonly shown: string;
  readonly dynamic: boolean;
}

// The program a launcher starts (`corepack npm …`, `node /usr/lib/node_modules/npm/bin/npm-cli.js …`): its call.
function launched(name: string, words: readonly Word[]): { name: string; words: Word[]; module?: boolean } | undefined {
  // `python3 -m pipx install x` is pipx (program-modules.ts): its words after the module's name.
  const module = words.some((word) => word.dynamic) ? undefined : moduleProgram(name, words.map((word) => word.value));
  if (module !== undefined) return { name: module.name, words: words.slice(words.length - module.args.length), module: true };
  const at = words.findIndex((word) => !word.value.startsWith('-'));
  const operand = words[at];
  if (operand === undefined || operand.dynamic) return undefined;
  if (name === 'corepack' && /^(?:npm|yarn|pnpm)(?:@\S*)?$/.test(operand.value)) return { name: operand.value.replace(/@.*$/, ''), words: words.slice(at + 1) };
  const program = sameProgram(name) === 'node' ? ENTRY_SCRIPTS[operand.value.split('/').at(-1)!] : undefined;
  return program === undefined || program === 'npx' || program === 'pnpx' ? undefined : { name: program, words: words.slice(at + 1) };
}

function judge(name: string, words: readonly Word[], at: Pick<Call, 'env' | 'assigned' | 'folders'>, raw: string, inside: Inside): string | undefined {
  const inner = launched(name, words);
  // A module keeps the interpreter as written (`.venv/bin/python -m pdm`: the workspace environment's).
  if (inner !== undefined) return judge(inner.name, inner.words, at, inner.module === true ? raw : inner.name, inside);
  const row = ROWS.find((each) => each.programs.test(sameProgram(name))) ?? (INSIDE_PROGRAMS.test(name) ? undefined : UNKNOWN_ROW);
  if (!row) return undefined;
  const reading = canonicalReading(name, [{ value: name, shown: name, dynamic: false }, ...words]);
  // A subcommand not known statically: each reading is judged (fail closed).
  const forms = reading.forms.length > 0 || reading.unclear.length > 0 ? [...reading.forms.slice(0, 1), ...reading.unclear] : [[name, ...words.map((word) => word.value)]];
  const values = words.map((word) => word.value);
  for (const form of forms) {
    const reason = row.outside({ ...at, form: form.map((word) => word.replace(/^(["'])(.*)\1$/, '$2')), words: values, raw }, inside);
    if (reason) return reason;
  }
  return undefined;
}

// Why `command` installs outside the workspace, undefined when it does not. A word only known at run time from
// its start is read as any option a destination needs (`npm i $FLAGS x` may be `-g`): UNKNOWN, then its text.
export function installsOutside(command: SimpleCommand, inside: Inside, folders: readonly string[]): string | undefined {
  const name = command.name ?? '';
  const words = command.words.slice(1).map((word) => {
    const value = word.candidates.length === 1 && !word.candidates[0]!.includes(UNKNOWN) ? word.candidates[0]! : `${UNKNOWN}${word.text}`;
    return { value: word.dynamic ? value : word.value, shown: word.text, dynamic: word.dynamic };
  });
  const assigned = assignments(command);
  return judge(name, words, { env: withEngine(process.env, assigned), assigned, folders }, command.rawName ?? name, inside);
}
