// Red team R15-16: with --sandbox off, a path operand spelled as a glob that the shell expands to a workspace
// symlink leading outside (`bin -> <outside folder>`: `cp x bi*/`, `touch bi?/i`, `echo x > bi*/git`, `mv x
// bin*`) ran under --yes: the word was judged as its literal text, which does not exist. A glob is now judged by
// every name it can expand to now, and fails closed when a folder it is matched in holds any link leading
// outside (the line may rename it to a matching name first) or cannot be listed now. The outside folder is
// below /var/tmp (the temporary folder is writable by design) and must stay empty. In-process engine.
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { runOff } from './unconfined-stubs.js';

let box: Sandbox;
let outside: string;
beforeEach(async () => {
  box = await sandbox();
  outside = await mkdtemp('/var/tmp/cw-unconfined-glob-');
  await writeFiles(box.root, { 'sub/a.txt': 'a\n', 'sub/b.txt': 'b\n', 'lib/deep/c.txt': 'c\n', 'lib/deep/e/.keep': '' });
  await symlink(outside, join(box.root, 'lib/ulb'));
  await symlink('../sub', join(box.root, 'lib/inside'));
});
afterEach(async () => {
  await rm(outside, { recursive: true, force: true });
  await box.cleanup();
});

const run = (cmd: string): Promise<string> => runOff(box, cmd);

describe('--sandbox off: a glob operand that may expand to a link leading outside needs a person', () => {
  it.each([
    ['cp sub/a.txt lib/ul*/', /lib\/ul\*\/ \(it expands to .*lib\/ulb, a link leading outside/],
    ['touch lib/ul?/i', /lib\/ul\?\/i \(it expands to/],
    ['cp sub/a.txt lib/ul[b]/git', /it expands to/],
    ['echo x > lib/ul*/git', /writes > lib\/ul\*\/git \(it expands to/],
    ['mv sub/a.txt lib/ulb*', /lib\/ulb\* \(it expands to/],
    ['cd lib && cp ../sub/a.txt ./u*', /it expands to/],
    ['ln -s $PWD/sub/a.txt lib/ul?/git', /it links lib\/ul\?\/git \(it expands to/],
    // A glob the parse keeps in a variable's value (the loop's list was expanded by the shell).
    ['for f in lib/ul*; do cp sub/a.txt "$f"/; done', /"\$f"\/ \(it expands to/],
    // Fails closed: the folder holds a link leading outside that the line may rename to a matching name.
    ['cp sub/a.txt lib/*.d/', /lib holds ulb, a link leading outside the workspace, which the line may rename/],
    ['touch lib/*.txt', /lib holds ulb/],
    // Fails closed: the folder it is matched in cannot be listed now (the line may make it).
    ['cp sub/a.txt gen/*/', /gen, cannot be listed now/],
  ])('--yes %j: C241 naming the word and why; the outside folder stays empty', async (line, why) => {
    const out = await run(line);
    expect(out).toMatch(/^C241 /);
    expect(out).toMatch(/nothing contains this run/);
    expect(out).toMatch(why);
    expect(await readdir(outside)).toEqual([]);
  });

  it.each(['cp sub/a.txt lib/deep/*/', 'touch sub/*.txt', 'cp sub/*.txt lib/deep/', 'cp lib/deep/c.txt s*/', 'cp lib/deep/*.txt sub/', 'cp sub/a.txt "lib/ul*"'])(
    '--yes %j (every name it reaches, and each folder it is matched in, stays inside; a quoted glob is a name) runs',
    async (line) => {
      expect(await run(line)).toBe('ran');
      expect(await readdir(outside)).toEqual([]);
    },
  );
});
