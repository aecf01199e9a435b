import type { ScriptPin } from '../engine/command.js';
import type { PreparedCall } from '../engine/engine.js';
import type { Policy } from './policy.js';
import type { ApprovalPreview, ApprovalRequest, Judged } from './types.js';

// A keyed "always" for a line that runs repository scripts (red team R16-5): `npm test` runs what
// package.json says at run time, so the rule an "always" saves keeps the digest of the script lines the
// question showed and of the files they name (RunPreview.scriptPin, shell/run-scripts.ts). Every later call
// reads them again through its own run preview, the same reading the question was rendered from, and a
// pinned rule matches only the same digest (Policy.match): a changed script asks again, and the question
// says what changed. A reading that could not follow everything the line may run has no key: no "always".

// At most this many changed lines named in the question (the rest counted).
const CHANGED_LINES = 20;

// The call's parts with the digest of the scripts it runs now, when a pinned rule could match it: only then
// is the run preview read before deciding (it is read anyway when someone is asked).
export async function withPins(call: PreparedCall, judged: Judged[], policy: Policy): Promise<Judged[]> {
  if (!policy.pinned || call.command.runs === undefined || call.preview === undefined) return judged;
  const pin = (await call.preview().catch(() => undefined))?.runs?.scriptPin?.sha256;
  return pin === undefined ? judged : judged.map((entry) => ({ ...entry, pin }));
}

// The key an "always" saves for this question: the preview's, when it shows script lines.
export const pinOf = (shown: ApprovalPreview | undefined): ScriptPin | undefined => (shown?.runs?.script ? shown.runs.scriptPin : undefined);

// What an earlier "always" for the same rule was given, against what runs now: the question's notes.
function changes(old: ScriptPin, now: ScriptPin, file: string | undefined): string[] {
  const removed = old.lines.filter((line) => !now.lines.includes(line));
  const added = now.lines.filter((line) => !old.lines.includes(line));
  const files = [...new Set([...Object.keys(old.files), ...Object.keys(now.files)])].filter((name) => old.files[name] !== now.files[name]);
  const diff = [...removed.map((line) => `- ${line}`), ...added.map((line) => `+ ${line}`)];
  const shown = diff.slice(0, CHANGED_LINES);
  return [
    `asked again: the scripts this line runs changed since "always" was answered for it (${file ?? 'a pinned rule'}); the rule holds only for the lines it was given for`,
    ...shown.map((line) => `changed: ${line}`),
    ...(diff.length > shown.length ? [`changed: … ${diff.length - shown.length} more changed lines`] : []),
    ...(diff.length === 0 && files.length > 0 ? [`changed: ${files.join(', ')} (outside the lines shown: a variable, another rule or a line past those shown)`] : []),
  ];
}

// The question as asked: "always" kept only where it can be keyed (its narrowest scope, the exact rule),
// and the notes that say what changed since an earlier "always" for the same rule.
export function pinnedQuestion(request: ApprovalRequest, shown: ApprovalPreview | undefined, policy: Policy): ApprovalRequest {
  if (!shown?.runs?.script) return request;
  const pin = pinOf(shown);
  if (pin === undefined || !request.options.includes('always')) {
    return { ...request, options: request.options.filter((option) => option !== 'always'), scopes: undefined, saves: undefined };
  }
  const rule = request.scopes?.[0]?.rules[0] ?? request.suggestion;
  const earlier = rule === null ? [] : policy.pinsOf(rule).filter((each) => each.pin!.sha256 !== pin.sha256);
  const notes = earlier.length > 0 ? changes(earlier[0]!.pin!, pin, earlier[0]!.file) : [];
  const scopes = request.scopes?.slice(0, 1);
  return { ...request, ...(scopes ? { scopes } : {}), preview: { ...shown, notes: [...notes, ...shown.notes] } };
}
