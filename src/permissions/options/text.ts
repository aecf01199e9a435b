import { DATA_ONLY, GNU_INFO, RUNS, WRITES, atMostOperands } from './common.js';
import { spec } from './spec.js';
import { secretLookingName } from '../../shell/danger-secrets.js';
import type { ParsedArgs, ProgramSpec } from './types.js';

// Search, compare and view programs (GNU grep 3.x, ripgrep 14/15, GNU diffutils 3.x, less 590+, file 5.x,
// jq 1.6/1.7, yq (the Python jq wrapper and mikefarah's Go yq), tree 2.x, xxd, util-linux).

const GREP = spec({
  safe: `${GNU_INFO} -E|--extended-regexp -F|--fixed-strings -G|--basic-regexp -P|--perl-regexp -e=|--regexp= -f=|--file= -i|--ignore-case -y
    --no-ignore-case -v|--invert-match -w|--word-regexp -x|--line-regexp -c|--count --color[=]|--colour[=] -L|--files-without-match
    -l|--files-with-matches -m=|--max-count= -o|--only-matching -q|--quiet|--silent -s|--no-messages -b|--byte-offset -H|--with-filename
    -h|--no-filename --label= -n|--line-number -T|--initial-tab -u|--unix-byte-offsets -Z|--null -z|--null-data -A=|--after-context=
    -B=|--before-context= -C=|--context= --group-separator= --no-group-separator -a|--text --binary-files= -D=|--devices= -d=|--directories=
    --exclude= --exclude-from= --exclude-dir= --include= -r|--recursive -R|--dereference-recursive --line-buffered -U|--binary -I -V`,
  numericOption: true,
});

// ripgrep: --pre runs a program on every file; -z/--search-zip runs decompressors found on PATH (which the
// repository cannot choose, but they are programs all the same); --hostname-bin runs a program.
const RG = spec({
  safe: `-h|--help -V|--version -e=|--regexp= -f=|--file= --pre-glob= -s|--case-sensitive --crlf --no-crlf --dfa-size-limit= -E=|--encoding=
    --no-encoding --engine= -F|--fixed-strings --no-fixed-strings -i|--ignore-case -v|--invert-match --no-invert-match -x|--line-regexp
    -m=|--max-count= --mmap --no-mmap -U|--multiline --no-multiline --multiline-dotall --no-multiline-dotall --no-unicode --unicode --null-data
    -P|--pcre2 --no-pcre2 --regex-size-limit= -S|--smart-case --no-smart-case --stop-on-nonmatch -a|--text --no-text -j=|--threads=
    -w|--word-regexp --auto-hybrid-regex --no-auto-hybrid-regex --no-pcre2-unicode --pcre2-unicode --binary --no-binary -L|--follow --no-follow
    -g=|--glob= --glob-case-insensitive --no-glob-case-insensitive --iglob= --ignore-file= --ignore-file-case-insensitive
    --no-ignore-file-case-insensitive -d=|--max-depth=|--maxdepth= --max-filesize= --ignore --no-ignore --no-ignore-dot --ignore-dot
    --no-ignore-exclude --ignore-exclude --no-ignore-files --ignore-files --no-ignore-global --ignore-global --no-ignore-parent --ignore-parent
    --no-ignore-vcs --ignore-vcs --no-require-git --require-git --one-file-system --no-one-file-system -t=|--type= -T=|--type-not=
    --type-add= --type-clear= -u|--unrestricted -.|--hidden --no-hidden -A=|--after-context= -B=|--before-context= -C=|--context=
    --block-buffered --no-block-buffered -b|--byte-offset --no-byte-offset --color= --colors= --column --no-column --context-separator=
    --no-context-separator --field-context-separator= --field-match-separator= --heading --no-heading --hyperlink-format= --include-zero
    --no-include-zero --line-buffered --no-line-buffered -n|--line-number -N|--no-line-number -M=|--max-columns= --max-columns-preview
    --no-max-columns-preview -0|--null -o|--only-matching --path-separator= --passthru|--passthrough -p|--pretty -q|--quiet -r=|--replace=
    --sort= --sortr= --sort-files --no-sort-files --trim --no-trim --vimgrep -H|--with-filename -I|--no-filename -c|--count
    --count-matches -l|--files-with-matches --files-without-match --json --no-json --debug --no-ignore-messages --ignore-messages
    --no-messages --messages --stats --no-stats --trace --files --generate= --no-config --pcre2-version --type-list --no-pre --no-search-zip`,
  unsafe: { '--pre= --hostname-bin=': RUNS, '-z|--search-zip': 'runs decompression programs' },
  // ripgrep matches long flags exactly (`rg --search-z` is an error).
  abbreviations: false,
});

const DIFF = spec({
  safe: `${GNU_INFO} -v --normal -q|--brief -s|--report-identical-files -c -C=|--context[=] -u -U=|--unified[=] -e|--ed -n|--rcs -y|--side-by-side
    -W=|--width= --left-column --suppress-common-lines -p|--show-c-function -F=|--show-function-line= -r|--recursive --no-dereference
    -N|--new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case -x=|--exclude= -X=|--exclude-from=
    -S=|--starting-file= --from-file= --to-file= -i|--ignore-case -E|--ignore-tab-expansion -Z|--ignore-trailing-space
    -b|--ignore-space-change -w|--ignore-all-space -B|--ignore-blank-lines -I=|--ignore-matching-lines= -a|--text --strip-trailing-cr
    -D=|--ifdef= --GTYPE-group-format= --line-format= --LTYPE-line-format= --old-group-format= --new-group-format= --changed-group-format=
    --unchanged-group-format= --old-line-format= --new-line-format= --unchanged-line-format= -t|--expand-tabs -T|--initial-tab
    --tabsize= --suppress-blank-empty -d|--minimal --horizon-lines= --speed-large-files --color[=] --palette= --label=`,
  unsafe: { '-l|--paginate': 'runs pr' },
  numericOption: true,
});

// less: -o/-O write a log file; a lesskey file can set LESSOPEN (a program run on every file); `+cmd`
// runs less commands (`!cmd` runs a shell).
const LESS = spec({
  safe: `--help -?|--help -V|--version -K|--quit-on-intr -D= -"= -a|--search-skip-screen -A|--SEARCH-SKIP-SCREEN -b=|--buffers= -B|--auto-buffers -c|--clear-screen -C -d|--dumb
    -e|--quit-at-eof -E|--QUIT-AT-EOF -f|--force -F|--quit-if-one-screen -g|--hilite-search -G|--HILITE-SEARCH -h=|--max-back-scroll=
    -i|--ignore-case -I|--IGNORE-CASE -j=|--jump-target= -J|--status-column -L|--no-lessopen -m|--long-prompt -M|--LONG-PROMPT
    -n|--line-numbers -N|--LINE-NUMBERS -p=|--pattern= -P=|--prompt= -q|--quiet|--silent -Q|--QUIET|--SILENT -r|--raw-control-chars
    -R|--RAW-CONTROL-CHARS -s|--squeeze-blank-lines -S|--chop-long-lines -t=|--tag= -T=|--tag-file= -u|--underline-special
    -U|--UNDERLINE-SPECIAL -w|--hilite-unread -W|--HILITE-UNREAD -x=|--tabs= -X|--no-init -y=|--max-forw-scroll= -z=|--window=
    -~|--tilde -#=|--shift= --color= --file-size --follow-name --incsearch --line-num-width= --mouse --no-histdups --no-keypad
    --no-number-headers --quotes= --redraw-on-quit --rscroll= --save-marks --search-options= --show-preproc-errors
    --status-col-width= --status-line --use-backslash --use-color --wheel-lines= --wordwrap --header= --exit-follow-on-close`,
  unsafe: {
    '-o=|--log-file= -O=|--LOG-FILE=': WRITES,
    '-k=|--lesskey-file= --lesskey-src= --lesskey-content=': 'reads key bindings that can set a preprocessor program',
  },
  check: (parsed) => (parsed.operands.some((x) => x.startsWith('+')) ? 'less +cmd runs less commands (`!` runs a shell)' : undefined),
  abbreviations: true,
});

const FILE = spec({
  safe: `--help -v|--version -b|--brief -c|--checking-printout -d --debug -e=|--exclude= --exclude-quiet= --extension -f=|--files-from=
    -F=|--separator= -h|--no-dereference -i|--mime --mime-type --mime-encoding -k|--keep-going -l|--list -L|--dereference -m=|--magic-file=
    -n|--no-buffer -N|--no-pad -0|--print0 -p|--preserve-date -P=|--parameter= -r|--raw -s|--special-files -S|--no-sandbox
    -z|--uncompress -Z|--uncompress-noreport --apple`,
  unsafe: { '-C|--compile': 'writes a compiled magic file' },
});

// jq and yq programs may read the environment (`env`, `$ENV`), which holds tokens.
// `import`/`include` load modules from files, which may read the environment in turn.
const ENV_ACCESS = /\$ENV\b|\benv\b|\bstrenv\s*\(|\$__prog_args|\bload(?:str)?\s*\(|\bfile\s*\(|\bimport\b|\binclude\b|\bmodulemeta\b|\bget_search_list\b/;
const noEnvAccess = (program: string) => (parsed: ParsedArgs): string | undefined =>
  parsed.operands.some((x) => ENV_ACCESS.test(x)) || parsed.options.some((o) => o.value !== undefined && ENV_ACCESS.test(o.value))
    ? `this ${program} program reads the environment or other files (env, $ENV, import, include, load)`
    : undefined;

const JQ_SAFE = `-h|--help -V|--version --build-configuration -n|--null-input -R|--raw-input -s|--slurp -c|--compact-output -r|--raw-output
  -j|--join-output -a|--ascii-output -S|--sort-keys -C|--color-output -M|--monochrome-output --tab --indent= --unbuffered --stream
  --stream-errors --seq -e|--exit-status --arg= --argjson= --slurpfile= --rawfile= --args --jsonargs -L= --raw-output0 -0|--nul-output`;
const JQ = spec({ safe: JQ_SAFE, unsafe: { '-f=|--from-file=': 'runs a program from a file' }, abbreviations: false, check: noEnvAccess('jq') });

const YQ = spec({
  safe: `${JQ_SAFE} -y|--yaml-output -Y|--yaml-roundtrip --yaml-output-grammar-version= -w=|--width= --indentless|--indentless-lists
    --explicit-start --explicit-end -x|--xml-output --xml-dtd --xml-root= --xml-item-depth= --xml-force-list= -t|--toml-output
    -P|--prettyPrint -I=|--indent= -p=|--input-format= -o=|--output-format= -N|--no-doc -v|--verbose --no-colors --colors
    --header-preprocess --no-header-preprocess -e|--exit-status --expression=`,
  unsafe: { '-i|--in-place|--inplace': 'edits files in place', '--split-exp= --split-exp-file=': WRITES, '--from-file=': 'runs a program from a file' },
  abbreviations: false,
  check: noEnvAccess('yq'),
});

const TREE = spec({
  safe: `--help --version -a -d -l -f -x -L= -P= -I= --gitignore --gitfile= --ignore-case --matchdirs --metafirst --prune --info --infofile=
    --noreport --charset= --filelimit= -q -N -Q -p -u -g -s -h --si --du -D --timefmt= -F --inodes --device -v -t -c -U -r --dirsfirst
    --filesfirst --sort= -i -A -S -n -C -X -J -T= --nolinks --fromfile --fromtabfile --hyperlink --scheme= --authority= --condense -H= --hintro= --houtro=`,
  unsafe: { '-o= -R': WRITES },
  abbreviations: false,
});

const XXD = spec({
  safe: `-a -autoskip -b -bits -C -capitalize -E -EBCDIC -e -i -include -u -uppercase -d -p -ps -postscript -plain -h -help -v -version
    -c= -cols= -g= -groupsize= -l= -len= -n= -name= -o= -offset= -s= -seek=`,
  unsafe: { '-r -revert': 'converts a dump back to binary (patches its output file)' },
  singleDashLong: true,
  check: atMostOperands(1, 'xxd INPUT OUTPUT writes OUTPUT'),
});

const HEXDUMP = spec({
  safe: `-h|--help -V|--version -b|--one-byte-octal -c|--one-byte-char -C|--canonical -d|--two-bytes-decimal -o|--two-bytes-octal
    -x|--two-bytes-hex -L|--color[=] -e=|--format= -f=|--format-file= -n=|--length= -s=|--skip= -v|--no-squeezing -X|--one-byte-hex`,
});

const STRINGS = spec({
  safe: `-h|--help -v|-V|--version -a|--all -d|--data -f|--print-file-name -n=|--bytes= -t=|--radix= -o -e=|--encoding= -T=|--target=
    -w|--include-all-whitespace -s=|--output-separator= -U=|--unicode= --unicode=`,
  numericOption: true,
});

const COLUMN = spec({
  safe: `-h|--help -V|--version -J|--json -c=|--output-width= -d|--table-noheadings -o=|--output-separator= -s=|--separator= -t|--table
    -C=|--table-column= -N=|--table-columns= -l=|--table-columns-limit= -R=|--table-right= -T=|--table-truncate= -E=|--table-noextreme
    -W=|--table-wrap= -H=|--table-hide= -O=|--table-order= -n=|--table-name= -L|--keep-empty-lines -r=|--tree= -i=|--tree-id=
    -p=|--tree-parent= -x|--fillrows -e|--table-header-repeat`,
});

// printenv NAME prints one variable: read-only unless the name looks like it holds a secret; without a
// name it prints every variable (tokens included).
const PRINTENV = spec({
  safe: `${GNU_INFO} -0|--null`,
  check: (parsed) => {
    if (parsed.operands.length === 0) return 'printenv without a name prints every variable, tokens included';
    const secret = parsed.operands.find(secretLookingName);
    return secret ? `printenv ${secret} may print a secret` : undefined;
  },
});

// ps: BSD-style `e` shows every process's environment.
const PS = {
  ...DATA_ONLY,
  check: (parsed: ParsedArgs, args: readonly string[]): string | undefined =>
    args.some((arg) => (!arg.startsWith('-') && /^[a-zA-Z]+$/.test(arg) && arg.includes('e')) || /^-[A-Za-z]*E/.test(arg) || arg === '--environment')
      ? 'ps e shows the environment of processes (tokens included)'
      : undefined,
};

export const TEXT: Readonly<Record<string, ProgramSpec>> = {
  grep: GREP, egrep: GREP, fgrep: GREP, rg: RG, diff: DIFF, less: LESS, file: FILE, jq: JQ, yq: YQ, tree: TREE, xxd: XXD, hexdump: HEXDUMP,
  strings: STRINGS, column: COLUMN, printenv: PRINTENV, ps: PS,
  more: spec({ safe: '-d|--silent -f|--logical -l|--no-pause -c|--print-over -p|--clean-print -s|--squeeze -u|--plain -n=|--lines= -h|--help -V|--version -e|--exit-on-eof', numericOption: true, check: (parsed) => (parsed.operands.some((x) => x.startsWith('+')) ? 'more +cmd runs commands' : undefined) }),
  // Their arguments are only printed, compared or looked up: no spelling can make them write or run a program.
  echo: DATA_ONLY, printf: DATA_ONLY, true: DATA_ONLY, false: DATA_ONLY, test: DATA_ONLY, '[': DATA_ONLY, expr: DATA_ONLY, seq: DATA_ONLY,
  which: DATA_ONLY, whereis: DATA_ONLY, type: DATA_ONLY, pgrep: DATA_ONLY, locale: DATA_ONLY, getconf: DATA_ONLY, lscpu: DATA_ONLY,
  lsb_release: DATA_ONLY, lsblk: DATA_ONLY,
};
