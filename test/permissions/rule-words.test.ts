// Red team R11-10 (issue 26): a person's rules mean the same in every writer. A rule spelled with a
// command's alias (`--deny '@coder edit prod.ts'`: edit is patch's alias; str_replace, write_file, rm ...)
// denied nothing and `policy list` showed it as if it applied; a deny rule naming one writer
// (`@coder write prod.ts`) stopped that writer and a staged run's change, not patch, multipatch, update,
// the symbol writers, move onto it, create overwrite:true, delete. Now the command word of every rule is
// resolved to the command's name when the rule is loaded (the registry's aliases, any case; a word that
// names no command is refused in the person's own rules, a warning in a project's), and a deny or ask
// rule naming any writer on a path judges every change to that path (a delete is a change), in the one
// gate every writer's declared and found paths pass. Allow rules still name exactly their command.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/permissions/policy-load.js';
import { pathRules } from '../../src/permissions/path-rules.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { explainCall } from '../../src/permissions/explain.js';
import { runCli, writeFiles } from '../helpers/fixture.js';
import { parser } from './helpers.js';
import { PROD, REACHES, writerWorkspace } from './writer-calls.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';

const ws = writerWorkspace();
const { engine, closeAll } = ws;

const prod = (): Promise<string> => readFile(join(ws.box.root, 'prod.js'), 'utf8').catch(() => '(gone)');

describe('a deny rule spelled with any alias of a writer (red team R11-10)', () => {
  it.each(Object.keys(REACHES))('%s: the rule by each spelling stops the call by each spelling, and every other writer', async (name) => {
    const row = REACHES[name]!;
    const free = await engine();
    for (const call of row.before ?? []) expect((await free.run(call)).ok).toBe(true);
    const kept = await prod();
    const command = free.registry.get(name);
    const spellings = [command.name, ...(command.aliases ?? [])];
    // The rule in another case too: the registry matches names case-insensitively.
    for (const word of [...spellings, command.name.toUpperCase()]) {
      const denied = await engine({ deny: [`@coder ${word} prod.js`] });
      for (const spelled of spellings) {
        const result = await denied.run({ ...row.call, cmd: spelled });
        const outcome = result.ok ? result.warnings.join('\n') : `${result.error.code} ${result.error.message}`;
        expect(outcome, `rule ${word}, call ${spelled}`).toMatch(row.keeps ? /kept prod\.js: denied/ : /^C240 .*prod\.js/);
      }
      // Another writer, spelled with its own alias.
      const other = await denied.run({ cmd: 'write_file', args: { file: 'prod.js', content: 'x' } });
      expect(other.ok ? 'ok' : other.error.code, `rule ${word}, write_file`).toBe('C240');
      expect(await prod()).toBe(kept);
      await closeAll();
    }
    // Without the rule the same call does change prod.js.
    expect((await (await engine()).run(row.call)).ok).toBe(true);
    expect(await prod()).not.toBe(kept);
  });
});

describe('a rule on one writer is a rule on every change to its path', () => {
  it.each(['@coder write prod.js', '@coder delete prod.js', '@coder edit prod.js', '@coder move prod.js', '@coder rename-symbol prod.js', '@coder w* prod.js'])(
    '%s judges a staged run\'s writes and removals of prod.js (path-rules.ts)',
    async (rule) => {
      const policy = await loadPolicy({ workspaceRoot: ws.box.root, home: ws.box.home, cliRules: { deny: [rule] } });
      const judge = pathRules(policy, true);
      expect(judge('write', 'prod.js')?.action).toBe('deny');
      expect(judge('delete', 'prod.js')?.action).toBe('deny');
      expect(judge('write', 'other.js')).toBeUndefined();
    },
  );

  it.skipIf(!bwrapWorks || !overlayWorks)('a staged run\'s change is set aside by rules spelled with aliases of other writers', async () => {
    const made = await engine({ deny: ['@coder str_replace prod.js', '@coder rename lib.js'] });
    const result = await made.run({ cmd: 'exec', args: { cmd: 'echo x >> prod.js; rm lib.js; echo y > out.txt', stage: true } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const aside = (result.data as { changes: { setAside?: { path: string; reason: string }[] } }).changes.setAside ?? [];
    expect(Object.fromEntries(aside.map((each) => [each.path, each.reason]))).toEqual({
      'prod.js': expect.stringMatching(/denied by rule "@coder patch prod\.js"/),
      'lib.js': expect.stringMatching(/denied by rule "@coder move lib\.js"/),
    });
    expect(await prod()).toBe(PROD);
  }, 60_000);

  it('a read rule is not a rule on changes, and a write rule does not stop a read', async () => {
    expect((await (await engine({ deny: ['@coder read prod.js', '@coder cat lib.js'] })).run({ cmd: 'write', args: { file: 'prod.js', content: 'x' } })).ok).toBe(true);
    const policy = await loadPolicy({ workspaceRoot: ws.box.root, home: ws.box.home, cliRules: { deny: ['@coder read prod.js'] } });
    expect(pathRules(policy, true)('write', 'prod.js')).toBeUndefined();
    const reader = await engine({ deny: ['@coder write prod.js', '@coder view lib.js'] });
    expect((await reader.run({ cmd: 'read', args: { file: 'prod.js' } })).ok).toBe(true);
    const viewed = await reader.run({ cmd: 'read_file', args: { file: 'lib.js' } });
    expect(viewed.ok ? 'ok' : viewed.error.message).toMatch(/denied by rule "@coder read lib\.js"/);
  });

  it('an allow rule still allows only the command it names (no wider)', async () => {
    const allowed = await engine({ allow: ['@coder write_file prod.js'] }, 'nobody');
    expect((await allowed.run({ cmd: 'write', args: { file: 'prod.js', content: 'x' } })).ok).toBe(true);
    const removed = await allowed.run({ cmd: 'delete', args: { paths: ['prod.js'] } });
    expect(removed.ok ? 'ok' : removed.error.code).toBe('C241');
    expect(await prod()).toBe('x');
  });
});

describe('a rule word that names no command', () => {
  it('is refused from the flags and from the person\'s own file (C210 naming the fix); globs are words', async () => {
    await expect(engine({ deny: ['@coder edt prod.js'] })).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/--deny "@coder edt prod\.js": "@coder edt" names no command \(did you mean edit\?\).*write a command's name or alias/) });
    await writeFiles(ws.box.home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder wirte prod.js', action: 'deny' }] }) });
    await expect(engine()).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/policy\.json: rules\[0\]: "@coder wirte" names no command \(did you mean write\?\)/) });
    await writeFiles(ws.box.home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder w?ite prod.js', action: 'deny' }, { pattern: '@coder *', action: 'ask' }] }) });
    const globbed = await engine();
    const result = await globbed.run({ cmd: 'str_replace', args: { file: 'prod.js', search: 'return 1', replace: 'return 2' } });
    expect(result.ok ? 'ok' : result.error.message).toMatch(/denied by rule "@coder w\?ite prod\.js"/);
  });

  it('is a warning in a project\'s file, named on the first call; the rule matches nothing', async () => {
    await writeFiles(ws.box.root, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder wirte prod.js', action: 'deny' }, { pattern: '@coder rm prod.js', action: 'deny' }] }) });
    const made = await engine();
    const first = await made.run({ cmd: 'write', args: { file: 'lib.js', content: 'x' } });
    expect(first.ok).toBe(true);
    expect(first.warnings.join('\n')).toMatch(/policy\.json: rules\[0\]: "@coder wirte" names no command/);
    // The project's alias rule is resolved like the person's: `rm` is delete, and a delete rule judges writes.
    const second = await made.run({ cmd: 'patch', args: { file: 'prod.js', search: 'return 1', replace: 'return 2' } });
    expect(second.ok ? 'ok' : second.error.message).toMatch(/denied by rule "@coder delete prod\.js"/);
    // `policy list` names it with the problems, `doctor` counts it.
    const env = { HOME: ws.box.home };
    expect(runCli(['-C', ws.box.root, 'policy', 'list'], { env }).stdout).toMatch(/^problem: .*policy\.json: rules\[0\]: "@coder wirte" names no command/m);
    expect(runCli(['--json', '-C', ws.box.root, 'doctor'], { env }).json.data).toMatchObject({ policy: { problems: 1 } });
  });
});

describe('aliases of the other commands', () => {
  it('a shell rule spelled with exec\'s alias judges the line; a door\'s own command (delegate) is a word too', async () => {
    const policy = await loadPolicy({ workspaceRoot: ws.box.root, home: ws.box.home, cliRules: { deny: ['@coder bash curl *', '@coder Task'], allow: ['@coder run_tests'] } });
    expect(policy.list().filter((rule) => rule.source === 'cli').map((rule) => `${rule.action} ${rule.pattern}`)).toEqual(['deny @coder exec curl *', 'deny @coder delegate', 'allow @coder test']);
    const decided = await explainCall(policy, new DenialTracker(), '@coder exec curl -s https://example.com', { parser });
    expect(decided).toMatchObject({ decision: 'deny', rule: { pattern: '@coder exec curl *' } });
  });
});

describe('policy list and policy check show the rule as it is matched', () => {
  it('the alias resolved, and named', () => {
    const env = { HOME: ws.box.home };
    const list = runCli(['-C', ws.box.root, '--deny', '@coder Str_Replace prod.js', 'policy', 'list'], { env });
    expect(list.stdout).toMatch(/^deny +@coder patch prod\.js +\(cli; written "Str_Replace", an alias of patch\)$/m);
    const check = runCli(['-C', ws.box.root, '--deny', '@coder edit prod.js', 'policy', 'check', '@coder rm prod.js'], { env });
    expect(check.stdout).toMatch(/^deny: @coder delete prod\.js\n +denied by rule "@coder patch prod\.js" \(deny\) from --deny/m);
  });
});
