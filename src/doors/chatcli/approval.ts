import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../../engine/errors.js';
import { parseCall, type ParsedCall } from '../../args/index.js';
import type { Registry } from '../../engine/registry.js';
import type { Approver } from '../../permissions/index.js';
import { goFields, goTrim } from './go-space.js';

// The ChatCLI plugin wrapper passes --yes because ChatCLI asks the person before it runs `@coder`
// (docs/chatcli-plugin.md). That holds only where ChatCLI really asks. It does NOT ask (chatcli-behaviour.md
// §6.1, §6.5, §6.6) when an allow rule matches, and the workspace's own `coder_policy.json` (a file the
// repository ships) is one of its policy files; nor for an `exec` line its read-only allowlist accepts, and
// that allowlist judges only the first word (`ls && rm -f x`, `git config --global ...`, `sed -i` after
// `--in-place` spellings). For such a call codeward's --yes would turn "nobody was asked" into "yes"
// (THREAT-MODEL invariant 7), so the plugin door does not apply --yes to it: codeward's own policy decides,
// and what would need a person is refused (C241).

// The command names of ChatCLI's read-only exec allowlist (readonly_allowlist.go, 64 entries).
const CHATCLI_READONLY_NAMES: ReadonlySet<string> = new Set([
  'ls', 'll', 'cat', 'head', 'tail', 'less', 'more', 'wc', 'file', 'stat', 'du', 'df', 'find', 'tree', 'realpath', 'readlink',
  'basename', 'dirname', 'md5sum', 'sha256sum',
  'grep', 'egrep', 'fgrep', 'rg', 'ag', 'awk', 'sed', 'sort', 'uniq', 'cut', 'tr', 'diff', 'comm', 'jq', 'yq', 'xmllint',
  'git', 'go', 'node', 'python', 'python3', 'rustc', 'java',
  'uname', 'hostname', 'whoami', 'id', 'date', 'uptime', 'env', 'printenv', 'which', 'whereis', 'type',
  'docker', 'kubectl', 'npm', 'yarn', 'pip', 'pip3', 'cargo',
  'echo', 'printf', 'pwd',
]);

// ChatCLI's first-word reading of a shell line: a path prefix and .exe/.bat/.cmd stripped, case-insensitive.
const baseName = (word: string): string => word.replace(/^.*[\\/]/, '').replace(/\.(?:exe|bat|cmd)$/i, '').toLowerCase();

// Numeric character references as Go's html.UnescapeString decodes them (`&#115;`, `&#x73;`, the `;` optional).
const numericEntities = (text: string): string => text.replace(/&#(?:[xX]([0-9a-fA-F]+)|(\d+));?/g, (_, hex: string | undefined, dec: string | undefined) => {
  const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
});

// The names ChatCLI may read first in the line (red team R32-4): ChatCLI judges the line after NormalizeCoderArgs
// (chatcli-behaviour.md §6.2: HTML-unescape, trim, a JSON-ish unescape of quotes and backslashes), the plugin runs
// it as given, so `l&#x73;<newline>touch x` is `ls …` to ChatCLI's read-only allowlist and `l &` + `touch x` to bash.
// The name as given, and as those steps may make it. A named reference in the first word (`cat&NewLine;x`: a
// newline to ChatCLI) cannot be told here: an empty name stands for "unknown", which the caller counts as listed.
function chatcliNames(line: string): string[] {
  // Trimmed and split as Go does (go-space.ts: U+0085 is a space to ChatCLI, U+FEFF is not).
  const first = (text: string): string => goFields(text)[0] ?? '';
  const raw = first(line);
  const decoded = first(numericEntities(line));
  const names = [baseName(raw), baseName(decoded), baseName(decoded.replace(/["'\\]/g, ''))];
  return /&[A-Za-z]/.test(decoded) ? [...names, ''] : names;
}

// The subcommand and (for exec) the shell line of a plugin call: `exec --cmd LINE`, `exec LINE`, or one JSON envelope.
function callOf(rest: readonly string[]): { sub: string; line?: string } {
  const first = rest[0] ?? '';
  if (first.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(first) as { cmd?: unknown; args?: Record<string, unknown> };
      const line = parsed.args?.['cmd'] ?? parsed.args?.['command'];
      return { sub: String(parsed.cmd ?? ''), ...(typeof line === 'string' ? { line } : {}) };
    } catch {
      return { sub: '' };
    }
  }
  for (let index = 1; index < rest.length; index += 1) {
    const token = rest[index]!;
    if (token === '--cmd' || token === '--command') return { sub: first, ...(rest[index + 1] === undefined ? {} : { line: rest[index + 1]! }) };
    const eq = /^--(?:cmd|command)=(.*)$/s.exec(token);
    if (eq) return { sub: first, line: eq[1]! };
  }
  return rest[1] !== undefined && !rest[1].startsWith('-') ? { sub: first, line: rest[1] } : { sub: first };
}

// A JSON object's member as Go's encoding/json finds a struct field's: the key matched case-insensitively (Unicode
// simple folding: `ſ` is `s`, the Kelvin sign `K` is `k`), and of several keys that fold alike the last one wins
// (red team R31-2: `{"Rules":[{"Pattern":"@coder","Action":"allow"}]}` is ChatCLI's allow rule too).
const goFold = (key: string): string => key.replace(/\u017f/g, 's').replace(/\u212a/g, 'k').toLowerCase();
function goMember(object: unknown, name: string): unknown {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return undefined;
  let found: unknown;
  for (const [key, value] of Object.entries(object)) if (goFold(key) === name) found = value;
  return found;
}

// ChatCLI's local policy file: its allow rules, or none when it is absent or unreadable (ChatCLI ignores it then).
// Read as ChatCLI (Go) reads it: keys folded (goMember). An exact `allow` is the action; any other case of it is
// taken as allow too (whether ChatCLI lower-cases it is not known here: counting it is the safe side).
async function localAllowPatterns(cwd: string): Promise<string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(cwd, 'coder_policy.json'), 'utf8'));
  } catch {
    return [];
  }
  const rules = goMember(parsed, 'rules');
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule) => {
    const pattern = goMember(rule, 'pattern');
    const action = goMember(rule, 'action');
    return typeof pattern === 'string' && typeof action === 'string' && goTrim(action).toLowerCase() === 'allow' ? [goTrim(pattern)] : [];
  });
}

// Why ChatCLI may have run this call without asking anyone, or undefined when it must have asked.
export async function unaskedReason(rest: readonly string[], cwd: string, registry: Registry): Promise<string | undefined> {
  const { sub, line } = callOf(rest);
  // What codeward will run must be what ChatCLI judged: a call the engine repairs (trailing commas, single
  // quotes, bad escapes) or reads otherwise (an alias, another key) may have been judged as something else.
  let parsed: ParsedCall;
  try {
    parsed = parseCall(rest.length === 1 && rest[0]!.trimStart().startsWith('{') ? rest[0]! : rest, registry);
  } catch {
    return undefined; // the engine refuses it (C210) before anything runs
  }
  if (parsed.recovered !== undefined) return `codeward had to repair the call (${parsed.recovered}), so what ChatCLI judged may not be what would run`;
  const runs = typeof parsed.args['cmd'] === 'string' ? parsed.args['cmd'] : undefined;
  if (parsed.command.name !== sub || runs !== line) return 'ChatCLI may have read this call as another command or shell line than codeward would run';
  const tool = `@coder ${sub}`;
  // Any local allow rule that could cover this subcommand (ChatCLI matches string prefixes).
  const local = (await localAllowPatterns(cwd)).find((pattern) => pattern !== '' && (tool.startsWith(pattern) || pattern.startsWith(tool)));
  if (local !== undefined) {
    return `the workspace's coder_policy.json (a file the repository controls) allows "${local}", so ChatCLI may have run this call without asking you`;
  }
  if (sub === 'exec') {
    if (line === undefined) return 'the shell line ChatCLI judged cannot be told from the arguments';
    const names = chatcliNames(line);
    if (names.includes('')) return 'ChatCLI reads this shell line after decoding HTML character references in its first word, so which program it judged cannot be told';
    const name = names.find((each) => CHATCLI_READONLY_NAMES.has(each));
    if (name !== undefined) {
      return `ChatCLI runs shell lines starting with "${name}" without asking (its read-only allowlist reads only the first word, so "${name} ... && rm x" passes)`;
    }
  }
  return undefined;
}

// The plugin door's approver when the wrapper passed --yes and ChatCLI may not have asked: every ask is refused
// (C241) with the reason and the fix; deny rules, the danger classifier and immune paths apply as always.
export function unaskedApprover(reason: string): Approver {
  return async (request) => {
    throw fail('C241', `${request.judged} needs approval (${request.reason}) and the ChatCLI plugin's --yes does not approve it: ${reason}. ${unaskedFix(request)}`);
  };
}

// The narrowest rule that would allow the call (the gate's suggestion: the exact line or one command of
// it), never the bare tool: `@coder exec` is a prefix rule that would allow every shell line.
function unaskedFix(request: Parameters<Approver>[0]): string {
  if (request.source === 'immune') return 'It is safety-immune, so no allow rule approves it: run it yourself';
  const rule = request.suggestion ?? (request.kind === 'shell' ? undefined : request.tool);
  if (rule === undefined) return 'No allow rule can approve this shell line (see the reason above): run it yourself, or let the model use codeward\'s file commands instead';
  return `Run it yourself, or allow it in codeward's own policy (e.g. ~/.codeward/policy.json: {"rules": [{"pattern": ${JSON.stringify(rule)}, "action": "allow"}]})`;
}
