// The long options of programs whose option reader is GNU getopt_long (red team R27-5/6/7: `env --s 'rm -r build'`,
// `env --chd=sub npm run g`, `unshare --w sub`, `make --di=sub g`, `make --fi=other.mk g`, `script -q --comm '..'`
// ran what the full names would, while the readers matched full names). getopt_long takes any unambiguous prefix of
// a long option (and `--name=value`); long-canon.ts rewrites each such word to its full name before a reader sees
// it, with these tables. Each list is the installed program's `--help` here (named per row), plus the options a
// newer version adds (named): a longer list only makes more prefixes ambiguous, never fewer options read.
//
// A spec word is `name` (no value), `name=` (a value: attached or the next word) or `name=?` (an optional value:
// attached only). `stop`: the options end at the first operand (`+` in the optstring: env, sudo, xargs, timeout);
// otherwise getopt permutes and reads options anywhere before `--` (make, script, su). `operands`: operands before
// the command it runs (`timeout DURATION CMD`, `chroot DIR CMD`); `launches`: the words after them are a command.
// `risky`: the options a reader cares about, riskiest first: an ambiguous prefix (getopt refuses it; another
// version of the program, with fewer options, may not) is read as the first of them it may be.

export type LongValue = 'none' | 'required' | 'optional';

export interface LongTable {
  readonly longs: Readonly<Record<string, LongValue>>;
  // Short options taking a value (attached `-Csub` or the next word); `optionalShort`: attached only, the rest of the
  // word (`xargs -i{}`, perl's `-Mz`); `numberShort`: attached, or the next word when it is a number (make's `-j 4`);
  // `digitShort`: the digits that follow, then more options (perl's `-l0ne`); `endShort`: the options end after its
  // value (python's `-m MOD`). `flags`: the short options taking none; a table with it splits a cluster
  // (short-clusters.ts: `-sC tools` is `-s -C tools`), one without it leaves the word as written.
  readonly shortValued: string;
  readonly optionalShort?: string;
  readonly numberShort?: string;
  readonly digitShort?: string;
  readonly endShort?: string;
  readonly flags?: string;
  // The long options are read as spelled only (python, perl: no prefixes).
  readonly exact?: boolean;
  readonly stop: boolean;
  readonly operands?: number;
  readonly launches?: boolean;
  // NAME=VALUE words before the command (`env A=1 CMD`, `sudo A=1 CMD`); a bare `-` is an option (`env -`).
  readonly assignments?: boolean;
  readonly dashIsOption?: boolean;
  readonly risky?: readonly string[];
}

const specOf = (spec: string): Record<string, LongValue> =>
  Object.fromEntries(spec.trim().split(/\s+/).map((word) => (word.endsWith('=?') ? [word.slice(0, -2), 'optional'] : word.endsWith('=') ? [word.slice(0, -1), 'required'] : [word, 'none'])));

const HELP = 'help version';
// util-linux 2.38.1 su and runuser (`su --help`, `runuser --help`); runuser adds --user.
const SU = `command= session-command= fast group= supp-group= login preserve-environment pty shell= whitelist-environment= ${HELP}`;

// A row as written: its long options as a spec text (`spec`), read into `longs` on first use.
type Row = Omit<LongTable, 'longs'> & { readonly spec: string };

const ROWS: Readonly<Record<string, Row>> = {
  // GNU coreutils 9.1; --argv0 (-a) from coreutils 9.5.
  env: {
    spec: (`ignore-environment null unset= chdir= split-string= block-signal=? default-signal=? ignore-signal=? list-signal-handling debug argv0= ${HELP}`),
    shortValued: 'uCSa', flags: 'iv0', stop: true, launches: true, assignments: true, dashIsOption: true, risky: ['split-string', 'chdir', 'argv0', 'unset'],
  },
  // util-linux 2.38.1.
  script: {
    spec: (`append command= echo= return flush force log-in= log-out= log-io= log-timing= logging-format= output-limit= quiet timing=? ${HELP}`),
    shortValued: 'cEIOBTmo', optionalShort: 't', stop: false, risky: ['command', 'log-in', 'log-out', 'log-io', 'log-timing', 'timing'],
  },
  // GNU Make 4.3; --shuffle and --jobserver-style from 4.4.
  make: {
    spec: (`always-make assume-new= assume-old= check-symlink-times debug=? directory= dry-run environment-overrides eval= file= ignore-errors
      include-dir= jobs=? just-print keep-going load-average=? makefile= max-load=? new-file= no-builtin-rules no-builtin-variables no-keep-going
      no-print-directory no-silent old-file= output-sync=? print-data-base print-directory question quiet recon silent stop touch trace
      warn-undefined-variables what-if= shuffle=? jobserver-style= ${HELP}`),
    shortValued: 'CfIoWE', numberShort: 'jl', optionalShort: 'O', flags: 'bmBdeihkLnpqrRsStvw', stop: false, risky: ['directory', 'file', 'makefile', 'eval', 'include-dir', 'what-if', 'assume-new', 'new-file', 'environment-overrides'],
  },
  // util-linux 2.38.1.
  unshare: {
    spec: (`mount=? uts=? ipc=? net=? pid=? user=? cgroup=? time=? fork kill-child=? mount-proc=? map-user= map-users= map-group= map-groups=
      map-root-user map-current-user map-auto propagation= setgroups= keep-caps setuid= setgid= root= wd= monotonic= boottime= ${HELP}`),
    shortValued: 'SGRwlc', stop: true, launches: true, risky: ['wd', 'root'],
  },
  // util-linux 2.38.1.
  nsenter: {
    spec: (`all target= mount=? uts=? ipc=? net=? pid=? cgroup=? user=? time=? setuid= setgid= preserve-credentials root=? wd=? wdns= no-fork follow-context ${HELP}`),
    shortValued: 'tSG', optionalShort: 'muinpCUTrw', stop: true, launches: true, risky: ['wd', 'wdns', 'root'],
  },
  // sudo 1.9.13 (sudo(8); not installed here).
  sudo: {
    spec: (`askpass auth-type= background bell close-from= login-class= chdir= chroot= preserve-env=? edit group= set-home host= login
      remove-timestamp reset-timestamp list non-interactive preserve-groups prompt= role= shell type= command-timeout= other-user= user= validate stdin ${HELP}`),
    shortValued: 'aCcDgpRrTtUu', optionalShort: 'h', flags: 'ABbEeHiKklnPSsVv', stop: true, launches: true, assignments: true, risky: ['chdir', 'chroot', 'shell', 'login', 'edit', 'user'],
  },
  // GNU coreutils 9.1.
  timeout: { spec: (`foreground kill-after= preserve-status signal= verbose ${HELP}`), shortValued: 'ks', flags: 'v', stop: true, operands: 1, launches: true },
  nice: { spec: (`adjustment= ${HELP}`), shortValued: 'n', flags: '', stop: true, launches: true },
  nohup: { spec: (HELP), shortValued: '', stop: true, launches: true },
  stdbuf: { spec: (`input= output= error= ${HELP}`), shortValued: 'ioe', stop: true, launches: true },
  chroot: { spec: (`groups= userspec= skip-chdir ${HELP}`), shortValued: '', stop: true, operands: 1, launches: true },
  // util-linux 2.38.1.
  setsid: { spec: (`ctty fork wait ${HELP}`), shortValued: '', stop: true, launches: true },
  // GNU findutils 4.9.0.
  xargs: {
    spec: (`arg-file= delimiter= eof=? exit interactive max-args= max-chars= max-lines=? max-procs= no-run-if-empty null open-tty process-slot-var= replace=? show-limits verbose ${HELP}`),
    shortValued: 'adEILnPs', optionalShort: 'eil', flags: '0oprtx', stop: true, launches: true, risky: ['replace', 'arg-file'],
  },
  // GNU time 1.9 (/usr/bin/time).
  time: { spec: (`append format= output= portability quiet verbose ${HELP}`), shortValued: 'fo', flags: 'apqvV', stop: true, launches: true },
  su: { spec: (SU), shortValued: 'cgGsw', flags: 'flmpPhV', stop: false, risky: ['command', 'session-command', 'shell'] },
  runuser: { spec: (`${SU} user=`), shortValued: 'cgGswu', flags: 'flmpPhV', stop: false, risky: ['command', 'session-command', 'shell', 'user'] },
};

// The rows with their long options read on first use: a shell line's reading built all of them when the module
// loaded, for the one or two programs a line names (issue 31).
function withLongs({ spec, ...row }: Row): LongTable {
  let longs: Record<string, LongValue> | undefined;
  return { ...row, get longs() { return (longs ??= specOf(spec)); } };
}

export const LONG_OPTIONS: Readonly<Record<string, LongTable>> = Object.fromEntries(Object.entries(ROWS).map(([name, row]) => [name, withLongs(row)]));
