import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fail, toCodewardError } from '../engine/errors.js';
import { atomicWrite } from '../files/atomic-write.js';
import { normalizePattern } from './pattern.js';
import { formatProblem, parsePolicyText } from './policy-file.js';
import type { ScriptPin } from '../engine/command.js';
import type { Action } from './types.js';

// Adds `pattern → action` to a policy file (or changes the action of the identical pattern), keeping
// everything else in the file; creates the file when missing. Returns the rule's index.
// A file with problems is never rewritten: the caller's rule would land in a file we do not understand.
// `pin`: an "always" keyed on the scripts the line runs (types.ts Rule.pin); a rule saved without one drops
// the identical pattern's old pin (the person's new answer covers the call whatever its scripts).
export async function savePolicyRule(file: string, pattern: string, action: Action, pin?: ScriptPin): Promise<number> {
  let data: Record<string, unknown> = { rules: [] };
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw toCodewardError(error, file);
  }
  if (text !== undefined) {
    const parsed = parsePolicyText(text, file);
    if (parsed.problems.length > 0) {
      throw fail('C210', `cannot save the rule "${pattern}": the policy file has problems:\n${parsed.problems.map(formatProblem).join('\n')}`);
    }
    data = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  }
  const rules = data['rules'] as Array<{ pattern: string; action: string; pin?: ScriptPin }>;
  let index = rules.findIndex((rule) => normalizePattern(rule.pattern) === pattern);
  if (index >= 0) {
    const { pin: _old, ...rest } = rules[index]!;
    rules[index] = { ...rest, action, ...(pin ? { pin } : {}) };
  } else index = rules.push({ pattern, action, ...(pin ? { pin } : {}) }) - 1;
  try {
    await mkdir(dirname(file), { recursive: true });
    await atomicWrite(file, `${JSON.stringify(data, null, 2)}\n`);
  } catch (error) {
    throw toCodewardError(error, file);
  }
  return index;
}

// The rules a policy file holds as written (none when it does not exist); refuses (C210) a file with
// problems, like savePolicyRule.
export async function readPolicyRules(file: string): Promise<{ pattern: string; action: string }[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw toCodewardError(error, file);
  }
  const parsed = parsePolicyText(text, file);
  if (parsed.problems.length > 0) throw fail('C210', `the policy file has problems (fix or remove it):\n${parsed.problems.map(formatProblem).join('\n')}`);
  const data = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  return (data['rules'] as { pattern: string; action: string }[] | undefined) ?? [];
}

// Removes the rule at `index` (as readPolicyRules lists them), keeping everything else in the file.
export async function removePolicyRule(file: string, index: number): Promise<void> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw toCodewardError(error, file);
  });
  const data = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  const rules = (data['rules'] as unknown[] | undefined) ?? [];
  try {
    await atomicWrite(file, `${JSON.stringify({ ...data, rules: rules.filter((_, at) => at !== index) }, null, 2)}\n`);
  } catch (error) {
    throw toCodewardError(error, file);
  }
}
