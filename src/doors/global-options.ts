import { usageError } from '../engine/errors.js';
import { didYouMean } from '../text/suggest.js';
import { SANDBOX_MODES, type SandboxMode } from '../sandbox/paths.js';
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

// `loosens`: whether the option, when given, loosens codeward's rules (an allow rule, the classifier off, the
// sandbox off or onto the network, a secret variable passed, another workspace): a door whose argv may come
// from a model (the ChatCLI plugin) refuses every such option (chatcli/globals.ts). Required, so a new
// global is placed on one side when it is written. --yes is the plugin wrapper's own (ChatCLI asked).
type Spec = { readonly key: keyof GlobalOptions; readonly value: boolean; readonly loosens: boolean | ((options: GlobalOptions) => boolean) };

const SPECS: Readonly<Record<string, Spec>> = {
  '-C': { key: 'workspace', value: true, loosens: true },
  '--workspace': { key: 'workspace', value: true, loosens: true },
  '--json': { key: 'json', value: false, loosens: false },
  '--session': { key: 'session', value: true, loosens: false },
  '--allow': { key: 'allow', value: true, loosens: true },
  // Command-line rules outrank the user's files, so an ask rule there replaces a deny of ~/.codeward/policy.json
  // (red team R7-8: the model's `--ask '@coder write prod.conf'` plus the wrapper's --yes wrote it).
  '--ask': { key: 'ask', value: true, loosens: true },
  '--deny': { key: 'deny', value: true, loosens: false },
  '--yes': { key: 'yes', value: false, loosens: false },
  '-y': { key: 'yes', value: false, loosens: false },
  '--allow-unsafe': { key: 'allowUnsafe', value: false, loosens: true },
  '--sandbox': { key: 'sandbox', value: true, loosens: (options) => options.sandbox !== 'read-only' },
  '--sandbox-network': { key: 'sandboxNetwork', value: false, loosens: true },
  '--pass-env': { key: 'passEnv', value: true, loosens: true },
  '--help': { key: 'help', value: false, loosens: false },
  '-h': { key: 'help', value: false, loosens: false },
  '--version': { key: 'version', value: false, loosens: false },
  '-V': { key: 'version', value: false, loosens: false },
};

// The loosening global options a call carries, as spelled (`--pass-env`, `--sandbox off`), one per option.
export function looseningGlobals(options: GlobalOptions): string[] {
  const found = new Map<keyof GlobalOptions, string>();
  for (const [flag, spec] of Object.entries(SPECS)) {
    const value = options[spec.key];
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
    if (!given || found.has(spec.key) || !(typeof spec.loosens === 'function' ? spec.loosens(options) : spec.loosens)) continue;
    found.set(spec.key, spec.key === 'sandbox' ? `${flag} ${String(value)}` : spec.key === 'workspace' ? '-C/--workspace' : flag);
  }
  return [...found.values()];
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
// `operandWords`: the command takes a bare operand (`exec CMD`), whose words may hold a --version of their own.
export function extractGlobalOptions(argv: readonly string[], commandFlag: (flag: string) => 'value' | 'boolean' | undefined, operandWords = false): { options: GlobalOptions; rest: string[] } {
  const options = emptyGlobalOptions();
  const rest: string[] = [];
  let called = false; // the command's name (or a JSON call) has been seen
  let operand = false; // and a word after it (`exec node --version`: the version asked is node's)
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
      operand ||= called && !token.startsWith('-');
      called = true;
      rest.push(token);
      continue;
    }
    // After a command's operand, --version belongs to the words of that operand: left to the command, whose
    // parser asks to quote them, instead of printing codeward's version (newcomer pass: `exec node --version`).
    if (spec.key === 'version' && operand && operandWords) {
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
