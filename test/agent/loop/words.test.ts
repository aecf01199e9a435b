import { describe, expect, it } from 'vitest';
import { messageInAgentWords } from '../../../src/agent/loop/words.js';
import { inAgentWords } from '../../../src/agent/loop/budget.js';
import { builtinCommands } from '../../../src/commands/index.js';

const command = (name: string) => builtinCommands.find((candidate) => candidate.name === name);

describe('a failed call\'s message in the model\'s JSON words', () => {
  it.each([
    ['read', 'use either --start/--end or --head/--tail, not both', 'use either "start"/"end" or "head"/"tail", not both'],
    ['patch', 'search text matches 2 times (lines 1, 2); add surrounding lines to make it unique, or pass --all to replace every match', 'search text matches 2 times (lines 1, 2); add surrounding lines to make it unique, or pass "all": true to replace every match'],
    ['search', 'invalid --regex term: regex could not be compiled', 'invalid "regex" term: regex could not be compiled'],
    ['tree', 'tree has no "depth"; it was taken as --max-depth, and --max-depth expects a whole number, got "deep"', 'tree has no "depth"; it was taken as "maxDepth", and "maxDepth" expects a whole number, got "deep"'],
    ['create', 'unknown flag --path for create; valid flags: --files', 'unknown flag --path for create; valid keys: "files"'],
  ])('%s: %s', (name, message, expected) => {
    expect(messageInAgentWords(message, command(name))).toBe(expected);
  });

  it('names a list item\'s path and replaces the help page it cannot open with the shape of the key it got wrong', () => {
    const said = messageInAgentWords('multipatch: missing required flag --edits[0.file]; unknown keys "path" in --edits[0] (see: codeward multipatch --help)', command('multipatch'));
    expect(said).toBe('multipatch: missing required key "edits[0].file"; unknown keys "path" in "edits[0]" (edits: JSON array of {file, search, replace, encoding?, all?}, applied in order, all or nothing)');
    expect(messageInAgentWords('update: --files[0.ops.0.op] has none of the accepted forms', command('update'))).toBe('update: "files[0].ops[0].op" has none of the accepted forms');
  });

  it('leaves what is not the command\'s own flag as written: a shell line\'s options, a person\'s flags, a path', () => {
    const refusal = '@coder exec npm test -- --watch was not run: only --version / -V is read-only; the person can rerun with --allow "@coder exec?npm test" or --approval-mode yolo';
    expect(messageInAgentWords(refusal, command('exec'))).toBe(refusal);
    expect(messageInAgentWords('src/--start.txt: no such file', command('read'))).toBe('src/--start.txt: no such file');
  });

  // Red team round 7: the agent's refusal told the model `@coder undo "allSessions" .`, a call no rule or
  // `policy check` spells that way. A call or rule as the gate renders it keeps the CLI names of its flags.
  it('keeps a rendered call and rule in their CLI spelling, and still rewrites the flags around them', () => {
    const refusal = '@coder undo --all-sessions --steps 2 . was not run: it needs approval; the person can rerun with --allow "@coder undo?--all-sessions --steps 2 ."; or pass --turn';
    expect(messageInAgentWords(refusal, command('undo'))).toBe('@coder undo --all-sessions --steps 2 . was not run: it needs approval; the person can rerun with --allow "@coder undo?--all-sessions --steps 2 ."; or pass "turn": true');
    const clean = "denied: @coder clean --pattern '*.it'\\''s' --force . — no";
    expect(messageInAgentWords(clean, command('clean'))).toBe(clean);
  });
});

// Newcomer pass 2: a note naming a whole call of the command (`all of them: checkpoints --id 7`) reached the
// model as `checkpoints "id": 7`; it is the JSON call it sends. A read's bracketed continuation too.
describe('a result\'s bracketed note in the model\'s JSON words', () => {
  it('renders a whole call of the command as the JSON call, and other flags as keys', () => {
    const listed = '7  2026-12-02T20:08:10.599Z  create via cli: a1 (created), a2 (created), a3, a4, a5 and 2 more\n[change 7: 5 of its 7 files shown; all of them: checkpoints --id 7]';
    expect(inAgentWords(listed, command('checkpoints'))).toBe(listed.replace('checkpoints --id 7]', '{"cmd":"checkpoints","args":{"id":7}}]'));
    expect(inAgentWords('[cut at --max-bytes; continue with read --file a.ts --start 41]', command('read'))).toBe('[cut at "maxBytes"; continue with {"cmd":"read","args":{"file":"a.ts","start":41}}]');
    // A result's own advice line (issue 29 live run: rename-symbol told the model "pass --textual").
    expect(inAgentWords('renamed a to b in 1 file\nnot renamed (textual: pass --textual to include them): 2\n  x.js:3:1 a --textual', command('rename-symbol'))).toBe('renamed a to b in 1 file\nnot renamed (textual: pass "textual" to include them): 2\n  x.js:3:1 a --textual');
  });
});
