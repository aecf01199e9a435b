import { lstatQuiet } from '../files/stat-quiet.js';
import { homeLinksInto } from '../permissions/home-links.js';
import { dirname, resolve } from 'node:path';
import { hiddenWhole } from './secret-text.js';
import { SHOWN_CHECKED } from './home-shown.js';
import { HOME_SECRETS } from './lists.js';

// The home's secrets located by the tool's own environment variable (red team R9-5: direnv's
// `export KUBECONFIG=$PWD/kubeconfig`, a dotfiles repository with GH_CONFIG_DIR/DOCKER_CONFIG set: the
// credential files were ordinary workspace files, read and search printed them). One table, on HOME_SECRETS'
// entries: the variables that move the entry, what each names (a file, a folder, a ':'-list of files, or a
// folder whose listed files hold the secret). Read from the engine's environment (the one the workspace was
// opened with), resolved as the kernel opens them; the caller hides those that land in the workspace.

type Entry = (typeof HOME_SECRETS)[number];
interface Located {
  readonly vars: readonly string[];
  // 'file', 'folder', 'list' (':'-separated files), or 'home': the variable names the folder that holds the
  // entry in the home (CARGO_HOME for ~/.cargo), and every file this table's home spellings list there moves
  // with it: HOME_SECRETS' entries below that folder (hidden), and home-shown.ts' checked files (cargo's
  // config.toml: hidden when something in it looks secret, red team round 10: R9-11 variant).
  readonly names: 'file' | 'folder' | 'list' | 'home';
}

export const HOME_SECRET_VARIABLES: Readonly<Partial<Record<Entry, Located>>> = {
  '.kube': { vars: ['KUBECONFIG'], names: 'list' },
  '.config/gh': { vars: ['GH_CONFIG_DIR'], names: 'folder' },
  '.docker': { vars: ['DOCKER_CONFIG'], names: 'folder' },
  '.npmrc': { vars: ['NPM_CONFIG_USERCONFIG', 'npm_config_userconfig'], names: 'file' },
  '.config/gcloud': { vars: ['CLOUDSDK_CONFIG'], names: 'folder' },
  '.azure': { vars: ['AZURE_CONFIG_DIR'], names: 'folder' },
  '.gnupg': { vars: ['GNUPGHOME'], names: 'folder' },
  '.password-store': { vars: ['PASSWORD_STORE_DIR'], names: 'folder' },
  '.netrc': { vars: ['NETRC'], names: 'file' },
  '.aws': { vars: ['AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE', 'AWS_WEB_IDENTITY_TOKEN_FILE'], names: 'file' },
  '.terraformrc': { vars: ['TF_CLI_CONFIG_FILE', 'TERRAFORM_CONFIG'], names: 'file' },
  '.vault-token': { vars: ['VAULT_CONFIG_PATH'], names: 'file' },
  '.cargo/credentials': { vars: ['CARGO_HOME'], names: 'home' },
  '.terraform.d/credentials.tfrc.json': { vars: ['TF_CLI_CONFIG_DIR'], names: 'home' },
  '.config/pip': { vars: ['PIP_CONFIG_FILE'], names: 'file' },
  '.condarc': { vars: ['CONDARC'], names: 'file' },
  '.boto': { vars: ['BOTO_CONFIG'], names: 'file' },
  '.s3cfg': { vars: ['S3CMD_CONFIG'], names: 'file' },
  '.pgpass': { vars: ['PGPASSFILE'], names: 'file' },
  '.config/rclone': { vars: ['RCLONE_CONFIG'], names: 'file' },
  '.config/composer/auth.json': { vars: ['COMPOSER_HOME'], names: 'home' },
  '.gradle/gradle.properties': { vars: ['GRADLE_USER_HOME'], names: 'home' },
  '.databrickscfg': { vars: ['DATABRICKS_CONFIG_FILE'], names: 'file' },
  '.config/op': { vars: ['OP_CONFIG_DIR'], names: 'folder' },
  '.bash_history': { vars: ['HISTFILE'], names: 'file' },
  '.python_history': { vars: ['PYTHON_HISTORY'], names: 'file' },
  '.node_repl_history': { vars: ['NODE_REPL_HISTORY'], names: 'file' },
  '.psql_history': { vars: ['PSQL_HISTORY'], names: 'file' },
  '.mysql_history': { vars: ['MYSQL_HISTFILE'], names: 'file' },
  '.cache/huggingface/token': { vars: ['HF_HOME'], names: 'home' },
  '.huggingface/token': { vars: ['HF_TOKEN_PATH'], names: 'file' },
  '.config/containers/auth.json': { vars: ['REGISTRY_AUTH_FILE'], names: 'file' },
};

// The XDG base folders move every entry below them (red team round 10: XDG_CONFIG_HOME=$W/config put gh's
// hosts.yml, git's credential store, copilot's token into the workspace as ordinary files).
export const XDG_BASES: readonly (readonly [string, string])[] = [['.config/', 'XDG_CONFIG_HOME'], ['.local/share/', 'XDG_DATA_HOME'], ['.cache/', 'XDG_CACHE_HOME'], ['.local/state/', 'XDG_STATE_HOME']];

// The files of `entry`'s home folder (`.cargo` for `.cargo/credentials`) at `path`, the folder its variable names:
// the listed secrets below it, and the checked files when something in them looks secret.
export function homeFolderFiles(entry: string, path: string): string[] {
  const folder = `${dirname(entry)}/`;
  const below = (list: readonly string[]): string[] => list.filter((rel) => rel.startsWith(folder)).map((rel) => `${path}/${rel.slice(folder.length)}`);
  const checked = Object.entries(SHOWN_CHECKED).filter(([rel]) => rel.startsWith(folder));
  return [...below(HOME_SECRETS), ...checked.flatMap(([rel, format]) => below([rel]).filter((file) => hiddenWhole(file, format)))];
}

// `~` and `~/...` as the shell would have expanded them; another relative value (`CARGO_HOME=./ch`, round 11)
// against `cwd`, as the tool resolves it against its working folder; without one, skipped.
export const absolute = (value: string, home: string | undefined, cwd?: string): string | undefined =>
  value.startsWith('/') ? value : value === '~' || value.startsWith('~/') ? (home ? `${home}${value.slice(1)}` : undefined) : cwd && value !== '' && !value.startsWith('~') ? resolve(cwd, value) : undefined;

// The folders a relative value may be meant from: the process's working folder (where the person set it), and
// the ones the caller adds (the workspace, where a sandboxed tool starts).
export function workingFolders(more: readonly string[] = []): string[] {
  let here: string | undefined;
  try {
    here = process.cwd();
  } catch {
    here = undefined;
  }
  return [...new Set([...(here ? [here] : []), ...more])];
}

// Real absolute paths of the secrets the variables of `env` locate (their home spelling is in homeSecretPaths),
// a relative value from each of `cwds`.
export function variableSecretPaths(env: Readonly<Record<string, string | undefined>>, cwds: readonly string[] = workingFolders()): string[] {
  const folders: string[] = [];
  const files: string[] = [];
  for (const [entry, located] of Object.entries(HOME_SECRET_VARIABLES)) {
    for (const name of located?.vars ?? []) {
      const value = env[name];
      if (!value) continue;
      for (const part of located!.names === 'list' ? value.split(':') : [value]) {
        for (const path of new Set(cwds.map((cwd) => absolute(part.trim(), env['HOME'], cwd)))) {
          if (!path || path === '/') continue;
          if (located!.names === 'folder') folders.push(path);
          else if (located!.names === 'home') files.push(...homeFolderFiles(entry, path));
          else files.push(path);
        }
      }
    }
  }
  for (const [prefix, name] of XDG_BASES) {
    const base = env[name] ? absolute(env[name]!.trim(), env['HOME']) : undefined;
    if (!base || base === '/') continue;
    for (const entry of HOME_SECRETS) {
      if (!entry.startsWith(prefix)) continue;
      const path = `${base.replace(/\/+$/, '')}/${entry.slice(prefix.length)}`;
      (lstatQuiet(path)?.isDirectory() === true ? folders : files).push(path);
    }
  }
  const strip = (path: string): string => path.replace(/^\/+/, '');
  const scan = homeLinksInto('/', folders.map(strip), files.map(strip), ['/']);
  // Past the bound (R22b-2), never silently: every path may be a secret.
  return [...scan.links.map((link) => `/${link.rel}`), ...(scan.cut.length === 0 ? [] : ['/'])];
}
