import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers of ARCHITECTURE.md: doors and the agent depend on the engine, never the reverse.
const CORE = ['engine', 'workspace', 'files', 'edit', 'shell', 'permissions', 'args', 'commands'];
const layerPatterns = (from) =>
  CORE.includes(from)
    ? [
        { group: ['**/doors/**', '../doors/*', '../../doors/*'], message: `${from}/ is part of the engine: it must not import a door.` },
        { group: ['**/agent/**', '../agent/*', '../../agent/*'], message: `${from}/ is part of the engine: it must not import the agent.` },
      ]
    : from === 'agent'
      ? [{ group: ['**/doors/**', '../doors/*'], message: 'the agent is a client of the engine; it must not import a door.' }]
      : [];

// One read jail (THREAT-MODEL.md "Structural rules"): every file codeward reads on its own behalf from
// the workspace (context and rules files, agent definitions, git metadata, search, code index, shell, the write
// gate's and the sandbox's judging reads) goes through src/workspace/own-read.ts, own-read-sync.ts (or a handler's
// jailed path). In EVERY folder of src/ (read from the disk here, so a new folder is jailed from its first file:
// stop 43 found src/permissions and src/sandbox outside the list) and in src/*.ts, no module imports a node:fs
// function that reads, opens or lists (a namespace or default import of fs counts: it reaches every read), unless
// the FILE is listed below with the reason its reads are not workspace-derived or already go through the jail.
// Not counted: metadata calls (stat, lstat, realpath, readlink, access, exists): they read no file's bytes and
// list no folder, and the jail itself decides by them.
const READ_JAIL_FOLDERS = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
const FS_READS = ['readFile', 'readFileSync', 'readdir', 'readdirSync', 'createReadStream', 'open', 'openSync', 'opendir', 'opendirSync', 'read', 'readSync', 'readv', 'readvSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync', 'openAsBlob', 'glob', 'globSync', 'promises', 'default'];
const FS_MODULES = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'];
const FS_MESSAGE = 'a raw file-system read here bypasses the read jail: read workspace files with readOwnFile/listOwnFolder (src/workspace/own-read.ts), readHeadBeneath/listBeneath (src/workspace/own-read-sync.ts) or the workspace\'s verified open; a file that is not workspace-derived goes on the READ_JAIL_ALLOWED list of eslint.config.js with its reason';
export const READ_JAIL_ALLOWED = {
  'src/agent/session/transcript.ts': "transcripts live in the user's state folder; the legacy in-workspace folder is used only when it is a real folder, each file opened O_NOFOLLOW",
  'src/agent/loop/diffs.ts': 'approval diffs read the real path the jail resolved for the call, O_NOFOLLOW',
  'src/agent/loop/preview-edits.ts': 'lists the folder the jail resolved for a previewed call',
  'src/doors/worker/config.ts': "the worker's --config file, named by the user",
  'src/shell/git-alone-repo.ts': "lists the names in .git/hooks (names only, never shown to a model) to say whether a sandboxed git skipped hooks; git's config files go through readGitMetadata",
  'src/sandbox/modes-deep.ts': "opens the folders of the after-run walk whose paths grew long (O_DIRECTORY | O_NOFOLLOW) to list them by descriptor; reads no file",
  'src/sandbox/own-folder.ts': "an O_PATH descriptor of a folder of codeward's own user (no link followed) to give it u+wx while an entry is moved aside or back after an in-place run (R42-a8, R43-a4): no file is read",
  'src/sandbox/modes-special.ts': "the kernel's /proc/net/unix (which socket paths live processes have bound, after an in-place run); and an O_PATH descriptor of a FIFO's own folder (no link followed) to give it u+wx while the FIFO is moved aside (R42-a8): no file is read",
  'src/doors/worker/peer.ts': "the kernel's /proc/net/tcp and tcp6 (who owns the iii engine's end of the worker's connection); no workspace path",
  'src/doors/worker/config-source.ts': "the worker's default ./config.yaml, read before any workspace exists (it names the root): O_NOFOLLOW, no FIFO, size-capped, and tighten-only (a project file)",
  'src/doors/cli/approve.ts': 'reads the answer from /dev/tty',
  'src/permissions/settings-file-read.ts': "a settings file a line names (ssh's `-F`/`-o Include=`, a GnuPG home's *.conf: ssh-config.ts, gpg-home.ts) and a GnuPG home's names: inside the workspace through the jail's openFileSync / listBeneath; outside (the person's own) O_NOFOLLOW|O_NONBLOCK, regular files only, 64 KiB bound, 1,024 names, never shown",
  'src/doors/chatcli/approval.ts': "ChatCLI's coder_policy.json: only its allow patterns decide whether ChatCLI ran a call unasked; nothing of it is shown or sent",
  'src/shell/run-script-npm.ts': "npm's user and global npmrc (the person's own, outside the workspace): only their script-shell and node-options lines are shown, never another key (auth tokens)",
  'src/doors/mcp/auth.ts': "the HTTP door's token file in the user's state folder",
  'src/bin/code-cache-prune.ts': "the code cache's own folder (codeward's cache folder, 0700, this user's, checked by script-loader.ts) and the headers of its files (O_NOFOLLOW); the scripts they name are stat'd only; never a workspace path",
  'src/bin/script-loader.ts': "the bundle's own chunk scripts (dist/chunks/*.script, beside the facade that names them) and their V8 code caches in codeward's own cache folder (0700, this user's, no symlink, O_NOFOLLOW; hidden from sandboxed processes); never a workspace path",
  'src/git/credential-stores.ts': 'lists .git/modules (git\'s own folder, no link followed: each folder is lstat\'ed first) to find submodule configs; their text is read through readGitMetadata',
  'src/git/credential-store-content.ts': 'reads at most the first KiB of a regular file (O_NOFOLLOW | O_NONBLOCK, size-capped) to say whether it is a git credential store, so that the jail and the sandbox HIDE it; the bytes are never shown or returned',
  'src/git/git-links.ts': 'lists the folders of a workspace git folder with entry types only, to find symlinks; opens no file and follows no link',
  'src/permissions/home-list.ts': 'lists home and PATH folders with entry types only, to find symlinks (resolved by lstat/readlink); opens no file, shows no name',
  'src/commands/tree-walk.ts': "reads through the jail's folder handles (Beneath), O_NOFOLLOW",
  'src/commands/list.ts': "lists through the jail's folder handle",
  'src/commands/clean.ts': "lists through the jail's folder handle",
  'src/code/index/store.ts': "the code index's shards in codeward's own state folder (marked, refused to the jail), not workspace files",
  'src/code/repo-map-pages.ts': "the repo map pages kept in the code index's folder of codeward's own state folder, not workspace files",
  'src/code/repo-map-saved.ts': "the repo map's graph saved in the code index's folder of codeward's own state folder, not workspace files",
  'src/code/parsers.ts': 'tree-sitter grammars and tag queries shipped with codeward (its own package files), never a workspace path',
  'src/search/fallback.ts': "opens each file through the jail's walk (jail.atSync), O_NOFOLLOW | O_NONBLOCK, checked a regular file",
  'src/search/gitignore-read.ts': "the one .gitignore reader (R6-15): through the jail's openFileSync, O_NOFOLLOW | O_NONBLOCK, regular file, 1 MiB cap",
  'src/search/rg-run.ts': "rg's output file: created by this process in its own mkdtemp folder (O_EXCL, 0600), not a workspace path",
  'src/search/skipped.ts': "lists the names of a folder the jail opened (jail.openDir's handle); reads no file",
  'src/shell/danger-secret-files.ts': 'lists names only (glob expansion, a bounded walk for hidden files) to judge a command line; opens no file',
  'src/shell/test-detect-files.ts': "lists and opens through the jail's handles (openDir, openFileSync O_NOFOLLOW) when given one; both callers give it",
  'src/shell/stage/apply.ts': "lists workspace folders through the jail's walk (jail.atSync) to apply a staged run",
  'src/shell/inherited-fds.ts': "reads this process's own /proc/self/fd and fdinfo (descriptor numbers and flags) and opens /dev/null, never a workspace file",
  'src/shell/stage/journal-check.ts': "lists the staged run's journals in codeward's state folder",
  'src/shell/stage/journal.ts': "a staged run's journal in codeward's own state folder (created O_EXCL 0600 by this process)",
  'src/shell/stage/kept.ts': "lists the kept-aside folders in codeward's state folder",
  'src/shell/stage/move.ts': "lists a staged run's upper folder (codeward's own overlay layer, outside the workspace)",
  'src/shell/stage/plan.ts': "compares the staged upper layer (codeward's) with the workspace file read through the jail's walk (jail.atSync)",
  'src/shell/stage/plan-found.ts': "compares the staged upper layer (codeward's) with the workspace file read through the jail's walk (jail.atSync)",
  'src/shell/stage/recover.ts': "lists interrupted staged runs in codeward's state folder",
  'src/shell/stage/staged.ts': "lists codeward's stage folder and a run's upper layer",
  'src/shell/stage/upper.ts': "lists a staged run's upper layer (codeward's overlay folder, outside the workspace)",
  // The read jail itself (src/workspace): the one place workspace files are opened and listed.
  'src/workspace/beneath.ts': 'the jail: opens the root and each folder O_NOFOLLOW | O_DIRECTORY, files O_NOFOLLOW through the parent handle',
  'src/workspace/open.ts': "the jail's verified open of a resolved path (O_NOFOLLOW | O_NONBLOCK, through the parent handle)",
  'src/workspace/listings.ts': "the jail's walk: lists each folder through the handle Beneath.openChild opened (O_NOFOLLOW)",
  'src/workspace/own-read.ts': "the jail's own reader (readOwnFile, listOwnFolder) and the user's own files in ~/.codeward",
  'src/workspace/own-read-sync.ts': "the jail's synchronous reader: first bytes of a regular file and a bounded listing, through Beneath's handles",
  'src/workspace/own-state.ts': "reads the marker file of codeward's own state folder (to refuse it to the jail), never a workspace file",
  // codeward's own state and the user's own settings (outside every workspace, written by codeward or the user).
  'src/engine/writer-seal.ts': "the seals of codeward's own state files in the user's default cache folder (code-seals, 0700, this user's, no link, O_NOFOLLOW); the sealed files are lstat'd only; never a workspace path",
  'src/engine/config-notice.ts': "the digest of the last trust notice, in the workspace's state folder (codeward's, outside the workspace)",
  'src/engine/config-user.ts': "the user's own ~/.codeward/config.*, named by the user",
  'src/files/atomic-write.ts': "opens the jail-resolved parent folder to fsync it, and creates its own temp file O_EXCL; reads no workspace file's bytes",
  'src/files/backup.ts': 'snapshots a file the jail resolved, opened O_NOFOLLOW | O_NONBLOCK (SNAPSHOT_FLAGS) through its handle',
  'src/files/checkpoints/blobs.ts': "checkpoint blobs in codeward's state folder; a workspace source is read through source.jail.at, O_NOFOLLOW",
  'src/files/checkpoints/identity.ts': "checkpoint steps (JSON) in codeward's state folder",
  'src/files/checkpoints/json-file.ts': "checkpoint JSON files created O_EXCL 0600 in codeward's state folder",
  'src/files/checkpoints/prune.ts': "the prune note (pruned.json) in codeward's state folder",
  'src/files/checkpoints/state.ts': "records a path's state through the jail's handle (jail.at), O_NOFOLLOW | O_NONBLOCK",
  'src/files/checkpoints/store.ts': "lists and reads checkpoint steps in codeward's state folder",
  'src/files/lock-file.ts': "lock files created O_EXCL 0600 in codeward's state folder",
  'src/files/remove-tree.ts': "lists folders through the jail's handles (Beneath.openChild, O_NOFOLLOW) to remove them",
  'src/files/session-store.ts': "the session's read records in codeward's state folder",
  'src/files/staleness-snapshot.ts': 'hashes a file the jail resolved for the call, opened O_NOFOLLOW | O_NONBLOCK',
  'src/files/transaction.ts': "journals in codeward's state folder; a workspace file is read through the jail's handle (jail.at), O_NOFOLLOW",
  'src/permissions/denial-store.ts': "the denial counts of a --session, in codeward's state folder",
  'src/permissions/policy-load.ts': "the user's own policy files (~/.codeward/policy.json, ~/.chatcli/coder_policy.json), named by the user; project files go through policy-sources.ts",
  'src/permissions/policy-save.ts': "the answers file and the user's policy file that an \"always\" answer writes (codeward's and the user's)",
  'src/permissions/policy-sources.ts': 'project settings files: refused when realpath differs (no link), opened O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, regular files only, size-capped',
  'src/permissions/policy-trust.ts': "the trust record ~/.codeward/trust.json, the user's",
  'src/permissions/hook-listing.ts': 'lists names and entry types of work-tree folders a walk reached as real folders (never a link), to find what a hook line runs; opens no file',
  'src/permissions/obeyed-env-path.ts': "lists the names in the PATH folders outside the workspace (the system's and the user's programs), to know which names a planted program would shadow; opens no file",
  'src/permissions/unconfined-globs.ts': 'lists names and entry types to expand a glob of a command line, as the shell would; opens no file',
  'src/shell/folder-word.ts': 'lists names and entry types to expand a glob of a folder word (cd, --prefix, -C), as the shell would; opens no file',
  // The sandbox: codeward's own state, the system's folders, and walks that list names only.
  'src/sandbox/bwrap.ts': "reads a guard placeholder of its own (a regular file of at most 2 bytes, lstat'ed first) and lists an empty guard folder",
  'src/sandbox/enclosing-git.ts': "lists its own copies of the enclosing repository's index in codeward's state folder (the index itself is read by git/config-read.ts: regular, no link, non-blocking, bounded)",
  'src/sandbox/etc-view.ts': "lists /etc (the system's), to bind what a program needs",
  'src/sandbox/git-state-read.ts': "lists a git folder's refs and state folders (names, 512 at most) to sign git's state; their text through readGitMetadataBytes",
  'src/sandbox/guards.ts': 'lists folder names (entry types only) of .git/modules to guard each submodule; opens no file',
  'src/sandbox/hidden-moves.ts': "lists names and entry types of workspace folders to find a moved hidden folder by identity, past long paths through a folder descriptor (O_DIRECTORY | O_NOFOLLOW, R42-a3); opens no file",
  'src/sandbox/history-secrets.ts': 'lists names and entry types of the home folder to find history files by name; opens no file',
  'src/sandbox/home-shape.ts': "reads /etc/passwd (the system's, 1 MiB cap) for the sandbox's home entry",
  'src/sandbox/home-folders.ts': "lists /home, /Users and /var/home (the system's home parents) for the write jail's hidden catalogue",
  'src/sandbox/socket-listener.ts': "opens the folder of a socket the after-run walk found (its descriptor names a long path for connect()), nothing read",
  'src/sandbox/home-nss.ts': "lists the system's userdb drop-in folders and the folders two levels below / (their owners) for the write jail's NSS accounts",
  'src/sandbox/lease-file.ts': "a sandbox run's lease in codeward's state folder",
  'src/sandbox/modes-held.ts': "opens the folders on the way to the after-run walk's candidates (O_DIRECTORY | O_NOFOLLOW, each through the one above) to judge entries on the inode listed; reads no file",
  'src/sandbox/byte-held.ts': 'opens the folders on the way to a non-UTF-8 name (O_DIRECTORY | O_NOFOLLOW, each through the one above) only to rename that name inside the held folder; reads no file',
  'src/sandbox/byte-names.ts': 'lists names and entry types of folders by their bytes (no file opened, no link entered) for the walks that must see every name, and renames one that is not UTF-8 to its spelling',
  'src/sandbox/modes-unlisted.ts': "opens a folder a run left unlistable O_PATH (no link followed) to give it u+rwx for the after-run walk, then its mode back; reads no file",
  'src/sandbox/modes.ts': 'lists the folders a run could write through a descriptor of each and opens entries O_PATH (no content) to clear setuid modes on the inode judged; reads no file',
  'src/sandbox/mount-points.ts': "codeward's own mount placeholders (opened O_NOFOLLOW | O_NONBLOCK, compared with the bytes it wrote) and its leases in the state folder",
  'src/sandbox/mutex.ts': "a lock file created O_EXCL 0600 in codeward's state folder",
  'src/sandbox/nested-git.ts': "lists the names in a nested git folder (hooks, worktrees) to judge what git runs from it; config text through readGitMetadata",
  'src/sandbox/objects-pack-view.ts': "lists its own pack folder in codeward's state folder (a filtered pack git writes there); opens no file of the user's store",
  'src/sandbox/obeyed-scan.ts': 'lists names and entry types of workspace folders (a link is an entry, never entered) to find protected paths; opens no file (a pyc header through own-read-sync.ts)',
  'src/sandbox/overlay.ts': "lists codeward's stage folder and the workspace root's names (to make mount points); opens no file",
  'src/sandbox/pending.ts': "pending-run records in codeward's state folder",
  'src/workspace/cache-file.ts': "the one reader of codeward's own files in a workspace's state folder (kept answers, the view's walks, kept listings, the lost-hidden-folder record): a regular file of this user, no link followed, written under a version or format tag; never a workspace file",
  'src/sandbox/paths.ts': 'lists folder names to answer many existence questions with one listing; opens no file',
  'src/sandbox/home-entries.ts': "lists the home's dot-entries (and the XDG folders') by name and entry type to judge them by the write gate's homeObeyed in a writable home, and (names) for home-stamps.ts and home-repos.ts two levels deep; opens no file",
  'src/sandbox/probe-kept.ts': "the kept bwrap probe answer in codeward's cache folder and the kernel's switches under /proc/sys",
  'src/sandbox/proc-cover.ts': "lists /proc (the kernel's) to cover other processes in the sandbox's view",
  'src/sandbox/mount-info.ts': "reads /proc/self/mountinfo (the kernel's list of this process's mounts) to relate PATH folders to the writable areas",
  'src/sandbox/area-links.ts': "lists the writable areas (names and lstats only, no file opened) for another name of a program file on PATH, and reads its own kept answers in codeward's cache folder",
  'src/sandbox/proc.ts': "reads /proc/PID/stat and lists /proc (the kernel's) to find the run's processes",
  'src/sandbox/repo-configs-bytes.ts': "opens (by its bytes) the config of a git folder under modules/ or worktrees/ whose name is not UTF-8 only to hand it to the metadata reader (/proc/self/fd/N): whether it holds a credential; its text is never shown",
  'src/sandbox/repo-configs.ts': "lists folder names of git's own folder (modules/) to find submodule configs; their text through readGitMetadata",
  'src/sandbox/state-folders.ts': "lists the names of the sandboxWritable/Readable areas' first folders (2 deep, 4,000 entries; no file read) to find other environments' codeward state folders to hide; never a workspace path",
  'src/sandbox/script-verdicts.ts': "reads the files of the home's shown bin folders (opened O_NOFOLLOW | O_NONBLOCK, regular files only, 256 KiB cap) only to judge whether they look secret (their text is never shown); its kept answers in codeward's state folder through workspace/cache-file.ts",
  'src/sandbox/secret-files.ts': "lists names and entry types of folders to find secret files by name (no file opened), and reads its scan cache in codeward's state folder",
  'src/sandbox/tracked-secrets.ts': "its scan cache in codeward's state folder (git's index and pointers go through readGitMetadataBytes)",
  'src/sandbox/unreachable-objects-git.ts': 'lists the names in git object folders (objects/??, objects/pack) to find loose objects and cruft packs; opens no file',
  'src/sandbox/unreachable-objects.ts': "lists names in git's object and worktree folders to sign them (lstat only); its cache in codeward's state folder through view-cache.ts",
  'src/sandbox/folder-log.ts': "lists names and entry types of toolchain folders for the sandbox's view (the walks view-cache.ts keeps)",
  'src/sandbox/view.ts': "lists / (the system's) to build the sandbox's view",
};

// Outside the workspace, metadata only: never returned to a model. The one reader of git's metadata
// (config files of the user, the repository and an enclosing repository, `.git` pointer files, commondir,
// the index, /etc/passwd for `~name/`): read to judge what git will run, regular files only, size-capped.
// Every module that judges git's configuration (GIT_METADATA_READERS) reads through it and imports no
// node:fs read itself (test/lint/read-jail.test.ts).
export const READ_JAIL_METADATA = {
  'src/git/config-read.ts': "outside the workspace, metadata only: never returned to a model (git's config files, .git pointer files, commondir, the index, /etc/passwd), read to judge what git runs; regular files only, non-blocking, size-capped",
};
export const GIT_METADATA_READERS = ['src/permissions/obeyed-git.ts', 'src/permissions/obeyed-context.ts', 'src/permissions/readonly-git-config.ts', 'src/permissions/readonly-git-submodules.ts', 'src/sandbox/git-config.ts', 'src/sandbox/git-programs.ts'];

const fsReadPaths = FS_MODULES.map((name) => ({ name, importNames: FS_READS, message: FS_MESSAGE }));
const importRule = (from, reads) => ['error', { patterns: layerPatterns(from), ...(reads ? { paths: fsReadPaths } : {}) }];
// A read of a git metadata file by name (`config`, `index`, `commondir`, a `gitdir` file ...) anywhere but the
// one reader src/git/config-read.ts (or the read jail's readOwnFile and readBeneath): a call whose name starts with read or open (fs's, or a module's own
// wrapper) with such a name among its arguments (`readRegular(join(gitDir, 'config'))`).
const GIT_METADATA_MESSAGE = "git's metadata (config files, the index, commondir, gitdir and .git pointer files, alternates) is read only through src/git/config-read.ts (readGitMetadata, readGitMetadataBytes): regular files only, non-blocking, size-capped";
const metadataRead = {
  selector: "CallExpression:matches([callee.name=/^(read(?!GitMetadata|OwnFile|Beneath)|open|createReadStream)/], [callee.property.name=/^(read|open|createReadStream)/]) Literal[value=/^(config|config\\.worktree|index|commondir|gitdir|alternates|packed-refs)$/]",
  message: GIT_METADATA_MESSAGE,
};
const dynamicFs = ['error', { selector: `ImportExpression[source.value=/^(node:)?fs(\\/promises)?$/]`, message: FS_MESSAGE }, metadataRead];

// One object per folder: the layer rule, plus the read-jail paths where they apply; the allowed files
// of a folder keep the layer rule only.
const folderRules = (from) => {
  const jailed = READ_JAIL_FOLDERS.includes(from);
  const allowed = Object.keys({ ...READ_JAIL_ALLOWED, ...READ_JAIL_METADATA }).filter((file) => file.startsWith(`src/${from}/`));
  return [
    { files: [`src/${from}/**/*.ts`], rules: { 'no-restricted-imports': importRule(from, jailed), ...(jailed ? { 'no-restricted-syntax': dynamicFs } : {}) } },
    ...(jailed && allowed.length > 0 ? [{ files: allowed, rules: { 'no-restricted-imports': importRule(from, false), 'no-restricted-syntax': ['error', metadataRead] } }] : []),
  ];
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/.fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', performance: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'error',
    },
  },
  { files: ['src/**/*.ts'], rules: { 'no-restricted-syntax': ['error', metadataRead] } },
  ...[...new Set([...CORE, ...READ_JAIL_FOLDERS])].flatMap(folderRules),
  // The files at src/'s top (index.ts, setup.ts ...) are jailed too.
  { files: ['src/*.ts'], rules: { 'no-restricted-imports': importRule('', true), 'no-restricted-syntax': dynamicFs } },
  // The git metadata readers outside the jailed folders: no node:fs read of their own (layer rule kept).
  ...GIT_METADATA_READERS.map((file) => ({ files: [file], rules: { 'no-restricted-imports': importRule(file.split('/')[1], true), 'no-restricted-syntax': dynamicFs } })),
  { files: Object.keys(READ_JAIL_METADATA), rules: { 'no-restricted-syntax': 'off' } },
  { files: ['test/**', 'bench/**', 'scripts/**'], rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' } },
);
