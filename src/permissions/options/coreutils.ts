import { atMostOperands, FOLLOWS, GNU_INFO, noOperands, RUNS, WRITES } from './common.js';
import { spec } from './spec.js';
import type { ProgramSpec } from './types.js';

// GNU coreutils (9.x manuals, `--help`): files, text and system information.

const LS = spec({
  safe: `${GNU_INFO} -a|--all -A|--almost-all --author -b|--escape --block-size= -B|--ignore-backups -c -C --color[=] -d|--directory
    -D|--dired -f -F|--classify[=] --file-type --format= --full-time -g --group-directories-first -G|--no-group -h|--human-readable
    --si -H|--dereference-command-line --dereference-command-line-symlink-to-dir --hide= --hyperlink[=] --indicator-style=
    -i|--inode -I=|--ignore= -k|--kibibytes -l -L|--dereference -m -n|--numeric-uid-gid -N|--literal -o -p -q|--hide-control-chars
    --show-control-chars -Q|--quote-name --quoting-style= -r|--reverse -R|--recursive -s|--size -S --sort= --time= --time-style=
    -t -T=|--tabsize= -u -U -v -w=|--width= -x -X -Z|--context --zero -1`,
});

const CHECKSUM = spec({
  safe: `${GNU_INFO} -b|--binary -c|--check --ignore-missing --quiet --status --strict --tag -t|--text -w|--warn -z|--zero -l=|--length= -a=|--algorithm= --untagged --debug --base64 --raw`,
});

export const COREUTILS: Readonly<Record<string, ProgramSpec>> = {
  ls: LS,
  dir: LS,
  vdir: LS,
  cat: spec({ safe: `${GNU_INFO} -A|--show-all -b|--number-nonblank -e -E|--show-ends -n|--number -s|--squeeze-blank -t -T|--show-tabs -u -v|--show-nonprinting` }),
  head: spec({ safe: `${GNU_INFO} -c=|--bytes= -n=|--lines= -q|--quiet|--silent -v|--verbose -z|--zero-terminated`, numericOption: true }),
  tail: spec({
    safe: `${GNU_INFO} -c=|--bytes= -n=|--lines= -q|--quiet|--silent -v|--verbose -z|--zero-terminated -s=|--sleep-interval= --max-unchanged-stats=`,
    unsafe: { '-f|--follow[=] -F --retry --pid=': FOLLOWS },
    numericOption: true,
  }),
  wc: spec({ safe: `${GNU_INFO} -c|--bytes -m|--chars -l|--lines -L|--max-line-length -w|--words --files0-from= --total=` }),
  stat: spec({ safe: `${GNU_INFO} -L|--dereference -f|--file-system -c=|--format= --printf= -t|--terse --cached=` }),
  du: spec({
    safe: `${GNU_INFO} -0|--null -a|--all --apparent-size -B=|--block-size= -b|--bytes -c|--total -D|--dereference-args -d=|--max-depth=
      --files0-from= -H -h|--human-readable --inodes -k -L|--dereference -l|--count-links -m -P|--no-dereference -S|--separate-dirs --si
      -s|--summarize -t=|--threshold= --time[=] --time-style= -X=|--exclude-from= --exclude= -x|--one-file-system`,
  }),
  df: spec({
    safe: `${GNU_INFO} -a|--all -B=|--block-size= -h|--human-readable -H|--si -i|--inodes -k -l|--local --no-sync --output[=] -P|--portability
      --sync --total -t=|--type= -T|--print-type -x=|--exclude-type= -v`,
  }),
  realpath: spec({ safe: `${GNU_INFO} -e|--canonicalize-existing -m|--canonicalize-missing -L|--logical -P|--physical -q|--quiet --relative-to= --relative-base= -s|--strip|--no-symlinks -z|--zero` }),
  readlink: spec({ safe: `${GNU_INFO} -f|--canonicalize -e|--canonicalize-existing -m|--canonicalize-missing -n|--no-newline -q|--quiet -s|--silent -v|--verbose -z|--zero` }),
  basename: spec({ safe: `${GNU_INFO} -a|--multiple -s=|--suffix= -z|--zero` }),
  dirname: spec({ safe: `${GNU_INFO} -z|--zero` }),
  md5sum: CHECKSUM, sha1sum: CHECKSUM, sha224sum: CHECKSUM, sha256sum: CHECKSUM, sha384sum: CHECKSUM, sha512sum: CHECKSUM, b2sum: CHECKSUM, cksum: CHECKSUM,
  cut: spec({ safe: `${GNU_INFO} -b=|--bytes= -c=|--characters= -d=|--delimiter= -f=|--fields= -n --complement -s|--only-delimited --output-delimiter= -z|--zero-terminated` }),
  tr: spec({ safe: `${GNU_INFO} -c|-C|--complement -d|--delete -s|--squeeze-repeats -t|--truncate-set1` }),
  cmp: spec({ safe: `${GNU_INFO} -v -b|--print-bytes -i=|--ignore-initial= -l|--verbose -n=|--bytes= -s|--quiet|--silent` }),
  comm: spec({ safe: `${GNU_INFO} -1 -2 -3 --check-order --nocheck-order --output-delimiter= --total -z|--zero-terminated` }),
  nl: spec({
    safe: `${GNU_INFO} -b=|--body-numbering= -d=|--section-delimiter= -f=|--footer-numbering= -h=|--header-numbering= -i=|--line-increment=
      -l=|--join-blank-lines= -n=|--number-format= -p|--no-renumber -s=|--number-separator= -v=|--starting-line-number= -w=|--number-width=`,
  }),
  tac: spec({ safe: `${GNU_INFO} -b|--before -r|--regex -s=|--separator=` }),
  rev: spec({ safe: '-V|--version -h|--help -0|--zero' }),
  fold: spec({ safe: `${GNU_INFO} -b|--bytes -s|--spaces -w=|--width=`, numericOption: true }),
  fmt: spec({ safe: `${GNU_INFO} -c|--crown-margin -p=|--prefix= -s|--split-only -t|--tagged-paragraph -u|--uniform-spacing -w=|--width= -g=|--goal=`, numericOption: true }),
  od: spec({
    safe: `${GNU_INFO} -A=|--address-radix= --endian= -j=|--skip-bytes= -N=|--read-bytes= -S=|--strings[=] -t=|--format= -v|--output-duplicates
      -w[=]|--width[=] --traditional -a -b -c -d -f -i -l -o -s -x -D -F -H -I -L -O -X -B -e`,
  }),
  paste: spec({ safe: `${GNU_INFO} -d=|--delimiters= -s|--serial -z|--zero-terminated` }),
  join: spec({ safe: `${GNU_INFO} -a= -e= -i|--ignore-case -j= -o= -t= -v= -1= -2= --check-order --nocheck-order --header -z|--zero-terminated` }),
  expand: spec({ safe: `${GNU_INFO} -i|--initial -t=|--tabs=`, numericOption: true }),
  unexpand: spec({ safe: `${GNU_INFO} -a|--all --first-only -t=|--tabs=`, numericOption: true }),
  numfmt: spec({
    safe: `${GNU_INFO} --debug -d=|--delimiter= --field= --format= --from= --from-unit= --grouping --header[=] --invalid= --padding= --round=
      --suffix= --unit-separator= --to= --to-unit= -z|--zero-terminated`,
  }),
  sort: spec({
    safe: `${GNU_INFO} -b|--ignore-leading-blanks -d|--dictionary-order -f|--ignore-case -g|--general-numeric-sort -i|--ignore-nonprinting
      -M|--month-sort -h|--human-numeric-sort -n|--numeric-sort -R|--random-sort --random-source= -r|--reverse --sort= -V|--version-sort
      --batch-size= -c|--check[=] -C --debug --files0-from= -k=|--key= -m|--merge -s|--stable -S=|--buffer-size= -t=|--field-separator=
      -T=|--temporary-directory= --parallel= -u|--unique -z|--zero-terminated`,
    unsafe: { '-o=|--output=': WRITES, '--compress-program=': RUNS },
  }),
  uniq: spec({
    safe: `${GNU_INFO} -c|--count -d|--repeated -D --all-repeated[=] -f=|--skip-fields= --group[=] -i|--ignore-case -s=|--skip-chars= -u|--unique
      -z|--zero-terminated -w=|--check-chars=`,
    check: atMostOperands(1, 'uniq INPUT OUTPUT writes OUTPUT'),
  }),
  base64: spec({ safe: `${GNU_INFO} -d|--decode -i|--ignore-garbage -w=|--wrap=` }),
  date: spec({
    safe: `${GNU_INFO} -d=|--date= --debug -f=|--file= -I[=]|--iso-8601[=] --resolution -R|--rfc-email --rfc-3339= -r=|--reference= -u|--utc|--universal`,
    unsafe: { '-s=|--set=': 'sets the clock' },
    check: (parsed) => (parsed.operands.some((x) => !x.startsWith('+')) ? 'date MMDDhhmm sets the clock' : undefined),
  }),
  uname: spec({ safe: `${GNU_INFO} -a|--all -s|--kernel-name -n|--nodename -r|--kernel-release -v|--kernel-version -m|--machine -p|--processor -i|--hardware-platform -o|--operating-system` }),
  id: spec({ safe: `${GNU_INFO} -a -Z|--context -g|--group -G|--groups -n|--name -r|--real -u|--user -z|--zero` }),
  whoami: spec({ safe: GNU_INFO }),
  groups: spec({ safe: GNU_INFO }),
  nproc: spec({ safe: `${GNU_INFO} --all --ignore=` }),
  arch: spec({ safe: GNU_INFO }),
  tty: spec({ safe: `${GNU_INFO} -s|--silent|--quiet` }),
  pwd: spec({ safe: `${GNU_INFO} -L|--logical -P|--physical` }),
  // The shell builtin: only changes the folder of the rest of the line.
  cd: spec({ safe: '-L -P -e -@', permute: false }),
  hostname: spec({
    safe: '-a|--alias -A|--all-fqdns -d|--domain -f|--fqdn|--long -i|--ip-address -I|--all-ip-addresses -s|--short -y|--yp|--nis -V|--version -h|--help',
    unsafe: { '-b|--boot -F=|--file=': 'sets the host name' },
    check: noOperands('hostname'),
  }),
  uptime: spec({ safe: '-p|--pretty -s|--since -h|--help -V|--version' }),
  free: spec({ safe: '-b|--bytes -k|--kilo -m|--mega -g|--giga --tera --peta -h|--human --si -l|--lohi -L|--line -t|--total -v|--committed -w|--wide --help -V|--version --kibi --mebi --gibi --tebi --pebi', unsafe: { '-s=|--seconds= -c=|--count=': 'repeats (runs on)' } }),
};
