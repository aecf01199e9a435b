import type { ShellWord, SimpleCommand } from './parse-types.js';

// Options of build tools and package managers that hand the tool a program or code to run, written in
// the arguments themselves: `go test -exec 'sh -c ...'`, `go build -toolexec X`, `go vet -vettool=X`,
// `cargo test --config 'target.x.runner="sh -c ..."'` (any inline key=value: runner, rustc-wrapper,
// linker, alias ...), `npm run build --script-shell=X`, `npm test --node-options=--import=data:...`.
// A rule or an always scope for the project's own tasks (`go test *`, `npm run *`) must not approve them:
// they run what the caller chose, not the project's task.

// go's flag package: `-name`, `--name`, `-name=value`, `--name=value`.
const GO_CODE = /^--?(?:exec|toolexec|vettool)(?:=|$)/;
// go reads every word of GOFLAGS as a flag (option-variables.ts puts them after its name, a run-time value as the
// word `$GOFLAGS`): one only known at run time may be `-toolexec=...` (red team R41-b3: `read GOFLAGS < f; go build`).
const runtimeGoFlags = (word: ShellWord): boolean => /^"?\$\{?GOFLAGS\}?"?$/.test(word.text) && word.candidates.some((candidate) => candidate.includes('\u0000'));
// nopt (npm, pnpm's npm config) takes any unambiguous prefix of a key and `_` for `-`.
const NPM_CODE_KEYS = ['script-shell', 'node-options'];
const NPM_FAMILY = new Set(['npm', 'pnpm', 'yarn']);

function npmCodeOption(arg: string): boolean {
  if (!arg.startsWith('--')) return false;
  const name = arg.slice(2).split('=')[0]!.toLowerCase().replace(/_/g, '-');
  return name.length >= 4 && NPM_CODE_KEYS.some((key) => key.startsWith(name));
}

function cargoInlineConfig(args: readonly string[]): boolean {
  return args.some((arg, i) => (arg === '--config' && (args[i + 1] ?? '').includes('=')) || (arg.startsWith('--config=') && arg.slice('--config='.length).includes('=')));
}

// The option that makes this command run a program or code given in its arguments, if any.
export function argumentCode(command: SimpleCommand): string | undefined {
  const name = command.name?.toLowerCase();
  const end = command.args.indexOf('--');
  const args = end < 0 ? command.args : command.args.slice(0, end);
  if (name === 'go') return args.find((arg) => GO_CODE.test(arg)) ?? (command.words.some(runtimeGoFlags) ? '$GOFLAGS' : undefined);
  if (name === 'cargo') return cargoInlineConfig(args) ? '--config' : undefined;
  if (name !== undefined && NPM_FAMILY.has(name)) return args.find(npmCodeOption);
  return undefined;
}
