import { formatIgnored, type IgnoredSetting } from './policy-sources.js';
import type { ProjectSettings } from './policy-load.js';
import { shellArg } from '../engine/shell-word.js';

// One line for the person (and the model) about workspace trust, or undefined when there is nothing to
// say: the project's files are trusted and set nothing a project cannot, or they loosen nothing. It
// names exactly what is not applied (what a tightening setting adds is applied and not named), which of
// that `codeward trust` would apply, and which keys no project can ever set (`userOnly`).
// `notes`: other facts about the files (a second config file that is not read).
export function trustNotice(project: ProjectSettings, ignored: readonly IgnoredSetting[], userOnly: readonly IgnoredSetting[] = [], notes: readonly string[] = []): string | undefined {
  const { trust, snapshot } = project;
  const parts: string[] = [];
  if (trust.problem) parts.push(trust.problem);
  if (trust.recorded && !trust.trusted) {
    parts.push(`trust in ${snapshot.root} was revoked: ${trust.changed.join(', ')} changed since "codeward trust" (${trust.trustedAt ?? 'unknown time'})`);
  }
  if (ignored.length > 0) parts.push(`untrusted workspace, so its settings only tighten; not applied: ${ignored.map(formatIgnored).join('; ')}`);
  // A setting of an enclosing project (project-enclosing.ts, named by its absolute path) is trusted at that project's top.
  const tops = (project.enclosing ?? []).map((outer) => outer.snapshot.root).filter((top) => ignored.some((entry) => entry.file.startsWith(`${top}/`)));
  const own = trust.problem !== undefined || (trust.recorded && !trust.trusted) || ignored.some((entry) => !tops.some((top) => entry.file.startsWith(`${top}/`)));
  const commands = [...(own ? [snapshot.root] : []), ...tops].map((root) => `"codeward trust -C ${shellArg(root)}"`).join(' and ');
  const lines = parts.length > 0 ? [`${parts.join('; ')}; ${commands} applies them once you have reviewed the files`] : [];
  if (userOnly.length > 0) {
    lines.push(`never applied from a project, trusted or not: ${userOnly.map((entry) => `${entry.file}: ${entry.setting}`).join(', ')} (set ${userOnly.length === 1 ? 'it' : 'them'} in your own ~/.codeward/config.json)`);
  }
  lines.push(...notes);
  if (lines.length === 0) return undefined;
  return `${lines.join('; ')} (codeward doctor shows the state)`;
}
