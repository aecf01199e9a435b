// fed21: the hook walk's own shell tokenizer (hook-fed-lex.ts: the walk is synchronous, the tree-sitter parse is
// loaded asynchronously) read against the exec gate's parse (src/shell/parse.ts, tree-sitter-bash): for each hook
// line, the static words of every plain simple command (no wrapper, not in a substitution) are the same in both,
// and a line the gate's parse reads whole is never one the tokenizer leaves unclosed. A difference here is a place
// where the hook walk and the program (bash) read a line apart.
import { afterAll, describe, expect, it } from 'vitest';
import { lex, type Token } from '../../src/permissions/hook-fed-lex.js';
import { braced, type Fed } from '../../src/permissions/hook-fed-words.js';
import { ShellParser } from '../../src/shell/parse.js';
// The hook walk lexes each line as long-canon-text.ts spells it (one option a word), as the gate's parse reads it.
import { canonicalLongText } from '../../src/shell/long-canon-text.js';

const parser = new ShellParser({ plainWords: false });
afterAll(() => parser.dispose());

const OPS = new Set([';', '&&', '||', '|', '|&', '&', '(', ')', '\n', ';;']);
const REDIRECTS = new Set(['<', '>', '>>', '&>', '&>>', '>|', '<>', '<&', '>&', '<<<']);
const KEYWORDS = new Set(['!', 'if', 'then', 'else', 'elif', 'while', 'until', 'do', '{', 'fi', 'done', '}']);

// The tokenizer's commands: words between command operators, redirections and leading assignments and keywords
// left out; a dynamic word as null.
function lexCommands(line: string): (string | null)[][] {
  const { tokens, broken } = lex(canonicalLongText(line));
  expect(broken, line).toBe(false);
  const fed: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  const commands: (string | null)[][] = [];
  let words: Extract<Token, { kind: 'word' }>[] = [];
  const finish = (): void => {
    const from = words.findIndex((word) => !KEYWORDS.has(word.value) && (/^[A-Za-z_]\w*\+?=/.exec(word.value)?.[0].length ?? Infinity) > word.plain);
    if (from >= 0) commands.push(words.slice(from).filter((word, at) => at === 0 || !KEYWORDS.has(word.value) || word.quoted).map((word) => (word.dynamic ? null : word.value)));
    words = [];
  };
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (token.kind === 'word') words.push(...braced(fed, token));
    else if (REDIRECTS.has(token.op)) at++;
    else if (OPS.has(token.op)) finish();
  }
  finish();
  return commands.filter((command) => command.length > 0);
}

async function gateCommands(line: string): Promise<(string | null)[][]> {
  const parse = await parser.parseShell(line);
  expect(parse.ok, `${line}: ${parse.errors.join('; ')}`).toBe(true);
  return parse.commands.filter((command) => command.depth === 0 && command.wrappers.length === 0 && command.substituted !== true && command.words.length > 0).map((command) => command.words.map((word) => (word.dynamic ? null : word.value)));
}

describe('hook lines: the tokenizer reads the words bash reads', () => {
  it.each([
    'node scripts/build.js',
    "sh -s < scripts/ci",
    'cat scripts/ci | sh',
    'cd tools && node x',
    '(cd tools && node x)',
    'pushd tools; node x; popd',
    'if true; then node tools/x; fi',
    'CI=1 FOO="a b" npm test -- --run',
    'node "tools/a b.js" \'c d\' e\\ f',
    'echo "checking\nthe build"',
    "printf '%s\\n' 'one\ntwo'",
    'MSG="line one\n  line two"',
    'vitest run 2>&1 | tee out.log',
    '"FOO=1" x; F\\OO=1 y; FOO="$(pwd)" z',
    'test -f x && ./x || echo no',
    'node x.js # a comment',
    'echo a#b "#c"',
    'node $(echo tools/x)',
    'git diff --cached --name-only | grep -q "\\.ts$" && npm run lint',
    'while read -r f; do node "$f"; done < list.txt',
    'echo "$(cat a)" > out',
    'FOO=bar',
    'exec 3>&1',
    'node x.js &',
    'a && { b; c; }',
    'node x.js;# comment',
    'node "x"\'y\'z',
    'echo {a,b}',
    'node x 2>/dev/null >&2; node y &>log; node z <<< "text"',
    '\\node x; n\\ode y; "node" z',
    'node x\\;y; echo a\\ #b; echo \'#\'x',
    '{ node x; }; node x & node y',
    'node x |& tee log',
    'echo $((1+2)) ${x:-"a b"} "${y:-}"',
    'echo a;b&&c||d|e',
    'node x>out',
    'node 2x 3>out',
    'echo a=b c=d',
    "echo 'a\\' b",
    // Red team R21-2 / R21-12 (fed22): the spellings bash reads differently from a plain tokenizer.
    "node $'tools/x'",
    "node $'tools/\\x78\\t'",
    'node tools/{x,y}',
    'cd -P tools && node x',
    'exec 3<scripts/ci; sh <&3',
    'perl -Itools -Mx -e 1',
    'python3 -c "exec(open(\'tools/x\').read())"',
    "printf '%s' tools/x | xargs -I{} node {}",
    'node tools/*.js tools/?.js',
  ])('%j', async (line) => {
    expect(lexCommands(line)).toEqual(await gateCommands(line));
  });
});

// Read apart, on the safe side: the tokenizer reads a compound command's head (`case $x in a`, `for f in a b`,
// `[[ -f x ]]`, an array's `a=(`) as one more command, which hook-fed.ts steps over (its ENDS and KEYWORDS, or a
// program name that runs nothing); every command bash runs is still among its commands, with the same words.
describe('hook lines whose compound heads the tokenizer reads as commands', () => {
  it.each([
    'case $x in a) node a.js;; esac',
    'for f in a b; do node "$f"; done',
    '[[ -f x ]] && node x',
    'a=(1 2 3); node "${a[0]}"',
    'select f in a b; do node "$f"; done',
  ])('%j', async (line) => {
    const read = lexCommands(line).map((command) => JSON.stringify(command));
    for (const command of await gateCommands(line)) expect(read, line).toContain(JSON.stringify(command));
  });
});
