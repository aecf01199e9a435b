import { usageError } from '../engine/errors.js';
import { didYouMean } from '../text/suggest.js';
import { SANDBOX_MODES, type SandboxMode } from '../sandbox/policy.js';
import { checkEnvNames } from '../sandbox/user-settings.js';

// Options that apply to the whole invocation (CONTRACT.md "The CLI door").
export interface GlobalOptions {
  workspace: string | undefined;
  json: boolean;
  session: string | undefined;
  allow: string[];
  ask: string[];
  deny: string[];
  yes: boolean;
  allowUnsafe: boolean;
  // --sandbox off|workspace-write|read-only (validated), --sandbox-network.
  sandbox: SandboxMode | undefined;
  sandboxNetwork: boolean | undefined;
  // --pass-env NAME[,NAME]: environment variables exec and test may see though hidden by default.
  passEnv: string[];
  help: boolean;
  version: boolean;
}

// `plugin`: whether the ChatCLI plugin door keeps the option in a call (chatcli/globals.ts). Its argv is the
// model's words, so an option that loosens anything is refused there ('refused'; `keptWhen` names the values
// that only tighten). Every option says so here: a new one is refused unless it is marked kept (red team
// R6-5: --pass-env, which hands a secret variable to the processes a call runs, was missing from a hand list).
type Spec = { readonly key: keyof GlobalOptions; readonly value: boolean; readonly plugin: 'kept' | 'refused' | { readonly keptWhen: (value: string) => boolean } };

const SPECS: Readonly<Record<string, Spec>> = {
  '-C': { key: 'workspace', value: true, plugin: 'refused' },
  '--workspace': { key: 'workspace', value: true, plugin: 'refused' },
  '--json': { key: 'json', value: false, plugin: 'kept' },
  '--session': { key: 'session', value: true, plugin: 'kept' },
  '--allow': { key: 'allow', value: true, plugin: 'refused' },
  '--ask': { key: 'ask', value: true, plugin: 'kept' },
  '--deny': { key: 'deny', value: true, plugin: 'kept' },
  '--yes': { key: 'yes', value: false, plugin: 'kept' },
  '-y': { key: 'yes', value: false, plugin: 'kept' },
  '--allow-unsafe': { key: 'allowUnsafe', value: false, plugin: 'refused' },
  '--sandbox': { key: 'sandbox', value: true, plugin: { keptWhen: (value) => value === 'read-only' } },
  '--sandbox-network': { key: 'sandboxNetwork', value: false, plugin: 'refused' },
  '--pass-env': { key: 'passEnv', value: true, plugin: 'refused' },
  '--help': { key: 'help', value: false, plugin: 'kept' },
  '-h': { key: 'help', value: false, plugin: 'kept' },
  '--version': { key: 'version', value: false, plugin: 'kept' },
  '-V': { key: 'version', value: false, plugin: 'kept' },
};

// The options given that the plugin door refuses, each named once (`-C/--workspace`, `--sandbox off`).
export function pluginRefusedGlobals(options: GlobalOptions): string[] {
  const byKey = new Map<keyof GlobalOptions, { flags: string[]; spec: Spec }>();
  for (const [flag, spec] of Object.entries(SPECS)) {
    if (spec.plugin === 'kept') continue;
    const known = byKey.get(spec.key);
    if (known) known.flags.push(flag);
    else byKey.set(spec.key, { flags: [flag], spec });
  }
  const found: string[] = [];
  for (const [key, { flags, spec }] of byKey) {
    const given = options[key];
    const values = Array.isArray(given) ? given : given === true ? [''] : typeof given === 'string' ? [given] : [];
    if (values.length === 0) continue;
    const plugin = spec.plugin;
    const loose = values.filter((value) => typeof plugin !== 'object' || !plugin.keptWhen(value));
    if (loose.length > 0) found.push(spec.value && typeof plugin === 'object' ? `${flags.join('/')} ${loose.join(', ')}` : flags.join('/'));
  }
  return found;
}

// The global options that take a value (`-C DIR`), as spelled on the command line.
export const VALUE_GLOBALS: ReadonlySet<string> = new Set(Object.entries(SPECS).filter(([, spec]) => spec.value).map(([flag]) => flag));

// The first token that is neither a global option nor a global option's value names the call.
export function findCallToken(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (VALUE_GLOBALS.has(token)) index += 1;
    else if (!token.startsWith('-')) return token;
  }
  return undefined;
}

// The switches among them (`--yes`), without --help and --version, which answer on their own.
export const SWITCH_GLOBALS: ReadonlySet<string> = new Set(Object.entries(SPECS).filter(([, spec]) => !spec.value && spec.key !== 'help' && spec.key !== 'version').map(([flag]) => flag));

export function emptyGlobalOptions(): GlobalOptions {
  return { workspace: undefined, json: false, session: undefined, allow: [], ask: [], deny: [], yes: false, allowUnsafe: false, sandbox: undefined, sandboxNetwork: undefined, passEnv: [], help: false, version: false };
}

function apply(options: GlobalOptions, spec: Spec, value: string | undefined): void {
  const { key } = spec;
  if (key === 'allow' || key === 'ask' || key === 'deny') options[key].push(value!);
  else if (key === 'passEnv') options.passEnv.push(...checkEnvNames(value!.split(','), '--pass-env'));
  else if (key === 'workspace' || key === 'session') options[key] = value;
  else if (key === 'json' || key === 'yes' || key === 'allowUnsafe' || key === 'sandboxNetwork' || key === 'help' || key === 'version') options[key] = true;
  else if (key === 'sandbox') {
    const mode = SANDBOX_MODES.find((candidate) => candidate === value);
    if (!mode) throw usageError(`--sandbox ${value ?? ''} is not a mode; use ${SANDBOX_MODES.join(', ')}`);
    options.sandbox = mode;
  }
}

// Takes the global options out of argv wherever they stand. `commandFlag` says whether a flag belongs to
// the command being run (and whether it takes a value): a command's own flag of the same name wins.
export function extractGlobalOptions(argv: readonly string[], commandFlag: (flag: string) => 'value' | 'boolean' | undefined): { options: GlobalOptions; rest: string[] } {
  const options = emptyGlobalOptions();
  const rest: string[] = [];
  let called = false; // the command's name (or a JSON call) has been seen
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (token === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    const equals = token.startsWith('--') ? token.indexOf('=') : -1;
    const name = equals > 0 ? token.slice(0, equals) : token;
    const own = commandFlag(name);
    if (own !== undefined) {
      // The command's own flag wins; its value is the next token, whatever it looks like (--term --version).
      rest.push(token);
      if (own === 'value' && equals < 0 && index + 1 < argv.length) rest.push(argv[++index]!);
      continue;
    }
    const spec = SPECS[name];
    if (!spec) {
      // Before the command an unknown option is a typo, not the command's name ("unknown command --bogus").
      if (!called && token.startsWith('-') && token !== '-') {
        const hint = didYouMean(name.replace(/^-+/, ''), Object.keys(SPECS).filter((flag) => flag.startsWith('--')).map((flag) => flag.slice(2)), '--');
        throw usageError(`unknown option ${name}${hint}; the global options are ${Object.keys(SPECS).join(', ')}; a command's own flags go after its name`);
      }
      called = true;
      rest.push(token);
      continue;
    }
    if (!spec.value) {
      apply(options, spec, undefined);
      continue;
    }
    const value = equals > 0 ? token.slice(equals + 1) : argv[index + 1];
    if (value === undefined) throw usageError(`${name} needs a value`);
    if (equals < 0) index += 1;
    apply(options, spec, value);
  }
  return { options, rest };
}

// What createEngine takes from --sandbox, --sandbox-network and --pass-env (undefined: the config file decides).
export function sandboxOptions(options: Pick<GlobalOptions, 'sandbox' | 'sandboxNetwork'> & { readonly passEnv?: readonly string[] }): { mode?: SandboxMode; network?: boolean; passEnv?: readonly string[] } {
  const passEnv = options.passEnv ?? [];
  return { ...(options.sandbox ? { mode: options.sandbox } : {}), ...(options.sandboxNetwork ? { network: true } : {}), ...(passEnv.length > 0 ? { passEnv } : {}) };
}
