import type { ShellParse, SimpleCommand } from './parse-types.js';

// Who may write a repository's git folder from the sandbox (red team round 12, R12-21). The objects,
// refs, reflogs and index are content the person's next `git checkout`, `git reset --hard HEAD@{1}` or
// `git push` turns into work-tree files, and no after-run comparison can vouch for all of it (a loose
// object rewritten in place, a reflog line, a remote-tracking ref, an index too big to compare). So the
// rule is by construction: a sandboxed line gets the git folder read-only unless git itself is the only
// program it runs, through subcommands that write history from the work tree's own content, with no
// option that names a program, a configuration or a file to write. Such a run is still checked after
// it (git-state.ts). Everything else (a build, a script, `npm test && git commit`) sees git's folder
// read-only; the warning says to run the git part as a line of its own.

// Subcommands a person commits, branches and syncs with; their objects come from the work tree, the
// existing objects or the configured remotes (no plumbing: hash-object, update-ref, fast-import ...).
const WRITERS = new Set(['add', 'commit', 'stash', 'mv', 'rm', 'branch', 'tag', 'checkout', 'switch', 'restore', 'reset', 'merge', 'rebase', 'cherry-pick', 'revert', 'fetch', 'pull', 'push', 'status', 'diff', 'log', 'show']);

// Remote-talking subcommands: only configured remote names (no URL, path or refspec that could point a
// remote-tracking ref at someone else's commit) and no dynamic word.
const REMOTE = new Set(['fetch', 'pull', 'push']);

// git's merge strategies built in (`-s NAME` runs `git-merge-NAME` from the PATH otherwise).
const STRATEGIES = new Set(['ort', 'recursive', 'resolve', 'octopus', 'ours', 'subtree']);

// Long options (git reads any unique prefix) that run a program or write a file of the caller's choice.
const PROGRAM_OPTIONS = ['--upload-pack', '--receive-pack', '--exec', '--output', '--output-directory', '--ext-diff', '--textconv', '--config', '--recurse-submodules', '--interactive', '--edit-todo'];

// Subcommands whose words may be only known at run time (a commit message from `$(cat <<EOF …)`): none of
// their options runs a program or writes a file of the caller's choice.
const DYNAMIC_OK = new Set(['add', 'commit', 'stash', 'mv', 'rm', 'branch', 'tag', 'checkout', 'switch', 'restore', 'reset', 'status']);

// Options before the subcommand that change nothing about where git writes or what it runs.
const GLOBAL_PLAIN = new Set(['--no-pager', '-P', '--no-optional-locks', '--no-replace-objects', '--literal-pathspecs', '--no-advice']);

// `git -c KEY=VALUE` keys that name no program, file or hook (identity, signing off, colours): the usual
// `git -c user.name=… -c user.email=… commit` of a machine without a configured identity.
const PLAIN_CONFIG = /^(?:user\.(?:name|email)|author\.(?:name|email)|committer\.(?:name|email)|commit\.gpgsign|tag\.gpgsign|color\.[\w.]+|advice\.\w+|core\.quotepath|pull\.(?:rebase|ff)|merge\.ff|init\.defaultbranch)=/i;

function namesProgramOption(arg: string): boolean {
  if (!arg.startsWith('--') || arg === '--') return false;
  const name = arg.split('=')[0]!;
  return name.length >= 4 && PROGRAM_OPTIONS.some((option) => option.startsWith(name));
}

// Why this git call may not write the git folder; undefined when it may.
function gitWriteProblem(command: SimpleCommand): string | undefined {
  if (command.name !== 'git' || command.wrappers.length > 0 || command.viaShell || command.stdinScript || command.pipedProgram) return 'not git alone';
  // `./git`, `bin/git`: a program of that name, not the system's git (red team R13-2).
  if (command.rawName !== 'git') return `${command.rawName ?? 'git'} is not the system's git`;
  // `GIT_DIR=… git`, `GIT_CONFIG_COUNT=… git`: the environment prefix is part of the command's text only.
  if (!command.text.trimStart().startsWith(command.words[0]?.text ?? '\0')) return 'git with variables set before it';
  const words = command.words.slice(1);
  let at = 0;
  for (; at < words.length; at++) {
    const word = words[at]!;
    if (word.dynamic) return 'a global option only known at run time';
    if (word.value === '-c') {
      const setting = words[at + 1];
      if (setting?.dynamic !== false || !PLAIN_CONFIG.test(setting.value)) return `git -c ${setting?.value.split('=')[0] ?? ''}`;
      at++;
      continue;
    }
    if (word.value === '-C') {
      if (words[at + 1]?.dynamic !== false) return 'git -C needs a fixed folder';
      at++;
      continue;
    }
    if (!word.value.startsWith('-')) break;
    if (!GLOBAL_PLAIN.has(word.value)) return `git ${word.value}`;
  }
  const sub = words[at];
  if (!sub || sub.dynamic || !WRITERS.has(sub.value)) return `git ${sub?.value ?? ''} is not a history command`;
  const args = words.slice(at + 1);
  const end = args.findIndex((arg) => arg.value === '--' && !arg.dynamic);
  const options = end < 0 ? args : args.slice(0, end);
  for (const [index, arg] of options.entries()) {
    if (arg.dynamic && !DYNAMIC_OK.has(sub.value)) return `a word of git ${sub.value} only known at run time`;
    if (namesProgramOption(arg.value)) return `git ${sub.value} ${arg.value.split('=')[0]}`;
    // --strategy=NAME / --strategy NAME: built-in strategies only.
    const long = arg.value.split('=')[0]!;
    if (long.length >= 5 && '--strategy'.startsWith(long)) {
      const strategy = arg.value.includes('=') ? arg.value.slice(arg.value.indexOf('=') + 1) : options[index + 1]?.value;
      if (!strategy || !STRATEGIES.has(strategy)) return `git ${sub.value} --strategy ${strategy ?? ''}`;
    }
    // Short options that run or write: rebase -x CMD / -i; -s STRATEGY; log/diff -o is not an option
    // there, but format-patch is not listed at all.
    if (/^-[a-zA-Z]+/.test(arg.value) && !arg.value.startsWith('--')) {
      const letters = arg.value.slice(1);
      if (sub.value === 'rebase' && /[xi]/.test(letters)) return `git rebase ${arg.value}`;
      if (letters.endsWith('s') && ['merge', 'pull', 'rebase', 'cherry-pick', 'revert'].includes(sub.value)) {
        const strategy = letters.length > 1 && letters.indexOf('s') < letters.length - 1 ? letters.slice(letters.indexOf('s') + 1) : options[index + 1]?.value;
        if (!strategy || !STRATEGIES.has(strategy)) return `git ${sub.value} -s ${strategy ?? ''}`;
      }
    }
    if (REMOTE.has(sub.value) && !arg.value.startsWith('-') && !/^[A-Za-z0-9_][\w.-]*$/.test(arg.value)) return `git ${sub.value} ${arg.value}: only a configured remote's name`;
  }
  return undefined;
}

// Why the line may not write git's folder from the sandbox; undefined when it may.
export function gitWriteRefusal(parse: ShellParse): string | undefined {
  if (!parse.ok) return 'the line could not be read whole';
  if ((parse.alternatives?.length ?? 0) > 0) return 'the line reads two ways';
  if (parse.functions.length > 0 || (parse.assignments?.length ?? 0) > 0 || (parse.arithmetic?.length ?? 0) > 0) return 'the line defines functions or variables';
  if (parse.commands.length === 0) return 'no command';
  for (const command of parse.commands) {
    // `$(cat <<'EOF' … EOF)`, the usual way to pass a commit message: a substitution that only prints.
    if (command.substituted && ((command.name === 'cat' && command.args.length === 0) || command.name === 'printf' || command.name === 'echo')) continue;
    const problem = gitWriteProblem(command);
    if (problem) return problem === 'not git alone' ? `it runs ${command.name ?? 'a program only known at run time'}, not git alone` : problem;
  }
  // Redirections write files of the line's choosing (`git log --format=… > .git/logs/HEAD`).
  if (parse.redirections.some((each) => each.writes && !each.duplicate && each.target !== '/dev/null')) return 'the line redirects output into a file';
  return undefined;
}

// A cheap test before any parse: a line that never says `git` runs no git of its own.
export const mentionsGit = (line: string): boolean => /\bgit\b/.test(line);
