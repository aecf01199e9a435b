import { describe, expect, it } from 'vitest';
import { messageInAgentWords } from '../../../src/agent/loop/words.js';
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
