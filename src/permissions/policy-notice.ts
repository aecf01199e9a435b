import { formatIgnored, type IgnoredSetting } from './policy-sources.js';
import type { ProjectSettings } from './policy-load.js';

// One line for the person (and the model) about workspace trust, or undefined when there is nothing to
// say: the project's files are trusted, or they loosen nothing.
export function trustNotice(project: ProjectSettings, ignored: readonly IgnoredSetting[]): string | undefined {
  const { trust, snapshot } = project;
  const parts: string[] = [];
  if (trust.problem) parts.push(trust.problem);
  if (trust.recorded && !trust.trusted) {
    parts.push(`trust in ${snapshot.root} was revoked: ${trust.changed.join(', ')} changed since "codeward trust" (${trust.trustedAt ?? 'unknown time'})`);
  }
  if (ignored.length > 0) {
    parts.push(`this workspace is not trusted, so its settings can only tighten; ignored: ${ignored.map(formatIgnored).join('; ')}`);
  }
  if (parts.length === 0) return undefined;
  return `${parts.join('. ')}. A person who has reviewed these files can run "codeward trust -C ${snapshot.root}" to apply them (codeward doctor shows the state)`;
}
