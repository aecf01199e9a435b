import { RUNS, WRITES } from './common.js';
import { optionVeto, parseArgs } from './parse.js';
import { spec } from './spec.js';
import type { ProgramSpec } from './types.js';

// GNU tar 1.3x, listing only (`tar -tf x.tgz`, `tar tvzf x.tgz`, `tar --list --file=x.tar`). Every other
// operation writes; -I/--use-compress-program, --to-command, -F/--info-script, --checkpoint-action and
// --rsh-command run programs; --index-file writes; `-f host:file` runs rsh. Options that only matter
// when creating or extracting are not listed, so they are not read-only either (an unknown option).
// Decompression (-z, -j, -J ..., or detected from the archive) runs tar's fixed decompressor from PATH.
export const TAR = spec({
  safe: `-t|--list -f=|--file= -v|--verbose -z|--gzip|--gunzip|--ungzip -j|--bzip2 -J|--xz --lzip --lzma --lzop --zstd -Z|--compress|--uncompress
    -a|--auto-compress --force-local -C=|--directory= -T=|--files-from= -X=|--exclude-from= --exclude= --exclude-vcs --exclude-vcs-ignores
    --exclude-backups --exclude-caches --exclude-caches-all --exclude-caches-under --exclude-ignore= --exclude-ignore-recursive= --exclude-tag=
    --exclude-tag-all= --exclude-tag-under= --wildcards --no-wildcards --anchored --no-anchored --ignore-case --no-ignore-case
    --wildcards-match-slash --no-wildcards-match-slash --null --no-null --unquote --no-unquote --verbatim-files-from --no-verbatim-files-from
    -b=|--blocking-factor= -B|--read-full-records -i|--ignore-zeros --record-size= --numeric-owner --quoting-style= --quote-chars=
    --no-quote-chars= --show-transformed-names --show-stored-names --transform=|--xform= -R|--block-number --totals[=] --utc --full-time
    --occurrence[=] --show-omitted-dirs --strip-components= --no-recursion --recursion -n|--seek --no-seek --warning= -H=|--format=
    -N=|--newer=|--after-date= --newer-mtime= --checkpoint[=] -O|--to-stdout -l|--check-links -P|--absolute-names --one-file-system
    -S|--sparse --xattrs --no-xattrs --acls --no-acls --selinux --no-selinux -s|--preserve-order|--same-order --help --usage -?
    --version --show-defaults -K=|--starting-file= --null --delay-directory-restore --no-delay-directory-restore --sort= --hole-detection=`,
  unsafe: {
    '-c|--create -x|--extract|--get -r|--append -u|--update -A|--catenate|--concatenate --delete -d|--diff|--compare --test-label': 'is not a listing (writes or compares)',
    '-I=|--use-compress-program= --to-command= -F=|--info-script=|--new-volume-script= --checkpoint-action= --rsh-command= --rmt-command=': RUNS,
    '--index-file= -g=|--listed-incremental= --remove-files -W|--verify -M|--multi-volume': WRITES,
  },
});

// Traditional bundled syntax: `tar tvf x.tar` (letters; values taken from the following words in order).
function unbundle(args: readonly string[]): string[] {
  const [first, ...rest] = args;
  if (first === undefined || first.startsWith('-')) return [...args];
  const out: string[] = [];
  const values = [...rest];
  for (const letter of first) {
    const def = TAR.table!.short.get(letter);
    out.push(`-${letter}`);
    if (def?.arity === 'required' && values.length > 0) out.push(values.shift()!);
  }
  return [...out, ...values];
}

export const TAR_SPEC: ProgramSpec = {
  check: (_parsed, args) => {
    const parsed = parseArgs(TAR.table!, unbundle(args));
    const veto = optionVeto('tar', parsed);
    if (veto) return veto;
    if (!parsed.options.some((o) => o.def.name === '--list')) return 'only tar -t (list) is read-only';
    const local = parsed.options.some((o) => o.def.name === '--force-local');
    const remote = parsed.options.find((o) => o.def.name === '--file' && !local && /^[^/]*:/.test(o.value ?? ''));
    return remote ? `tar -f ${remote.value} reads a remote archive through rsh` : undefined;
  },
};
