// More programs that start the command they are given (red team R9-3's class, round 10's held-back
// check): environment and version managers (`pyenv exec`, `mise x --`, `volta run`, `cross-env A=1`,
// `dotenv --`), resource and tracing runners (`perf stat`, `cpulimit`, `trickle`, `cgexec`), job queues
// (`tsp`, `nq`, `pueue add`), namespaces (`ip netns exec`, `podman unshare`), and those that take shell
// text (`hyperfine CMD`, `concurrently CMD`, `ansible -a CMD`; git's: git-program-options.ts). The command found is judged as if written; parse-launchers.ts has the rest of the table.
import { optionWord } from './parse-launch-options.js';
import type { Launch } from './parse-launchers.js';
import { mayBeOption, runtimeOption } from './parse-launch-runtime.js';
import type { WordLike } from './parse-wrappers.js';

interface Spec {
  // Words that follow the name, in order, each matching its pattern (options between them skipped).
  readonly sub?: readonly RegExp[];
  // Options taking a value in the next word.
  readonly valued?: RegExp;
  // Options whose value is shell text.
  readonly text?: RegExp;
  // NAME=VALUE words before the command.
  readonly assignments?: boolean;
  // Operands before the command (`ip netns exec NAME CMD`).
  readonly positionals?: number;
  // The command comes only after `--` (`mise exec node@20 -- CMD`).
  readonly afterDashDash?: boolean;
  // Every operand is a shell command of its own (`hyperfine 'a' 'b'`).
  readonly operandsAreText?: boolean;
  // The command's words are joined and run by a shell (`pueue add`).
  readonly joined?: boolean;
}

const EXEC = [/^exec$/];
// util-linux setarch and its personality aliases (red team R11-1): `setarch ARCH [flags] CMD`, `linux64 CMD`.
const PERSONALITY: Spec = {};
const VERSIONS: Spec = { sub: EXEC };
const SPECS: Readonly<Record<string, Spec>> = {
  'cross-env': { assignments: true },
  'cross-env-shell': { assignments: true, joined: true },
  dotenv: { valued: /^-[evc]$/ },
  'env-cmd': { valued: /^(?:-f|--file|-e|--environments|-r|--rc-file)$/ },
  sshpass: { valued: /^-[pfdP]$/ },
  cpulimit: { valued: /^(?:-[lpe]|--limit|--pid|--exe)$/ },
  trickle: { valued: /^-[dutlwn]$/ },
  torify: {},
  heaptrack: { valued: /^(?:-o|--output|-p|--pid)$/ },
  fakechroot: { valued: /^(?:-c|--config-dir|-d|--elfloader|-l|--lib|-e|--environment)$/ },
  'dbus-launch': { valued: /^(?:--config-file|--autolaunch)$/ },
  tsp: { valued: /^-[LNDEW]$/ },
  nq: {},
  cgexec: { valued: /^-g$/ },
  perf: { sub: [/^(?:stat|record|trace|top|c2c|mem|sched|lock|kvm)$/], valued: /^(?:-[eoprxGCtIjFcm]|--(?:event|output|pid|repeat|field-separator|cgroup|cpu|tid|call-graph|freq|count|mmap-pages))$/ },
  rr: { sub: [/^record$/], valued: /^(?:-[cekt]|--(?:output-trace-dir|env))$/ },
  pyenv: VERSIONS,
  rbenv: VERSIONS,
  nodenv: VERSIONS,
  goenv: VERSIONS,
  jenv: VERSIONS,
  plenv: VERSIONS,
  asdf: VERSIONS,
  mise: { sub: [/^(?:exec|x)$/], afterDashDash: true, valued: /^(?:-C|--cd|-j|--jobs|-c|--command)$/, text: /^(?:-c|--command)$/ },
  rtx: { sub: [/^(?:exec|x)$/], afterDashDash: true, valued: /^(?:-C|--cd|-j|--jobs)$/ },
  volta: { sub: [/^run$/], valued: /^--(?:node|npm|pnpm|yarn|env)$/ },
  fnm: { sub: EXEC, valued: /^--using$/ },
  pixi: { sub: [/^(?:run|exec)$/], valued: /^(?:-e|--environment|--manifest-path|-s|--spec)$/ },
  devbox: { sub: [/^run$/], valued: /^(?:-c|--config|-e|--env|--env-file)$/ },
  pueue: { sub: [/^add$/], joined: true, valued: /^(?:-w|--working-directory|-d|--delay|-g|--group|-a|--after|-l|--label|-o|--priority)$/ },
  ip: { sub: [/^(?:netns|vrf)$/, /^exec$/], positionals: 1 },
  podman: { sub: [/^unshare$/] },
  buildah: { sub: [/^unshare$/] },
  hyperfine: { operandsAreText: true, text: /^(?:-p|--prepare|-c|--cleanup|-s|--setup|--conclude|--reference)$/, valued: /^(?:-[wrmMnSLPu]|--(?:warmup|runs|min-runs|max-runs|command-name|shell|parameter-scan|parameter-list|export-\w+|output|time-unit|style|sort|input))$/ },
  setarch: { positionals: 1 },
  linux32: PERSONALITY,
  linux64: PERSONALITY,
  i386: PERSONALITY,
  x86_64: PERSONALITY,
  uname26: PERSONALITY,
  // `gpg-agent --daemon PROG ARGS` starts PROG with the agent's environment (red team R17-17); the pinentry and
  // scdaemon it is told to use are programs it runs.
  'gpg-agent': { text: /^--(?:pinentry-program|scdaemon-program)$/, valued: /^--(?:homedir|options|log-file|debug-level|debug|default-cache-ttl|default-cache-ttl-ssh|max-cache-ttl|max-cache-ttl-ssh|min-passphrase-len|extra-socket|browser-socket|ttyname|ttytype|display|lc-ctype|lc-messages|xauthority)$/ },
  concurrently: { operandsAreText: true, valued: /^(?:-[ncplmts]|--(?:names|prefix-colors|prefix|prefix-length|timestamp-format|max-processes|success|kill-signal|restart-tries|restart-after|name-separator|handle-input|default-input-target|passthrough-arguments))$/ },
};

function run(key: string, spec: Spec, words: readonly WordLike[]): Launch[] {
  const launches: Launch[] = [];
  let i = 1;
  const option = (): boolean => {
    const value = words[i]!.value;
    // A word only known at run time in an option place (before a subcommand, an operand before the command).
    if (mayBeOption(words[i]!) && !spec.operandsAreText && (spec.sub !== undefined || (spec.positionals ?? 0) > 0 || spec.afterDashDash)) {
      launches.push(runtimeOption(key, words[i]!));
      i++;
      return true;
    }
    if (!value.startsWith('-') || value === '-' || value === '--') return false;
    const text = optionWord(value, spec.text);
    if (text?.attached !== undefined) launches.push({ kind: 'text', text: text.attached });
    else if (text && i + 1 < words.length) launches.push({ kind: 'text', text: words[i + 1]!.value });
    i += spec.valued?.test(value) || (text && text.attached === undefined) ? 2 : 1;
    return true;
  };
  for (const sub of spec.sub ?? []) {
    while (i < words.length && option());
    if (i >= words.length || !sub.test(words[i]!.value)) return launches;
    i++;
  }
  let positionals = spec.positionals ?? 0;
  const operands: number[] = [];
  while (i < words.length) {
    const value = words[i]!.value;
    if (value === '--') {
      i++;
      break;
    }
    if (option()) continue;
    if (spec.assignments && !words[i]!.dynamic && /^[A-Za-z_][A-Za-z0-9_]*=/.test(value)) i++;
    else if (positionals > 0) {
      positionals--;
      i++;
    } else if (spec.operandsAreText || spec.afterDashDash) operands.push(i++);
    else break;
  }
  if (spec.operandsAreText) return [...launches, ...[...operands, ...words.slice(i).map((_, k) => i + k)].map((k): Launch => ({ kind: 'text', text: words[k]!.value }))];
  if (i >= words.length || (spec.afterDashDash && words[i - 1]?.value !== '--')) return launches;
  if (spec.joined) return [...launches, { kind: 'text', text: words.slice(i).map((word) => word.value).join(' ') }];
  return [...launches, { kind: 'command', index: i }];
}

// The shell text given to an option in each spelling (`-x CMD`, `-xCMD`, `--exec=CMD`).
function optionTexts(words: readonly WordLike[], name: RegExp): Launch[] {
  return words.flatMap((word, k): Launch[] => {
    const option = optionWord(word.value, name);
    const text = option?.attached ?? (option ? words[k + 1]?.value : undefined);
    return text === undefined ? [] : [{ kind: 'text', text }];
  });
  return [];
}

// ansible: the command module's arguments (`-a`, the default module is `command`; also shell and raw).
function ansible(words: readonly WordLike[]): Launch[] {
  const modules = optionTexts(words.slice(1), /^(?:-m|--module-name)$/).map((launch) => (launch.kind === 'text' ? launch.text : ''));
  if (!/^(?:(?:ansible\.(?:builtin|legacy)\.)?(?:command|shell|raw))$/.test(modules.at(-1) ?? 'command')) return [];
  return optionTexts(words.slice(1), /^(?:-a|--args)$/);
}

// What `words[0]` starts, by this table; undefined when it is not listed (git's runners: git-program-options.ts).
export function runnerLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  if (key === 'ansible') return ansible(words);
  return Object.hasOwn(SPECS, key) ? run(key, SPECS[key]!, words) : undefined;
}
