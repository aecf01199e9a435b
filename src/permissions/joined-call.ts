import { quoteWord } from './quote-word.js';
import { EDIT_COMMANDS, exactCallRule } from './scopes.js';
import type { Judged } from './types.js';

// A call judged as several path parts (gate.ts joinedQuestion): the text the question shows, and whether its parts
// play different roles. An edit command's parts are each a file it writes alike (create/update/multipatch of several
// files: each file's own rule is what "always" saves, red team R30-5); another command's parts are the roles of ONE
// effect (`move a.txt b.txt`: a source and a destination), so a rule per part would also allow the reverse move and
// any move between two such paths (red team R37-b4): its "always" saves one rule for the call as the question spelled
// it, and only that rule, matched against the whole call's text, allows the call again.

// `@coder move a.txt b.txt`: the call's head (tool and effect flags) and every part's subject, each quoted as the shell
// reads it back (red team R38-b6: joined bare, `move {a b -> c}` and `move {a -> b c}` were one text, one rule).
export function joinedCallText(parts: readonly Pick<Judged, 'call' | 'subject'>[]): string {
  const first = parts[0]!;
  const head = first.call.slice(0, first.call.length - (first.subject?.length ?? 0)).trimEnd();
  return `${head} ${parts.map((part) => quoteWord(part.subject ?? '')).join(' ')}`;
}

export const ofRoles = (parts: readonly Pick<Judged, 'command' | 'kind' | 'detected'>[]): boolean =>
  parts.length > 1 && parts.every((part) => part.kind === 'path' && part.detected !== true) && !EDIT_COMMANDS.includes(parts[0]!.command);

// The one allow rule a call of roles saves: its whole text, matched whole.
export const joinedCallRule = (parts: readonly Pick<Judged, 'tool' | 'call' | 'subject'>[]): string => exactCallRule({ tool: parts[0]!.tool, call: joinedCallText(parts) });
