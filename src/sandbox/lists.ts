import { OBEYED_NAMES } from '../permissions/obeyed.js';

// Nothing a sandboxed process writes may be obeyed later outside the sandbox (THREAT-MODEL invariant 2).
// In the workspace, read-only for sandboxed processes, existing or not:
// - folders (read-only when they exist; a missing one a process creates is moved aside after the run,
//   planted.ts, so no empty mount point is left behind): codeward's and ChatCLI's settings, policies,
//   custom agents and personas (`.codeward/agents`), rules;
export const PROTECTED_IN_WORKSPACE: readonly string[] = ['.codeward', '.chatcli'];
// - folders of other tools that run what they hold (editor tasks and interpreters, other agents' hooks,
//   dev container commands): read-only when they exist, watched when missing (no empty folder left);
// - files (read-only when they exist; one created by a sandboxed process is moved aside after the run,
//   since an empty placeholder would itself be obeyed): the ChatCLI policy file and the context files
//   a later agent takes as instructions (src/agent/prompt/context-files.ts).
export const OTHER_TOOLS_IN_WORKSPACE: readonly string[] = ['.vscode', '.idea', '.claude', '.cursor', '.zed', '.devcontainer', '.gemini', '.continue', '.husky'];
// Every other name of the write gate's catalogue (src/permissions/obeyed.ts) at the root; the same names
// at any depth are found by a walk before and after the run (obeyed-scan.ts).
export const PROTECTED_FILES_IN_WORKSPACE: readonly string[] = OBEYED_NAMES.filter((name) => name !== '.git' && !PROTECTED_IN_WORKSPACE.includes(name) && !OTHER_TOOLS_IN_WORKSPACE.includes(name));
// The git control folder is guarded by git-guard.ts (the `.git` entry, config, hooks, info, commondir…).
export const GIT_PROTECTED_SUMMARY: readonly string[] = [
  '.git (cannot be renamed or replaced; missing: cannot be created)',
  '.git/{config,config.worktree,commondir,hooks,info}',
  '.git/worktrees/*/{commondir,gitdir,config.worktree}',
  '.git/modules/** (same)',
];

// The home folder is hidden (a private, throw-away tmpfs in its place) except the toolchain folders of
// toolchains.ts, bound read-only.
// When the home folder cannot be hidden (it is the workspace, or inside it), at least these are.
export const HOME_SECRETS: readonly string[] = [
  '.ssh', '.aws', '.gnupg', '.kube', '.netrc', '.npmrc', '.pypirc', '.docker', '.git-credentials', '.config/gh',
  '.config/gcloud', '.azure', '.cargo/credentials', '.cargo/credentials.toml', '.bash_history', '.zsh_history',
  '.python_history', '.node_repl_history', '.psql_history', '.mysql_history', '.chatcli/.env', '.codeward/.env',
  '.password-store', '.local/share/keyrings', '.vault-token', '.terraform.d/credentials.tfrc.json', '.config/hub',
  '.gem/credentials', '.nuget/NuGet/NuGet.Config', '.m2/settings.xml', '.m2/settings-security.xml', '.gradle/gradle.properties',
  '.config/pip', '.pip', '.condarc', '.yarnrc', '.yarnrc.yml', '.bunfig.toml', '.config/composer/auth.json', '.composer/auth.json',
  '.terraformrc', '.config/op', '.config/doctl', '.config/hcloud', '.s3cfg', '.boto', '.databrickscfg', '.pgpass', '.my.cnf',
  '.config/rclone', '.mozilla', '.config/google-chrome', '.config/chromium', '.config/BraveSoftware', '.thunderbird',
  // Red team R9-13: credential stores of the XDG git helper, coding agents and cloud CLIs.
  '.config/git/credentials', '.claude/.credentials.json', '.config/github-copilot', '.codex/auth.json', '.gemini/oauth_creds.json',
  '.cache/huggingface/token', '.cache/huggingface/stored_tokens', '.huggingface/token', '.fly', '.config/configstore', '.wrangler/config', '.oci', '.config/stripe',
  '.local/share/com.vercel.cli', '.supabase/access-token', '.config/netlify', '.config/heroku', '.netlify', '.heroku',
  '.config/glab-cli', '.config/tea', '.config/sops', '.config/age', '.config/1Password', '.config/containers/auth.json',
  '.minikube', '.ngrok2', '.config/ngrok',
];
// In the home folder: read-only even where it is writable (the workspace is the home folder, or
// sandboxWritable names it): the user's settings and what shells and git run at start-up. One list with
// the write gate's (permissions/obeyed-home.ts), so the file tools and the sandbox protect the same files.
export { HOME_PROTECTED, HOME_PROTECTED_FILES } from '../permissions/obeyed-home.js';
