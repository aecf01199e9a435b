// Help for the CLI's entry points that are not engine commands (`codeward policy --help`, ...). The
// agent and worker doors answer --help themselves.
export const ENTRY_HELP: Readonly<Record<string, string>> = {
  policy: `codeward policy list | check '<call>' | forget [N | '<pattern>'] — the permission rules, the decision for one call, and taking back a remembered answer

Subcommands:
  list                  the effective rules, strongest first, each with its source (cli, user or project
                        file, default); problems in policy files are listed after them
  check '<call>'        the decision (allow, ask, deny) for one call and the rule, source or safety-immune
                        pattern that decided it; the call is ChatCLI's form ('@coder exec npm test'),
                        CLI words (exec --cmd 'npm test') or a JSON call ({"cmd":"exec","args":{...}});
                        "outcome" says what running it now would do (--yes and --session are taken into account)
  forget [N | '<pattern>']
                        without an argument, lists the "always"/"never" answers remembered for this workspace;
                        with its number or pattern, takes that answer back (the next such call asks again)

Flags: the global options (-C DIR, --json, --session ID, --allow/--ask/--deny P, --yes, --allow-unsafe).
--json: list gives {rules, files, problems}; check gives {decision, reason, source, rule?, immune?, judged, outcome}.

Examples:
  codeward policy list
  codeward policy check '@coder exec rm -rf dist'
  codeward policy forget 2
  codeward --json --deny '@coder exec git push*' policy check 'exec --cmd "git push origin main"'`,
  doctor: `codeward doctor — what protects this workspace, in one screen

Prints the workspace root, the OS sandbox (backend, mode, network, what is writable, read-only and hidden),
the permission gate (rules and the policy files they come from), the trust state of the project's policy
and config files, the danger check and the hidden-files globs. Changes nothing.

Flags: the global options; -C DIR picks the workspace, --sandbox MODE and --sandbox-network show their
effect, --json prints {ok, cmd: "doctor", data}.

Examples:
  codeward doctor
  codeward -C ../other --json doctor`,
  trust: `codeward trust [--revoke | --list] — trust this workspace's policy and config files as they are now

Until trusted, a project's .codeward/ and coder_policy.json files can only tighten (deny and ask rules,
more hidden files, a narrower sandbox). "trust" records their digests in ~/.codeward/trust.json; any later
change to them revokes the trust. Your own deny rules in ~/.codeward/ always win.

Flags:
  --revoke              forget the trust for this workspace
  --list                the trusted workspaces
  (and the global options: -C DIR, --json)`,
  mcp: `codeward mcp [--http PORT [--token-file FILE]] [--max-result-bytes N] — every command as an MCP tool

Serves the engine's commands as MCP tools: over stdio by default (for a client that starts codeward itself),
or with --http over Streamable HTTP on 127.0.0.1 only.

Flags:
  --http PORT           serve over HTTP on 127.0.0.1:PORT (0 picks a free port). Every request needs the bearer
                        token: from --token-file, else $CODEWARD_MCP_TOKEN, else a new one printed on stderr
                        at start (and kept in a 0600 file outside the workspace until the server stops)
  --token-file FILE     read the bearer token from the first line of FILE (chmod 600 it)
  --max-result-bytes N  cap each tool result at N bytes (default 100000; 0: no cap; at least 4096)
  (and the global options: -C DIR, --allow/--ask/--deny P, --yes, --sandbox MODE, ...)

Approvals: a client that supports elicitation is asked; otherwise an "ask" is refused (C241) unless --yes.

Examples:
  codeward -C ~/src/app mcp
  codeward mcp --http 8765 --token-file ~/.codeward/mcp-token`,
  serve: `codeward serve [--idle-minutes N] — keep a warm engine for this workspace (-C DIR) and user

Later calls of the same user in the same workspace (the CLI, the ChatCLI plugin wrapper) hand themselves
to it over a private unix socket ($XDG_RUNTIME_DIR/codeward, else ~/.cache/codeward/serve: a 0700 folder
of this user, the socket 0600) instead of loading codeward again; without a server they run in their own
process as before. Each call is answered as a cold process would answer it: with its own arguments,
environment, folder and umask, and the policy, trust and config files read again. Calls at a terminal,
calls that read stdin (codeward -) and CODEWARD_NO_SERVE=1 always run in their own process.
Use it for call-heavy doors (a model calling @coder hundreds of times); an agent or MCP session keeps
one engine anyway. It stops after N minutes without a call (default 10), or on SIGINT/SIGTERM.

Examples:
  codeward serve &
  codeward -C ~/src/app serve --idle-minutes 30`,
  completion: `codeward completion bash|zsh|fish — print a shell completion script

The script completes the command names, each command's flags, the entry points and the global options,
all taken from the command registry of this version.

Install:
  bash:  codeward completion bash > ~/.local/share/bash-completion/completions/codeward
         (or: source <(codeward completion bash) in ~/.bashrc)
  zsh:   codeward completion zsh > "\${fpath[1]}/_codeward"   (then: autoload -U compinit && compinit)
  fish:  codeward completion fish > ~/.config/fish/completions/codeward.fish`,
};

// The entry points `codeward help <name>` and `codeward <name> --help` know, beyond the engine's commands.
export const ENTRY_POINTS: readonly string[] = ['agent', 'policy', 'doctor', 'trust', 'mcp', 'serve', 'worker', 'completion', 'help'];
