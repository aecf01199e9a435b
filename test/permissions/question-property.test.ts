import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { delegateCommand } from '../../src/commands/delegate.js';
import type { AnyCommand } from '../../src/engine/command.js';
import type { Engine } from '../../src/engine/engine.js';
import { describeFlags } from '../../src/engine/flags.js';
import { questionText } from '../../src/permissions/question.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

// Invariant 8 for EVERY command (issue 26): each argument of a command that can change files or run
// something is accounted for in the question a person is asked. It is one of:
// - effect:  declared in effectArgs, rendered as a flag in the call and the rules (effect-args.test.ts);
// - subject: the path or shell line the question names;
// - content: decides the bytes written, so the diff of the handler's own dry run shows it: changing only
//   that argument changes the rendered question (checked below, through the real engine);
// - none:    cannot change what is written or run (the reason is given).
// A new flag fails the first test until it is classified here.

type Kind = 'effect' | 'subject' | 'content' | `none: ${string}`;

const SYNTAX = 'none: only refuses a broken result, never changes the bytes';
const SUBAGENT = 'none: every call of the subagent is asked on its own';
const SYMBOL_EDIT = { file: 'subject', symbol: 'content', kind: 'content', withComments: 'content', content: 'content', syntaxCheck: SYNTAX } as const;

const CLASSES: Record<string, Record<string, Kind>> = {
  write: { file: 'subject', content: 'content', encoding: 'content', append: 'content', syntaxCheck: SYNTAX },
  patch: { file: 'subject', search: 'content', replace: 'content', all: 'content', encoding: 'content', diff: 'content', diffEncoding: 'content', syntaxCheck: SYNTAX },
  multipatch: { edits: 'content', syntaxCheck: SYNTAX },
  update: { files: 'content', syntaxCheck: SYNTAX },
  create: { files: 'content', syntaxCheck: SYNTAX },
  delete: { paths: 'subject', recursive: 'effect' },
  move: { from: 'subject', to: 'subject', force: 'effect' },
  'replace-symbol': SYMBOL_EDIT,
  'insert-before-symbol': SYMBOL_EDIT,
  // Text goes after the symbol's end: the comments above it change nothing.
  'insert-after-symbol': { ...SYMBOL_EDIT, withComments: 'none: the comments are above the symbol, the text goes after it' },
  'delete-symbol': { file: 'subject', symbol: 'content', kind: 'content', withComments: 'content', syntaxCheck: SYNTAX },
  // The symbol and its new name are effect flags (red team R16-2: an "always" covers this rename only); --dir
  // is where the references are searched, shown as its own part of the call.
  'rename-symbol': { file: 'subject', symbol: 'effect', to: 'effect', kind: 'effect', dir: 'content', textual: 'effect', dryRun: 'none: writes nothing', syntaxCheck: SYNTAX },
  exec: { cmd: 'subject', dir: 'effect', timeout: 'effect', stage: 'effect' },
  test: { dir: 'effect', cmd: 'subject', pattern: 'effect', timeout: 'effect', stage: 'effect' },
  undo: { steps: 'effect', force: 'effect', allSessions: 'effect', turn: 'effect' },
  redo: { steps: 'effect', force: 'effect', allSessions: 'effect', turn: 'effect' },
  restore: { to: 'effect', force: 'effect' },
  rollback: { file: 'subject' },
  clean: { dir: 'subject', pattern: 'effect', dryRun: 'none: writes nothing', force: 'effect' },
  delegate: { prompt: SUBAGENT, description: SUBAGENT, tools: 'effect', readOnly: 'effect', maxTurns: SUBAGENT },
};

const commands: readonly AnyCommand[] = [...builtinCommands, delegateCommand];
const acting = commands.filter((command) => command.effect !== 'read' && command.effect !== 'vcs');

test('every argument of every command that writes or runs is classified, and effect flags are exactly effectArgs', () => {
  for (const command of acting) {
    const classes = CLASSES[command.name];
    expect(classes, `${command.name} is classified`).toBeDefined();
    expect(Object.keys(classes!).sort(), command.name).toEqual(describeFlags(command).map((flag) => flag.name).sort());
    expect(Object.entries(classes!).filter(([, kind]) => kind === 'effect').map(([flag]) => flag).sort(), command.name).toEqual([...command.effectArgs].sort());
  }
});

const b64 = (text: string): string => Buffer.from(text).toString('base64');
const DIFF = '--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n one\n';
const NEW_GREET = 'export function greet(): string {\n  return "yo";\n}';

// For each content argument: a base call and the same call with only that argument changed.
const PAIRS: Record<string, [Record<string, unknown>, unknown]> = {
  'write.content': [{ file: 'a.txt', content: 'bmV3Cg==' }, 'b3RoZXIK'],
  'write.encoding': [{ file: 'a.txt', content: 'bmV3Cg==' }, 'base64'],
  'write.append': [{ file: 'a.txt', content: 'new\n' }, true],
  'patch.search': [{ file: 'a.txt', search: 'two', replace: '2' }, 'three'],
  'patch.replace': [{ file: 'a.txt', search: 'two', replace: '2' }, '3'],
  'patch.all': [{ file: 'a.txt', search: 'one', replace: '1' }, true],
  'patch.encoding': [{ file: 'a.txt', search: b64('two'), replace: b64('2') }, 'base64'],
  'patch.diff': [{ diff: DIFF }, DIFF.replace('+2', '+3')],
  'patch.diffEncoding': [{ diff: b64(DIFF) }, 'base64'],
  'multipatch.edits': [{ edits: [{ file: 'a.txt', search: 'two', replace: '2' }] }, [{ file: 'a.txt', search: 'two', replace: '3' }]],
  'update.files': [{ files: [{ path: 'a.txt', ops: [{ op: 'insert', at_line: 2, content: 'x' }] }] }, [{ path: 'a.txt', ops: [{ op: 'insert', at_line: 2, content: 'y' }] }]],
  'create.files': [{ files: [{ path: 'n.txt', content: 'x\n' }] }, [{ path: 'n.txt', content: 'y\n' }]],
  ...Object.fromEntries(['replace-symbol', 'insert-before-symbol', 'insert-after-symbol'].flatMap((name) => [
    [`${name}.symbol`, [{ file: 'src/m.ts', symbol: 'greet', content: NEW_GREET }, 'other']],
    [`${name}.content`, [{ file: 'src/m.ts', symbol: 'greet', content: NEW_GREET }, NEW_GREET.replace('yo', 'hey')]],
    [`${name}.kind`, [{ file: 'src/m.ts', symbol: 'greet', content: NEW_GREET }, 'class']],
    [`${name}.withComments`, [{ file: 'src/m.ts', symbol: 'greet', content: NEW_GREET }, true]],
  ])),
  'delete-symbol.symbol': [{ file: 'src/m.ts', symbol: 'greet' }, 'other'],
  'delete-symbol.kind': [{ file: 'src/m.ts', symbol: 'greet' }, 'class'],
  'delete-symbol.withComments': [{ file: 'src/m.ts', symbol: 'greet' }, true],
  'rename-symbol.dir': [{ file: 'src/m.ts', symbol: 'greet', to: 'hello' }, 'src'],
};

describe('changing only a content argument changes the question (the dry run\'s diff shows it)', () => {
  let box: Sandbox;
  let engine: Engine;
  const questions: ApprovalRequest[] = [];
  beforeAll(async () => {
    box = await sandbox();
    engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => {
      // Stops the call without an answer: a "no" would count toward the session's denial limits.
      questions.push(request);
      throw new Error('asked');
    } } });
    await writeFiles(box.root, {
      'a.txt': 'one\ntwo\none\n',
      'src/m.ts': '// says hi\nexport function greet(): string {\n  return "hi";\n}\n\nexport function other(): string {\n  return greet();\n}\n',
      'src/use.ts': "import { greet } from './m.js';\n\n// greet is named here\nexport const x = greet();\n",
      'lib/c.ts': "import { greet } from '../src/m.js';\n\nexport const y = greet();\n",
    });
  });
  afterAll(async () => {
    await engine.close();
    await box.cleanup();
  });

  // The question asked for the call, as the CLI and MCP show it (every door renders the same lines); ''
  // for a call refused before anyone is asked (a diff in another encoding than said cannot be read).
  async function asked(name: string, args: Record<string, unknown>): Promise<string> {
    questions.length = 0;
    await engine.run({ cmd: name, args });
    expect(questions.length, `${name} ${JSON.stringify(args)} asks at most once`).toBeLessThanOrEqual(1);
    return questions[0] ? questionText(questions[0]).join('\n') : '';
  }

  const content = acting.flatMap((command) => Object.entries(CLASSES[command.name] ?? {}).filter(([, kind]) => kind === 'content').map(([flag]) => [command.name, flag] as const));

  test.each(content)('%s --%s', async (name, flag) => {
    const pair = PAIRS[`${name}.${flag}`];
    expect(pair, `a base call for ${name}.${flag}`).toBeDefined();
    const [base, other] = pair!;
    const plain = await asked(name, base);
    const changed = await asked(name, { ...base, [flag]: other });
    expect(plain !== '' || changed !== '', 'one of the two calls is asked').toBe(true);
    expect(changed).not.toBe(plain);
  });
});
