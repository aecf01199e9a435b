// find (and fd) deleting everything under a catastrophic start point: `find ~ -delete`,
// `find / -name '*' -delete`, `find ~ -type f -exec rm {} +`, `find ~ -name x -o -delete`,
// `find ~ ! -name '*.pyc' -delete`. The expression is parsed the way find evaluates it (-a binds tighter
// than -o, `!` negates, parentheses group), and a deleting action counts as restricted only when a test
// that really narrows the match (`-name '*.pyc'`, `-mtime +30`, not `-name '*'`, `-type f` or `-user me`)
// guards it on its own branch. Writes through `-fprint` into system files are caught too.
import { catastrophicPath, isBlockDevice, isCriticalFile, systemWriteArea, type PathContext } from './danger-paths.js';
import { programDeletes } from './danger-inline.js';
import type { Hit, RuleInput } from './danger-types.js';
import { inlineProgram } from './parse-inline.js';
import { SHELLS } from './parse-wrappers.js';

const UNKNOWN = '\u0000';

// Primaries and how many arguments they take.
const ARGS: Readonly<Record<string, number>> = {
  '-maxdepth': 1, '-mindepth': 1, '-regextype': 1, '-name': 1, '-iname': 1, '-path': 1, '-ipath': 1, '-wholename': 1, '-iwholename': 1,
  '-regex': 1, '-iregex': 1, '-lname': 1, '-ilname': 1, '-type': 1, '-xtype': 1, '-user': 1, '-group': 1, '-uid': 1, '-gid': 1, '-perm': 1,
  '-size': 1, '-mtime': 1, '-mmin': 1, '-atime': 1, '-amin': 1, '-ctime': 1, '-cmin': 1, '-newer': 1, '-anewer': 1, '-cnewer': 1,
  '-samefile': 1, '-inum': 1, '-links': 1, '-fstype': 1, '-used': 1, '-context': 1, '-printf': 1, '-fprint': 1, '-fprint0': 1, '-fls': 1, '-fprintf': 2,
};
// Tests that match (nearly) every file a user can delete: they do not narrow what an action hits.
const BROAD = new Set(['-type', '-xtype', '-user', '-group', '-uid', '-gid', '-perm', '-readable', '-writable', '-executable', '-nouser', '-nogroup', '-fstype', '-context', '-true', '-depth', '-d', '-maxdepth', '-mindepth', '-xdev', '-mount', '-follow', '-noleaf', '-ignore_readdir_race', '-noignore_readdir_race', '-regextype', '-daystart', '-warn', '-nowarn', '-print', '-print0', '-printf', '-ls', '-prune', '-quit', '-used']);
const NAME_TESTS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-lname', '-ilname']);
const DAY_TESTS = new Set(['-mtime', '-atime', '-ctime']);
const MINUTE_TESTS = new Set(['-mmin', '-amin', '-cmin']);
const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITE_ACTIONS = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
const DELETERS = new Set(['rm', 'unlink', 'shred', 'rmdir', 'srm', 'trash', 'trash-put', 'gio', 'wipe', 'mv', 'truncate']);
// Wrappers an -exec command may sit behind (with how many arguments they take before the command).
const EXEC_WRAPPERS: Readonly<Record<string, number>> = { sudo: 0, doas: 0, env: 0, nice: 0, nohup: 0, command: 0, busybox: 0, ionice: 0, stdbuf: 0, timeout: 1, xargs: 0 };

// Does this test narrow the files it lets through (so an action after it does not hit everything)?
function narrows(primary: string, value: string | undefined): boolean {
  if (BROAD.has(primary)) return false;
  if (value === undefined) return primary === '-false' || primary === '-empty';
  if (value.includes(UNKNOWN)) return false;
  // `*`, `.*`, `[!.]*`, `*.*`: a bracket expression counts as one any-character.
  if (NAME_TESTS.has(primary)) return !/^[*?/.~]*$/.test(value.replace(/\[!?\^?\]?[^\]]*\]/g, '?'));
  if (primary === '-regex' || primary === '-iregex') return !/^(?:\.\*|\.\+|\^?\.\*\$?|)$/.test(value);
  const number = /^([+-]?)(\d+)([a-zA-Z]?)$/.exec(value);
  if (DAY_TESTS.has(primary) && number) return !((number[1] === '+' && Number(number[2]) === 0) || (number[1] === '-' && Number(number[2]) >= 3650));
  if (MINUTE_TESTS.has(primary) && number) return !((number[1] === '+' && Number(number[2]) < 1440) || (number[1] === '-' && Number(number[2]) >= 5_256_000));
  if (primary === '-size' && number) return !((number[1] === '+' && Number(number[2]) === 0) || (number[1] === '-' && /[GT]/i.test(number[3]!)));
  return true;
}

// The program an -exec runs, behind sudo / env / timeout ..., and whether it deletes what it is given.
function execDeletes(argv: readonly string[]): boolean {
  let i = 0;
  while (i < argv.length) {
    const name = (argv[i] ?? '').replace(/^.*\//, '');
    const skip = Object.hasOwn(EXEC_WRAPPERS, name) ? EXEC_WRAPPERS[name]! : undefined;
    if (skip === undefined) break;
    i++;
    while (i < argv.length && (argv[i]!.startsWith('-') || /^[A-Za-z_]\w*=/.test(argv[i]!))) i++;
    i += skip;
  }
  const name = (argv[i] ?? '').replace(/^.*\//, '').toLowerCase();
  if (DELETERS.has(name)) return true;
  const rest = argv.slice(i + 1);
  if (SHELLS.has(name)) return rest.some((part) => /(?:^|[\s;&|(`])(?:rm|unlink|shred|rmdir|mv|truncate|srm)\s/.test(part));
  const program = inlineProgram(name, [{ value: name, dynamic: false }, ...rest.map((value) => ({ value, dynamic: false }))]);
  return program !== undefined && programDeletes(program);
}

interface Walk {
  readonly tokens: readonly string[];
  i: number;
  // A deleting action reached with no narrowing test before it on its branch.
  unguarded: string | undefined;
  // `-fprint /etc/passwd`: a system file written.
  written: string | undefined;
}

// Parses `expr` and reports whether it, as a test, narrows the match. `guarded`: an earlier test on this
// branch already narrows it.
function orExpression(walk: Walk, guarded: boolean): boolean {
  let narrow = andExpression(walk, guarded);
  while (walk.i < walk.tokens.length) {
    const token = walk.tokens[walk.i]!;
    if (token === '-o' || token === '-or') {
      walk.i++;
      // The right side runs for everything the left side did not match.
      narrow = andExpression(walk, guarded) && narrow;
    } else if (token === ',') {
      walk.i++;
      narrow = andExpression(walk, guarded);
    } else break;
  }
  return narrow;
}

function andExpression(walk: Walk, guarded: boolean): boolean {
  let narrow = false;
  while (walk.i < walk.tokens.length) {
    const token = walk.tokens[walk.i]!;
    if (token === '-o' || token === '-or' || token === ',' || token === ')') break;
    if (token === '-a' || token === '-and') {
      walk.i++;
      continue;
    }
    if (unary(walk, guarded || narrow)) narrow = true;
  }
  return narrow;
}

function unary(walk: Walk, guarded: boolean): boolean {
  const token = walk.tokens[walk.i++]!;
  if (token === '!' || token === '-not') {
    // A negated test matches what the test did not: never counted as narrowing.
    if (walk.i < walk.tokens.length) unary(walk, guarded);
    return false;
  }
  if (token === '(') {
    const narrow = orExpression(walk, guarded);
    if (walk.tokens[walk.i] === ')') walk.i++;
    return narrow;
  }
  if (token === '-delete') {
    if (!guarded) walk.unguarded ??= '-delete';
    return false;
  }
  if (EXEC_ACTIONS.has(token)) {
    const start = walk.i;
    while (walk.i < walk.tokens.length && walk.tokens[walk.i] !== ';' && !(walk.tokens[walk.i] === '+' && walk.tokens[walk.i - 1] === '{}')) walk.i++;
    const argv = walk.tokens.slice(start, walk.i);
    walk.i++;
    if (!guarded && execDeletes(argv)) walk.unguarded ??= `${token} ${argv.join(' ')}`;
    return false;
  }
  if (WRITE_ACTIONS.has(token)) {
    const target = walk.tokens[walk.i] ?? '';
    walk.i += ARGS[token]!;
    if (isBlockDevice(target) || isCriticalFile(target) || systemWriteArea(target)) walk.written ??= target;
    return false;
  }
  const count = ARGS[token] ?? 0;
  const value = count > 0 ? walk.tokens[walk.i] : undefined;
  walk.i += count;
  return narrows(token, value);
}

export function find({ words, context }: RuleInput): Hit | undefined {
  const tokens = words.map((word) => word.candidates[0] ?? UNKNOWN);
  let i = 0;
  while (i < tokens.length && /^-(?:[HLP]|D|O\d*)$/.test(tokens[i]!)) i += tokens[i] === '-D' ? 2 : 1;
  const starts: string[] = [];
  while (i < tokens.length && !/^[-(!,]/.test(tokens[i]!)) starts.push(tokens[i++]!);
  if (starts.length === 0) starts.push('.');
  const walk: Walk = { tokens, i, unguarded: undefined, written: undefined };
  while (walk.i < tokens.length) {
    orExpression(walk, false);
    // A stray `)`: skip it and go on.
    if (walk.i < tokens.length) walk.i++;
  }
  if (walk.written) return { rule: 'find-write-system', reason: `find -fprint overwriting ${walk.written}` };
  if (!walk.unguarded) return undefined;
  return startHit(starts, context, walk.unguarded);
}

function startHit(starts: readonly string[], context: PathContext, action: string): Hit | undefined {
  for (const start of starts) {
    const hit = catastrophicPath(start, context, true);
    if (hit) return { rule: 'find-delete-catastrophic', reason: `find deleting everything under ${hit.description} (${action}, no test narrows it)` };
  }
  return undefined;
}

const FD_NARROWING = /^(?:-e|--extension|-S|--size|--changed-within|--changed-before|--newer|--older)$/;
const FD_VALUED = /^(?:-[edtETcjSo]|--(?:extension|type|exclude|max-depth|min-depth|exact-depth|size|changed-within|changed-before|newer|older|owner|color|threads|max-results|base-directory|search-path|path-separator|ignore-file|format|batch-size))$/;

// fd [pattern] [path...] -x/-X CMD: a match-all pattern under a catastrophic path with a deleting command.
export function fd({ words, context }: RuleInput): Hit | undefined {
  const tokens = words.map((word) => word.candidates[0] ?? UNKNOWN);
  const positional: string[] = [];
  let narrowed = false;
  let action: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (/^(?:-x|-X|--exec|--exec-batch)$/.test(token)) {
      const argv: string[] = [];
      while (i + 1 < tokens.length && tokens[i + 1] !== ';') argv.push(tokens[++i]!);
      if (execDeletes(argv)) action ??= `${token} ${argv.join(' ')}`;
      continue;
    }
    if (FD_NARROWING.test(token)) narrowed = true;
    if (FD_VALUED.test(token)) {
      i++;
      continue;
    }
    if (token.startsWith('-')) continue;
    positional.push(token);
  }
  if (!action) return undefined;
  const pattern = positional[0] ?? '';
  if (narrowed || !/^(?:|\.|\^|\.\*|\^\.\*\$?|\*)$/.test(pattern)) return undefined;
  return startHit(positional.length > 1 ? positional.slice(1) : ['.'], context, action);
}
