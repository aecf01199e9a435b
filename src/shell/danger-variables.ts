// Variables that change which program runs or what it reads before it starts: search paths, preloads,
// startup files (make's MAKEFILES: read before every makefile), interpreters' option variables, git's and XDG's config locations, the home folder (git,
// ssh and most tools read their config from $HOME), word splitting. Setting one (`PATH=.:$PATH; ls`,
// `HOME=. git diff`, `export LD_PRELOAD=x`) is never read-only and needs a person.
export const HIJACK_VARIABLE = /^(?:[A-Z_]*PATH|HOME|LD_[A-Z_]+|DYLD_[A-Z_]+|GIT_[A-Z_]+|XDG_[A-Z_]+|BASH_ENV|ENV|BASHOPTS|SHELLOPTS|PROMPT_COMMAND|PS4|IFS|GLOBIGNORE|PYTHON[A-Z_]*|PERL5[A-Z_]*|PERLLIB|RUBY[A-Z_]*|GEM_[A-Z_]+|NODE_OPTIONS|NODE_PATH|NPM_CONFIG_[A-Z_]+|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|EDITOR|VISUAL|PAGER|GIT_PAGER|LESSOPEN|LESSCLOSE|MANPAGER|SSH_ASKPASS|TMPDIR|MAKEFILES)$/;

export function isHijackVariable(name: string): boolean {
  // `PATH[0]=.` assigns PATH too; npm and pnpm read `npm_config_*` in any case (npm_config_script_shell).
  const base = name.replace(/\[.*$/, '');
  return HIJACK_VARIABLE.test(base) || /^npm_config_/i.test(base);
}

// Variables a POSIX shell, bash, ksh or zsh reads from its environment (their manuals' "Shell Variables"): where
// `cd` searches (CDPATH), code it runs or expands (PS0-PS4 under `set -x`, PROMPT_COMMAND, ENV, BASH_ENV), word
// splitting and globbing (IFS, GLOBIGNORE), files it writes (HISTFILE) or descriptors it traces to (BASH_XTRACEFD),
// its options (SHELLOPTS, BASHOPTS, POSIXLY_CORRECT), TMOUT, and every variable that changes what a program runs
// (HIJACK_VARIABLE). A name outside it is inert to the shell (red team R33-5: a Makefile exporting one to its
// recipes). Locale and terminal names are left out: the shell reads them for messages only.
const SHELL_READS = /^(?:BASH\w*|CDPATH|ENV|PS\d|PROMPT_\w+|HIST\w*|TMOUT|FIGNORE|FCEDIT|EXECIGNORE|INPUTRC|MAIL\w*|FPATH|ZDOTDIR|ZSH_\w+|KSH_\w+|POSIXLY_CORRECT|POSIX_PEDANTIC|IFS|GLOBIGNORE|GLOBSORT|SHELLOPTS|BASHOPTS|OPT(?:IND|ARG|ERR)|COMP_\w+|FUNCNEST|TIMEFORMAT|HOSTFILE|PWD|OLDPWD|SHLVL|auto_resume|histchars|READLINE_\w+|EMACS|INSIDE_EMACS)$/;

export function shellReadsVariable(name: string): boolean {
  return SHELL_READS.test(name) || isHijackVariable(name);
}
