import type { SimpleCommand } from '../shell/parse-types.js';
import { canonicalReading } from './canonical-command.js';

// Programs that install outside the workspace by default (red team R14b-5: with --sandbox off, `npm i -g .`,
// `pip install .`, `cargo install --path .`, `go install`, `make install` wrote the user's global folders,
// PATH programs among them, under --yes: their words name no outside path). One row per program: which of its
// calls install (the subcommand as the program reads it, global options removed: canonical-command.ts), and
// what keeps the install inside (an option or a variable naming a folder, judged by `inside`). A call the row
// cannot bound (no such folder, or one only known at run time) installs outside: it needs a person.

// Where a path lands: inside the workspace (or the temporary folder); false for a value only known at run time.
export type Inside = (value: string) => boolean;

interface Call {
  // The command as the program reads it (`npm install -g .`), its name first.
  readonly form: readonly string[];
  // The variables assigned for this command (`DESTDIR=./stage make install`).
  readonly env: ReadonlyMap<string, string>;
  // The program as written (`.venv/bin/pip`).
  readonly raw: string;
}

interface Row {
  readonly programs: RegExp;
  // Why the call installs outside, undefined when it does not (or stays inside).
  readonly outside: (call: Call, inside: Inside) => string | undefined;
}

const GLOBAL = (args: readonly string[]): boolean => args.some((arg, at) => /^(?:-g|--global)(?:=(?!false$|0$).*)?$/.test(arg) || arg === '--location=global' || (arg === '--location' && args[at + 1] === 'global'));
// `npm_config_global=true npm i x` (npm reads its settings from the environment too).
const GLOBAL_ENV = (env: ReadonlyMap<string, string>): boolean => [...env].some(([name, value]) => /^npm_config_(?:global|location)$/i.test(name) && !/^(?:false|0|)$/.test(value) && value !== 'project');
const operands = (args: readonly string[]): string[] => args.filter((arg) => !arg.startsWith('-'));

// The value of an option (`--root X`, `--root=X`, `-tX`), when given.
function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (const [at, arg] of args.entries()) {
    for (const name of names) {
      if (arg === name) return args[at + 1] ?? '';
      if (name.startsWith('--') && arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
      if (!name.startsWith('--') && arg.startsWith(name) && arg.length > name.length) return arg.slice(name.length);
    }
  }
  return undefined;
}

// Kept inside when one of `options` or `variables` names a folder inside the workspace.
function keptBy(call: Call, inside: Inside, options: readonly string[], variables: readonly string[]): boolean {
  const args = call.form.slice(2);
  const values = [...options.map((name) => optionValue(args, name.split('|'))), ...variables.map((name) => call.env.get(name) ?? assigned(args, name))];
  return values.some((value) => value !== undefined && value !== '' && inside(value));
}

// make's `PREFIX=x` among its arguments.
const assigned = (args: readonly string[], name: string): string | undefined => args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);

const NODE_INSTALLS = new Set(['install', 'add', 'update', 'upgrade', 'uninstall', 'remove', 'rm', 'link', 'ln', 'ci']);

const ROWS: readonly Row[] = [
  // npm/pnpm/bun: `-g`/`--global` installs into the global prefix; `npm link` with no package links the
  // package there (and its bin into the global bin folder); yarn: `yarn global add`, `yarn link`.
  {
    programs: /^(?:npm|pnpm|bun|cnpm|yarn)$/,
    outside: ({ form, env }, inside) => {
      const [, sub = '', ...args] = form;
      if (form[0] === 'yarn' && sub === 'global') return 'yarn global installs into the global folder';
      if (!NODE_INSTALLS.has(sub)) return undefined;
      const prefix = optionValue(args, ['--prefix']);
      if ((GLOBAL(args) || GLOBAL_ENV(env)) && !(prefix !== undefined && inside(prefix))) return `${form[0]} ${sub} --global installs into the global folder`;
      if ((sub === 'link' || sub === 'ln') && operands(args).length === 0) return `${form[0]} link with no package links this package into the global folder`;
      return undefined;
    },
  },
  // pip installs into the interpreter's site-packages (the system's or the user's) unless a workspace
  // environment runs it or a target folder inside is named; uv's pip only with --system.
  {
    programs: /^(?:pip[\d.]*|python[\d.]*|uv)$/,
    outside: (call, inside) => {
      const { form, raw } = call;
      const pip = form[0] === 'uv' ? (form[1] === 'pip' ? 2 : -1) : /^python/.test(form[0]!) ? (form[1] === '-m' && /^pip[\d.]*$/.test(form[2] ?? '') ? 3 : -1) : 1;
      if (form[0] === 'uv' && form[1] === 'tool' && ['install', 'upgrade', 'uninstall'].includes(form[2] ?? '')) return 'uv tool installs into the user\'s tool folder';
      const sub = pip < 0 ? undefined : form[pip];
      if (sub !== 'install' && sub !== 'uninstall') return undefined;
      const args = form.slice(pip + 1);
      if (args.includes('--user')) return `pip ${sub} --user installs into the user's site-packages`;
      if (form[0] === 'uv' && !args.includes('--system')) return undefined;
      if (raw.includes('/') && inside(raw)) return undefined;
      if (keptBy({ ...call, form: ['pip', 'x', ...args] }, inside, ['--target|-t', '--prefix', '--root'], ['PIP_TARGET', 'PIP_PREFIX', 'VIRTUAL_ENV'])) return undefined;
      return `pip ${sub} changes the interpreter's site-packages outside the workspace (no workspace environment runs it, no --target inside)`;
    },
  },
  { programs: /^pipx$/, outside: ({ form }) => (['install', 'inject', 'upgrade', 'upgrade-all', 'uninstall', 'uninstall-all', 'reinstall', 'reinstall-all', 'ensurepath', 'install-all'].includes(form[1] ?? '') ? `pipx ${form[1]} changes the user's pipx folder and its programs on PATH` : undefined) },
  { programs: /^cargo$/, outside: (call, inside) => (['install', 'uninstall'].includes(call.form[1] ?? '') && !keptBy(call, inside, ['--root'], ['CARGO_INSTALL_ROOT']) ? `cargo ${call.form[1]} changes ~/.cargo/bin (no --root inside the workspace)` : undefined) },
  { programs: /^go$/, outside: (call, inside) => (call.form[1] === 'install' && !keptBy(call, inside, [], ['GOBIN']) ? 'go install writes the program into GOBIN or ~/go/bin (no GOBIN inside the workspace)' : undefined) },
  { programs: /^gem$/, outside: (call, inside) => (['install', 'uninstall', 'update'].includes(call.form[1] ?? '') && (call.form.includes('--user-install') || !keptBy(call, inside, ['--install-dir|-i'], ['GEM_HOME'])) ? `gem ${call.form[1]} changes the gem folder outside the workspace` : undefined) },
  // `make install` (and install-*, uninstall) copies into PREFIX, /usr/local by default; DESTDIR or PREFIX inside keeps it.
  {
    programs: /^(?:make|gmake|ninja|meson)$/,
    outside: (call, inside) => {
      const targets = call.form.slice(1).filter((arg) => !arg.startsWith('-') && !arg.includes('='));
      if (!targets.some((target) => /^(?:un)?install(?:[-_].*)?$/.test(target))) return undefined;
      return keptBy(call, inside, ['--destdir'], ['DESTDIR', 'PREFIX', 'prefix']) ? undefined : `${call.form[0]} ${targets.join(' ')} copies into the install prefix (no DESTDIR or PREFIX inside the workspace)`;
    },
  },
  { programs: /^cmake$/, outside: (call, inside) => (call.form.includes('--install') && !keptBy(call, inside, ['--prefix'], ['DESTDIR']) ? 'cmake --install copies into the install prefix (no --prefix or DESTDIR inside the workspace)' : undefined) },
];

// The variables assigned before the command's name (`DESTDIR=./stage make install`), read from its text.
function assignments(command: SimpleCommand): Map<string, string> {
  const env = new Map<string, string>();
  const head = /^\s*((?:[A-Za-z_]\w*=(?:"[^"]*"|'[^']*'|\S)*\s+)+)/.exec(command.text)?.[1] ?? '';
  for (const match of head.matchAll(/([A-Za-z_]\w*)=((?:"[^"]*"|'[^']*'|\S)*)/g)) env.set(match[1]!, match[2]!.replace(/["']/g, ''));
  return env;
}

// A program with no row whose subcommand is `install` (`brew install`, `poetry install`, `bundle install`,
// `deno install`, `dotnet tool install -g`, `mvn install`, `conda install`): where it installs is not known, so
// it is judged as installing outside (fail closed). `composer install` fills vendor/ (a row of its own: inside).
// Programs whose words after the name are files or text, never a subcommand (`mkdir install`, `echo install`):
// a missing one only asks once too often.
const INSIDE_PROGRAMS = /^(?:composer|npx|git|apt-cache|cd|pushd|ls|cat|echo|printf|test|\[|mkdir|rmdir|touch|rm|cp|mv|ln|chmod|chown|stat|file|find|grep|rg|head|tail|less|wc|sh|bash|zsh|dash|source|\.|code|vim|vi|nano|open|tree|du|diff)$/;
const UNKNOWN_ROW: Row = {
  programs: /.*/,
  outside: ({ form }) => (form.slice(1, 3).some((word) => /^(?:un|re)?install$/.test(word)) ? `${form[0]} ${form.slice(1, 3).join(' ')} installs where its own configuration says, not known to stay in the workspace` : undefined),
};

// Why `command` installs outside the workspace, undefined when it does not.
export function installsOutside(command: SimpleCommand, inside: Inside): string | undefined {
  const name = command.name ?? '';
  const row = ROWS.find((each) => each.programs.test(name)) ?? (INSIDE_PROGRAMS.test(name) ? undefined : UNKNOWN_ROW);
  if (!row) return undefined;
  const tokens = command.words.map((word) => ({ value: word.value, shown: word.text, dynamic: word.dynamic }));
  const reading = canonicalReading(name, [{ value: name, shown: name, dynamic: false }, ...tokens.slice(1)]);
  // A subcommand not known statically: each reading is judged (fail closed).
  const forms = reading.forms.length > 0 || reading.unclear.length > 0 ? [...reading.forms.slice(0, 1), ...reading.unclear] : [[name, ...command.words.slice(1).map((word) => word.value)]];
  const env = assignments(command);
  for (const form of forms) {
    const reason = row.outside({ form: form.map((word) => word.replace(/^(["'])(.*)\1$/, '$2')), env, raw: command.rawName ?? name }, inside);
    if (reason) return reason;
  }
  return undefined;
}
