// fix42 (issue 26, stop 61's LEFT "other env readers not folded into envCommand"): every reader that meets `env` reads
// its words through ONE reader (src/shell/env-words.ts readEnv), so each spelling of env's options means the same in
// each: the deny rules and the immune list (the shell parse), the task runner's #! reader (task-runner-shell.ts),
// the hook walk's native loads (hook-native-loads.ts), the hook walk's assignments (hook-assigned.ts), the hook line's
// judge (hook-unmodeled.ts: `env -C sub npm test` ran `sub`) and the folder a
// wrapper starts its command in (wrapper-folders.ts, read by decide-script-dirs.ts). Before, the string readers spelled
// env themselves: `#!/usr/bin/env --spl=./evil sh` read as `sh` (the workspace program ./evil ran unread),
// `#!/usr/bin/env -S -C sub ./x` read ./x here, `env -S '-C sub npm run g'` lost the folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obeyShebang } from '../../src/permissions/hook-native-loads.js';
import { newWalk } from '../../src/permissions/hook-walk.js';
import { lineAssignments } from '../../src/permissions/hook-assigned.js';
import { unmodeled } from '../../src/permissions/hook-unmodeled.js';
import { taskRunnerLines } from '../../src/permissions/task-runner-lines.js';
import { commandFolders } from '../../src/permissions/wrapper-folders.js';
import { readEnv } from '../../src/shell/env-words.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { decideRows, DENY_PUSH, execDecider } from './helpers.js';

// env's spellings of "run CMD" ('{}': CMD; a #! line has no quotes: they are dropped there).
const RUNS = ["-S '{}'", "-S'{}'", "--split-string='{}'", "--split-string '{}'", "--sp='{}'", "--s '{}'", "-iS '{}'", "-u X -S '{}'", "-S '-u X {}'",
  '-- {}', '-i -- {}', "-S '-i -- {}'", "-S '-S {}'", "A=1 -S '{}'", "-S 'A=1 {}'", '- {}', '-v -0 {}', '--debug {}'];
// env's spellings of "run CMD in sub".
const CHDIRS = ['-C sub {}', '-Csub {}', '--chdir=sub {}', '--chdir sub {}', '--ch=sub {}', '-iC sub {}', '-iCsub {}', "-S '-C sub {}'", "-S '-i -C sub {}'",
  "--sp='--chdir=sub {}'", "-u X -S '-Csub {}'", '-u X -C sub {}', "-S '-i' -C sub {}"];
const line = (spelling: string, command: string): string => `env ${spelling.replace('{}', command)}`;
const bang = (spelling: string, command: string): string => `#!/usr/bin/${line(spelling, command).replace(/'/g, '')}\n`;

describe('readEnv', () => {
  it.each(RUNS)('`env %s` runs git push', (spelling) => {
    expect(readEnv(line(spelling, 'git push').replace(/'/g, '').split(' ')).command).toEqual(['git', 'push']);
  });
  it.each(CHDIRS)('`env %s` runs git push in sub', (spelling) => {
    const read = readEnv(line(spelling, 'git push').replace(/'/g, '').split(' '));
    expect([read.command, read.folders]).toEqual([['git', 'push'], ['sub']]);
  });
  it.each([['env --i sh', 'env --i'], ['env -x sh', 'env -x']])('`%s`: an option env does not have (%s)', (text, unknown) => {
    expect(readEnv(text.split(' ')).unknown).toBe(unknown);
  });
  it.each([['env', []], ['env --help sh', []], ['env -S', []], ["env -S 'sh -c' x", ['sh', '-c', 'x']], ['env -S "a\\_b" x', ['a b', 'x']]] as const)('`%s` runs %j', (text, command) => {
    expect(readEnv(text.match(/'[^']*'|\S+/g)!.map((word) => word.replace(/^'(.*)'$/, '$1'))).command).toEqual(command);
  });
});

const decide = execDecider(async (box) => {
  await mkdir(join(box.root, 'build'), { recursive: true });
  await writeFile(join(box.root, 'build/x'), '1\n');
  await mkdir(join(box.root, 'sub'), { recursive: true });
  await writeFile(join(box.root, 'sub/package.json'), JSON.stringify({ name: 's', scripts: { g: 'git push origin main' } }));
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'r', scripts: { g: 'echo hi' } }));
});

describe('the shell parse: deny rules, the immune list, a runner started in another folder', () => {
  decideRows(decide, 'deny', 'deny push: %s', RUNS.map((spelling) => line(spelling, 'git push origin main')), DENY_PUSH);
  decideRows(decide, 'not allow', 'immune rm -rf: %s', RUNS.map((spelling) => line(spelling, 'rm -rf build')), ['allow @coder *', 'allow *']);
  decideRows(decide, 'deny', "sub's script: %s", CHDIRS.map((spelling) => line(spelling, 'npm run g')), DENY_PUSH);
});

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-env-spell-');
});
afterAll(async () => removeDir(base));
function tree(files: Record<string, string>): string {
  const root = join(base, `r${++count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}
const RM = '#!/bin/sh\nrm -rf sub\n';

describe("a #! line's env, read by the task runner (task-runner-shell.ts)", () => {
  const reading = (text: string): string => {
    const root = tree({ x: text, evil: RM });
    const read = taskRunnerLines(['./x'], root, root, []);
    return read?.unknown !== undefined ? 'unknown' : JSON.stringify(read?.lines ?? null);
  };
  // Linux gives env the rest of the line as one word (shebangEnv, R38-b8): where that reading differs (`-u X -S …` unsets
  // `X -S …`), the task runner does not know the program.
  it.each(RUNS)('`env %s ./evil sh` reads ./evil (or, read two ways, is unknown)', (spelling) => {
    expect(['unknown', JSON.stringify([RM])]).toContain(reading(bang(spelling, './evil sh')));
  });
  it.each(CHDIRS)('`env %s ./evil`: another folder, unknown', (spelling) => {
    expect(reading(bang(spelling, './evil'))).toBe('unknown');
  });
  it.each(['-S PATH=. evil', '--sp=PATH=.:/usr/bin evil', "-S 'PATH=./' evil", '-i PATH=. evil'])('`env %s` reads ./evil (a PATH it sets)', (spelling) => {
    expect(reading(`#!/usr/bin/env ${spelling}\n`)).toBe(JSON.stringify([RM]));
  });
});

describe("a #! line's env, read by the hook walk (hook-native-loads.ts, hook-assigned.ts)", () => {
  const obeyed = (text: string): { files: string[]; unmodeled?: string } => {
    const root = tree({ x: text, 'tools/evil': RM });
    const walk = newWalk(root, undefined, []);
    obeyShebang(walk, join(root, 'x'), text, 0);
    return { files: [...walk.files].map((path) => path.slice(root.length + 1)), ...(walk.unmodeled === undefined ? {} : { unmodeled: walk.unmodeled }) };
  };
  it.each(RUNS)('`env %s tools/evil sh` obeys tools/evil', (spelling) => {
    expect(obeyed(bang(spelling, 'tools/evil sh')).files).toContain('tools/evil');
  });
  it.each(CHDIRS)('`env %s tools/evil`: another folder, not modeled', (spelling) => {
    expect(obeyed(bang(spelling, 'tools/evil')).unmodeled).toMatch(/not modeled|does not have/);
  });
  it.each(RUNS)('`env %s node` sets LD_PRELOAD for node (assignments)', (spelling) => {
    const words = line(spelling, 'LD_PRELOAD=./x.so node t.js').replace(/'/g, '').split(' ');
    expect(lineAssignments(words)).toEqual({ words: [...(/A=1/.test(spelling) ? ['A=1'] : []), 'LD_PRELOAD=./x.so'], forProgram: true });
  });
});

describe('the folder a wrapper starts its command in (wrapper-folders.ts)', () => {
  it.each(CHDIRS)('`env %s npm run g` starts in sub', (spelling) => {
    expect(commandFolders(line(spelling, 'npm run g').replace(/'/g, '').split(' ')).map((found) => found.folder)).toEqual(['sub']);
  });
});

describe("a hook line's env, judged by the hook walk (hook-unmodeled.ts)", () => {
  const judged = (text: string): string | undefined => unmodeled(text, (word) => word === 'tools/evil');
  it.each(RUNS)('`env %s tools/evil` runs a file the walk follows', (spelling) => {
    expect(judged(line(spelling, 'tools/evil'))).toBeUndefined();
  });
  it.each(RUNS)('`env %s gulp` runs a runner codeward does not model', (spelling) => {
    expect(judged(line(spelling, 'gulp'))).toMatch(/`gulp` \(a runner codeward does not model\)/);
  });
  it.each(CHDIRS)('`env %s npm test` runs npm (its folder: hook-moved.ts)', (spelling) => {
    expect(judged(line(spelling, 'npm test'))).toBeUndefined();
  });
  it.each(['-x', '--i', '-iy'])('`env %s npm test`: an option env does not have', (spelling) => {
    expect(judged(line(spelling, 'npm test'))).toMatch(/an option env does not have/);
  });
});
