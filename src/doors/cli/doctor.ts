import { join } from 'node:path';
import { configFromSettings } from '../../engine/config.js';
import { usageError } from '../../engine/errors.js';
import { readUserConfig } from '../../engine/config-user.js';
import { userSandboxSettings } from '../../sandbox/user-settings.js';
import { formatIgnored, loadPolicy, readProjectSettings, type ProjectSettings } from '../../permissions/index.js';
import { GIT_PROTECTED_SUMMARY, HOME_READABLE, HOME_SECRETS, OTHER_TOOLS_IN_WORKSPACE, PROTECTED_FILES_IN_WORKSPACE, PROTECTED_IN_WORKSPACE } from '../../sandbox/policy.js';
import { ProcessSandbox } from '../../sandbox/sandbox.js';
import { enclosingRepository } from '../../sandbox/view.js';
import { lstatQuiet } from '../../files/stat-quiet.js';
import { Workspace } from '../../workspace/workspace.js';
import { sandboxOptions, type GlobalOptions } from '../global-options.js';
import { sharedNetwork } from '../../sandbox/network-words.js';
import { plural, wrapList } from '../../commands/render.js';
import { envPlaceLines, envPlacesOf } from './doctor-env.js';

interface DoctorIo {
  readonly stdout: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

// `codeward doctor`: what protects this workspace, in one screen.
export async function doctorCommand(options: GlobalOptions, io: DoctorIo, rest: readonly string[] = ['doctor']): Promise<number> {
  const extra = rest.slice(1).filter((word) => word !== '--verbose' && word !== '-v');
  if (extra.length > 0) throw usageError(`doctor takes only --verbose (got "${extra.join(' ')}"); its other options are the global ones, e.g. codeward -C DIR doctor --json`);
  const verbose = rest.length > 1;
  const workspace = await Workspace.open(options.workspace ?? io.cwd, { env: io.env });
  const home = io.env['HOME'];
  const project = await readProjectSettings(workspace.root, home);
  // The user's engine settings are the base, as for every command (a broken user file is shown below).
  const { config, ignored: configIgnored } = await configFromSettings(project, await readUserConfig(home).catch(() => undefined));
  const policy = await loadPolicy({ workspaceRoot: workspace.root, project, ...(home ? { home } : {}), cliRules: { allow: options.allow, ask: options.ask, deny: options.deny }, strict: false });
  const ignored = [...configIgnored, ...policy.ignored];
  const sandbox = ProcessSandbox.forWorkspace(config, sandboxOptions(options), workspace.root, io.env);
  const status = await sandbox.status();
  const userConfig = await userConfigState(home, workspace.root);
  const envPlaces = envPlacesOf(workspace.root, io.env, userConfig.envPlaces, io.cwd);
  const data = {
    workspace: workspace.root,
    sandbox: {
      backend: status.backend ? `${status.backend.kind} (${status.backend.path})` : null,
      mode: status.mode,
      network: status.backend ? status.network : true,
      ...(status.reason ? { reason: status.reason } : {}),
      // `--sandbox off`: whether its writes are jailed here (sandbox/write-jail.ts), and where they may go.
      ...(status.backend ? {} : { writeJail: status.writeJail ? `${status.writeJail.kind}: the workspace (a private /tmp)${config.sandboxWritable.length > 0 ? `, ${config.sandboxWritable.join(', ')}` : ''}` : null }),
      writable: status.backend && status.mode === 'workspace-write' ? ['the workspace', '$TMPDIR (a private, throw-away folder; the real /tmp is not writable)', ...config.sandboxWritable] : [],
      readOnly: status.backend ? [...PROTECTED_IN_WORKSPACE, ...OTHER_TOOLS_IN_WORKSPACE, ...PROTECTED_FILES_IN_WORKSPACE, ...GIT_PROTECTED_SUMMARY] : [],
      homeReadOnly: status.backend ? HOME_READABLE.map((path) => `~/${path}`) : [],
      hidden: status.backend ? ['all but the workspace, the system folders and the read-only home toolchains', ...HOME_SECRETS.map((path) => `~/${path}`), 'workspace files and folders matching the hidden-files globs'] : [],
    },
    trust: { ...trustData(project), ignored },
    userConfig,
    envPlaces,
    policy: { files: policy.files, rules: policy.list().filter((rule) => rule.source !== 'default').length, problems: policy.problems.length + policy.notes.length },
    ...(status.backend && status.mode === 'workspace-write' ? { git: gitInSandbox(workspace.root) } : {}),
    nonAccessibleGlobs: config.nonAccessibleGlobs,
    dangerClassifier: options.allowUnsafe ? 'off (--allow-unsafe)' : 'on',
  };
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ ok: true, cmd: 'doctor', data, warnings: [] })}\n`);
    return 0;
  }
  const box = data.sandbox;
  const lines = [
    `workspace        ${data.workspace} (every path is jailed here; symlinks resolved)`,
    ...(box.backend ? sandboxLines(box, verbose) : box.writeJail ? [`OS sandbox       none: ${box.reason ?? ''}; reads unconfined, writes jailed (${box.writeJail})`] : [`OS sandbox       none: ${box.reason ?? ''}; exec and test run under the permission gate alone, writes are not jailed here`]),
    `permission gate  ${plural(data.policy.rules, 'rule')} from ${data.policy.files.length > 0 ? data.policy.files.map((info) => String(info.file)).join(', ') : 'no policy file'} plus the defaults${data.policy.problems ? ` (${plural(data.policy.problems, 'problem')}: codeward policy list)` : ''}`,
    `trust            ${trustLine(data.trust, ignored.map(formatIgnored))}`,
    `user config      ${userConfig.error ? `error: ${userConfig.error}` : userConfig.file ? `${userConfig.file}${userConfig.passEnv.length > 0 ? `; passEnv ${userConfig.passEnv.join(' ')}` : ''}${userConfig.envPlaces.length > 0 ? `; envPlaces ${userConfig.envPlaces.join(' ')}` : ''}${userConfig.warnings.length > 0 ? `; ${userConfig.warnings.join('; ')}` : ''}` : 'none (~/.codeward/config, config.json, config.yaml or config.yml)'}`,
    ...envPlaceLines(envPlaces),
    ...(data.git ? [`git              ${data.git}`] : []),
    `danger check     ${data.dangerClassifier} (catastrophic shell commands are blocked, C242)`,
    ...wrapList('', 'hidden files     ', data.nonAccessibleGlobs),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

// The sandbox in one line, then one wrapped group per line: what processes may write, what they may only read
// (in the workspace, in the home folder), and what they cannot see.
interface SandboxData {
  backend: string | null;
  mode: string;
  network: boolean;
  writable: string[];
  readOnly: string[];
  homeReadOnly: string[];
  hidden: string[];
}

// Short by default: a group of more than SHORT_GROUP items shows its first ones and how many more.
const SHORT_GROUP = 3;

function sandboxLines(box: SandboxData, verbose: boolean): string[] {
  const lead = ' '.repeat(17);
  const shown = (items: readonly string[]): readonly string[] =>
    verbose || items.length <= SHORT_GROUP ? items : [...items.slice(0, SHORT_GROUP - 1), `and ${items.length - SHORT_GROUP + 1} more (doctor --verbose lists them)`];
  const group = (label: string, items: readonly string[]): string[] => wrapList(lead, label.padEnd(17), items.length > 0 ? shown(items) : ['nothing']);
  const hidden = box.hidden.map((item) => (item.startsWith('the home folder') ? 'the rest of the home folder' : item));
  return [
    `OS sandbox       ${box.backend ?? ''}: ${box.mode}, network ${box.network ? `on (${sharedNetwork(box.backend)})` : 'off'}`,
    ...group('writable:', box.writable),
    ...group('read-only:', box.readOnly),
    ...group('read-only home:', box.homeReadOnly),
    ...group('hidden:', hidden),
  ];
}

// What a sandboxed command may do to git's folder here (newcomer pass 2, N13: a subfolder workspace's
// repository is read-only inside, and doctor did not say so).
function gitInSandbox(root: string): string {
  const top = enclosingRepository(root);
  if (top) return `${top} holds the workspace: its git folder is read-only inside the sandbox (git status, diff and log work; add, commit, stash and checkout do not); to change the repository open it as the workspace (-C ${top})`;
  if (!lstatQuiet(join(root, '.git'))) return 'no repository here';
  return 'read-only to sandboxed commands except a line that runs git alone (git add -A && git commit -m "…"); what such a line leaves for a protected path is set back';
}

function trustData(project: ProjectSettings) {
  const { trust, snapshot } = project;
  return {
    trusted: trust.trusted,
    recorded: trust.recorded,
    changed: trust.changed,
    ...(trust.trustedAt ? { trustedAt: trust.trustedAt } : {}),
    ...(trust.store ? { store: trust.store } : {}),
    ...(trust.problem ? { problem: trust.problem } : {}),
    files: snapshot.files.filter((entry) => entry.digest !== null).map((entry) => ({ file: entry.name, digest: entry.digest })),
  };
}

function trustLine(trust: ReturnType<typeof trustData>, ignored: readonly string[]): string {
  const files = trust.files.map((entry) => entry.file).join(', ');
  const state = trust.trusted
    ? `trusted since ${trust.trustedAt ?? '?'} (digests match: ${files || 'no project policy or config file'}); its settings apply, your deny rules still win`
    : trust.recorded
      ? `revoked: ${trust.changed.join(', ')} changed since "codeward trust" (${trust.trustedAt ?? '?'}); the project's files can only tighten`
      : `not trusted: the project's files (${files || 'none'}) can only tighten${trust.problem ? `; ${trust.problem}` : ''}`;
  return ignored.length > 0 ? `${state}; ignored: ${ignored.join('; ')} (codeward trust applies them)` : state;
}

// The user's own config as every other command reads it: a broken one is shown here, not thrown.
async function userConfigState(home: string | undefined, workspace: string): Promise<{ file?: string; passEnv: string[]; envPlaces: string[]; warnings: readonly string[]; error?: string }> {
  try {
    const file = await readUserConfig(home, workspace);
    const settings = await userSandboxSettings(home, workspace);
    return { ...(file ? { file: file.path } : {}), passEnv: settings.passEnv, envPlaces: settings.envPlaces, warnings: settings.warnings };
  } catch (error) {
    return { passEnv: [], envPlaces: [], warnings: [], error: (error as Error).message };
  }
}
