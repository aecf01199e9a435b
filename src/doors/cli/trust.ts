import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { configFromSettings } from '../../engine/config.js';
import { fail } from '../../engine/errors.js';
import { listTrust, loadPolicy, readProjectSettings, revokeTrust, saveTrust, trustStorePath, type IgnoredSetting, type ProjectSettings } from '../../permissions/index.js';
import { readProjectSnapshot } from '../../permissions/policy-sources.js';
import { trustState } from '../../permissions/policy-trust.js';
import { Workspace } from '../../workspace/workspace.js';
import type { GlobalOptions } from '../global-options.js';
import { PLUGIN_ENV } from '../chatcli/plugin.js';

interface TrustIo {
  readonly stdout: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export const TRUST_USAGE = 'usage: codeward trust [-C DIR] [--revoke | --list] [--json]';

function out(io: TrustIo, options: GlobalOptions, cmd: string, data: unknown, text: string): number {
  io.stdout.write(options.json ? `${JSON.stringify({ ok: true, cmd, data, warnings: [] })}\n` : `${text}\n`);
  return 0;
}

// What the project's files loosen, i.e. what trusting them applies: the same bytes as recorded, read
// as if untrusted (a file swapped between two reads cannot show one content and record another).
// Keys no project can set (passEnv, sandboxReadable) are never applied, trusted or not: named apart.
async function loosening(settings: ProjectSettings, root: string, home: string): Promise<{ applied: IgnoredSetting[]; userOnly: readonly IgnoredSetting[] }> {
  const untrusted = { ...settings, trust: { ...settings.trust, trusted: false } };
  const { ignored, userOnly } = await configFromSettings(untrusted);
  const policy = await loadPolicy({ workspaceRoot: root, home, project: untrusted, strict: false });
  return { applied: [...ignored, ...policy.ignored], userOnly };
}

// Trusted, a project's files are read as the user's own are (strictly: an unknown key or a broken rule is an error):
// files that would then fail every call are refused here and nothing is recorded (newcomer pass 45: a trusted
// config with a typo made every later call fail with C210).
async function refuseFailing(settings: ProjectSettings, root: string, home: string): Promise<void> {
  const trusted = { ...settings, trust: { ...settings.trust, trusted: true } };
  try {
    await configFromSettings(trusted);
    await loadPolicy({ workspaceRoot: root, home, project: trusted, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw fail('C210', `codeward trust: nothing recorded: trusted, these files would fail every call: ${message.replace(/^error C2\d\d: /, '')}; fix them, then run codeward trust again`);
  }
}

async function listCommand(home: string, options: GlobalOptions, io: TrustIo): Promise<number> {
  const { records, problem } = await listTrust(home);
  if (problem) throw fail('C216', problem);
  const rows = await Promise.all(
    records.map(async (record) => {
      const state = await trustState(await readProjectSnapshot(record.root), home);
      return { root: record.root, trustedAt: record.trustedAt, trusted: state.trusted, changed: state.changed };
    }),
  );
  const text = rows.length === 0
    ? `no trusted workspace (${trustStorePath(home)})`
    : rows.map((row) => `${row.trusted ? 'trusted' : 'revoked'}  ${row.root}  (since ${row.trustedAt}${row.trusted ? '' : `; changed: ${row.changed.join(', ')}`})`).join('\n');
  return out(io, options, 'trust --list', { store: trustStorePath(home), workspaces: rows }, text);
}

// `codeward trust`: the person trusts the workspace's policy and config files exactly as they are now
// (SHA-256 of each, in ~/.codeward/trust.json); until then they can only tighten. Any change revokes it.
export async function trustCommand(rest: readonly string[], options: GlobalOptions, io: TrustIo): Promise<number> {
  const flags = rest.slice(1);
  // A ChatCLI plugin call runs the model's argv: trusting is a person's decision, never a tool call.
  const plugin = io.env[PLUGIN_ENV];
  if (plugin !== undefined && plugin !== '' && plugin !== '0' && !flags.includes('--list')) {
    throw fail('C210', `codeward trust is not available to a plugin call (${PLUGIN_ENV} is set): a person runs it in a terminal`);
  }
  const unknown = flags.find((flag) => flag !== '--revoke' && flag !== '--list');
  if (unknown !== undefined) throw fail('C210', `codeward trust: unknown argument ${JSON.stringify(unknown)}; ${TRUST_USAGE}`);
  if (flags.includes('--revoke') && flags.includes('--list')) throw fail('C210', `codeward trust: --revoke and --list do not go together; ${TRUST_USAGE}`);
  const rawHome = io.env['HOME'];
  if (!rawHome) throw fail('C210', 'codeward trust needs a home folder (HOME) to record the trust in ~/.codeward/trust.json');
  const home = resolve(rawHome);
  if (flags.includes('--list')) return listCommand(home, options, io);
  const workspace = await Workspace.open(options.workspace ?? io.cwd, { env: io.env });
  const root = workspace.root;
  if (flags.includes('--revoke')) {
    const removed = await revokeTrust(root, home);
    return out(io, options, 'trust --revoke', { root, revoked: removed }, removed ? `revoked trust in ${root}: its policy and config files can only tighten again` : `${root} was not trusted`);
  }
  // Read once: what is recorded is what was shown.
  const settings = await readProjectSettings(root, home);
  const loosened = await loosening(settings, root, home);
  const applied = loosened.applied;
  // The home folder as the workspace: its config is the user's own file too, so its passEnv does apply.
  const userOnly = (await realpath(home).catch(() => home)) === root ? [] : loosened.userOnly;
  await refuseFailing(settings, root, home);
  const record = await saveTrust(settings.snapshot, home);
  const present = settings.snapshot.files.filter((entry) => entry.digest !== null);
  const lines = [
    `trusted ${root}: ${present.length === 0 ? 'it has no policy or config file yet (one added later revokes the trust)' : present.map((entry) => `${entry.name} (${entry.digest!.slice(0, 19)}…)`).join(', ')}`,
    applied.length === 0 ? 'nothing they set loosens the defaults' : `now applied: ${applied.map((entry) => `${entry.file}: ${entry.setting}`).join('; ')}`,
    ...(userOnly.length > 0 ? [`still not applied (no project can set ${userOnly.length === 1 ? 'it' : 'them'}, trusted or not; set ${userOnly.length === 1 ? 'it' : 'them'} in your own ~/.codeward/config.json): ${userOnly.map((entry) => `${entry.file}: ${entry.setting}`).join('; ')}`] : []),
    'your own deny rules in ~/.codeward/ still win; a change to any of these files revokes the trust (codeward trust --revoke undoes it)',
  ];
  return out(io, options, 'trust', { root, trustedAt: record.trustedAt, files: record.files, applied, notApplied: userOnly, store: trustStorePath(home) }, lines.join('\n'));
}
