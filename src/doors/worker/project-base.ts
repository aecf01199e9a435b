import { join, relative, sep } from 'node:path';
import picomatch from '../../workspace/picomatch.js';
import { configFromSettings } from '../../engine/config.js';
import { readUserConfig } from '../../engine/config-user.js';
import { readProjectSettings } from '../../permissions/policy-load.js';
import { decideParsed, DenialTracker, loadPolicy, pathJudged, type Policy } from '../../permissions/index.js';
import { OBEYED_CATALOGUE } from '../../permissions/obeyed.js';

// Where a project config.yaml (a file the repository ships: tighten-only) may move the worker's root
// (red team round 6 R6-3, R6-4). The write gate's catalogue, the safety-immune paths and the non-accessible
// globs are matched on paths relative to the root, so a root INSIDE a protected or hidden folder leaves
// nothing of it protected or hidden (base_path ./.git: hooks/pre-commit is an ordinary file there; base_path
// ./secrets: **/secrets/** hides nothing). A narrower root is a tightening only when it is an ordinary
// folder: no folder on the way is hidden (a leading dot: where tools keep what they obey), none is where a
// catalogue pattern reaches into (gradle/wrapper, lib*/python*/..., bin/ of a venv), and none is covered by
// a non-accessible glob (the worker's, and the working folder's own codeward settings'), and none is where
// the working folder's policy denies, asks by a rule, or protects (a file read or created there).

const wild = (name: string): RegExp => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
const PATTERNS: readonly RegExp[][] = OBEYED_CATALOGUE.map((entry) => entry.pattern.split('/').map(wild));

// A run of folder names that a catalogue pattern starts with (or is): a root there cuts the pattern.
function catalogueInto(tail: readonly string[]): boolean {
  return PATTERNS.some((names) => names.length >= tail.length && tail.every((name, at) => names[at]!.test(name)));
}

// The policy's word on a file read or created in `folder` (judged from `root`), when it is not plain yes.
function ruledFolder(policy: Policy, root: string, folder: string): string | undefined {
  const probe = `${folder}/x`;
  for (const [command, effect] of [['read', 'read'], ['create', 'write']] as const) {
    const decision = decideParsed(pathJudged(command, effect, probe, effect, [], join(root, probe)), { policy, denials: new DenialTracker() });
    if (decision.decision === 'deny' || decision.source === 'immune' || (decision.decision === 'ask' && decision.source !== 'default')) return decision.reason;
  }
  return undefined;
}

// Why `base` (inside `root`) may not be the root a project file chooses; undefined when it may.
export async function projectBaseProblem(root: string, base: string, globs: readonly string[], home?: string): Promise<string | undefined> {
  const rel = relative(root, base);
  if (rel === '') return undefined;
  const names = rel.split(sep);
  // The working folder's settings as every door applies them: the user's ~/.codeward/config and the project's.
  const settings = await readProjectSettings(root, home).then(async (project) => (await configFromSettings(project, await readUserConfig(home))).config).catch(() => undefined);
  const policy = await loadPolicy({ workspaceRoot: root, ...(home ? { home } : {}) }).catch(() => undefined);
  const hidden = picomatch([...globs, ...(settings?.nonAccessibleGlobs ?? [])], { dot: true });
  for (let at = 0; at < names.length; at += 1) {
    const folder = names.slice(0, at + 1).join('/');
    if (names[at]!.startsWith('.')) return `${folder} is a hidden folder (where tools keep what they run or obey)`;
    if (hidden(folder) || hidden(`${folder}/x`)) return `${folder} is non-accessible (a non-accessible glob covers it)`;
    const ruled = policy ? ruledFolder(policy, root, folder) : undefined;
    if (ruled !== undefined) return `${folder} is where the policy says: ${ruled}`;
    for (let from = 0; from <= at; from += 1) {
      if (catalogueInto(names.slice(from, at + 1))) return `${folder} holds files that programs run or obey (the write gate protects paths in it only from a root above it)`;
    }
  }
  return undefined;
}
