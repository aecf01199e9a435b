import { usageError } from '../../engine/errors.js';
import { normalizePattern } from '../../permissions/pattern.js';
import { readPolicyRules, removePolicyRule } from '../../permissions/policy-save.js';

interface SavedRule {
  pattern: string;
  action: string;
}

// `codeward policy forget`: lists the user's remembered answers for this workspace ("always" and "never"
// from the permission gate), numbered; `policy forget N` or `policy forget '<pattern>'` removes one, so
// the next such call asks again.
export async function forgetAnswer(file: string, which: string | undefined): Promise<{ text: string; removed?: SavedRule; rules: SavedRule[] }> {
  const rules = await readPolicyRules(file);
  if (which === undefined) {
    const text = rules.length === 0
      ? 'no remembered answers for this workspace (an "always" or "never" answer to a question is kept here)'
      : [...rules.map((rule, index) => `${index + 1}  ${rule.action.padEnd(5)} ${rule.pattern}`), 'remove one with: codeward policy forget N (or its pattern in quotes)'].join('\n');
    return { text, rules };
  }
  const number = /^\d+$/.test(which) ? Number(which) : undefined;
  const index = number !== undefined ? number - 1 : rules.findIndex((rule) => normalizePattern(rule.pattern) === normalizePattern(which));
  const removed = index >= 0 ? rules[index] : undefined;
  if (removed === undefined) {
    throw usageError(`no remembered answer ${number !== undefined ? `number ${which}` : `"${which}"`} for this workspace${rules.length === 0 ? ' (there are none)' : `; codeward policy forget lists the ${rules.length}`}`);
  }
  await removePolicyRule(file, index);
  return { text: `forgot: ${removed.action} ${removed.pattern} (the next such call asks again)`, removed, rules: rules.filter((_, at) => at !== index) };
}
