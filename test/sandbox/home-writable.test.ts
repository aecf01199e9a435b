// A sandboxWritable home (home-writable.ts): its obeyed dot-entries are judged by the write gate's rule (homeObeyed),
// not by the list. In-place writes to an existing obeyed file fail (read-only bind), through a link too (its target is
// bound where it lies); a write through a hard link made before the run moves the obeyed file aside; what the person
// named writable (~/.cargo), known data (~/.lesshst, ~/.cache/thumbnails) and the home's other files stay writable.
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareExec, bareSuite, BARE_USABLE } from '../helpers/bare-cli.js';

const TARGETS: Record<string, string> = {
  mavenrc: '.mavenrc',
  linked: 'dots/curlrc',
  hardlink: 'notes/sbt',
  named: '.cargo/registry/x',
  cache: '.cache/pip/y',
  data: '.lesshst',
  thumbs: '.cache/thumbnails/z',
  plain: 'notes/new.txt',
};

const suite = bareSuite('cw-home-writable-', (base, outs) => {
  const home = join(base, 'h');
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), '{"sandboxWritable":["~","~/.cargo"]}\n');
  for (const folder of ['dots', 'notes', '.cargo/registry', '.cache/pip', '.cache/thumbnails']) mkdirSync(join(home, folder), { recursive: true });
  writeFileSync(join(home, '.mavenrc'), 'MAVEN_OPTS=-Xmx1g\n');
  writeFileSync(join(home, 'dots', 'curlrc'), 'silent\n');
  symlinkSync('dots/curlrc', join(home, '.curlrc'));
  writeFileSync(join(home, '.sbtrc'), 'compile\n');
  linkSync(join(home, '.sbtrc'), join(home, 'notes', 'sbt'));
  writeFileSync(join(home, '.lesshst'), 'ls\n');
  // Each target appended to; names split so no rule of the line reader reads them.
  writeFileSync(join(home, 'ws', 't.py'), [
    'import os',
    "h = os.path.expanduser('~')",
    `for key, rel in ${JSON.stringify(Object.entries(TARGETS).map(([key, rel]) => [key, [rel.slice(0, 2), rel.slice(2)]]))}:`,
    '    try:',
    "        with open(os.path.join(h, rel[0] + rel[1]), 'a') as f:",
    "            f.write('run\\n')",
    "        print('OK', key)",
    '    except OSError as e:',
    "        print('ERR', key, e.errno)",
    '',
  ].join('\n'));
  outs['run'] = bareExec(base, 'python3 t.py', false, { cwd: join(home, 'ws') });
}, { made: { workspaces: ['h/ws'] } });

const home = (): string => join(suite.base(), 'h');
const text = (rel: string): string => (existsSync(join(home(), rel)) ? readFileSync(join(home(), rel), 'utf8') : '');

describe.skipIf(!BARE_USABLE)('a sandboxWritable home: obeyed dot-entries by the write gate\'s rule', () => {
  it('an existing unlisted obeyed file cannot be appended to in place (EROFS)', () => {
    expect(suite.outs['run']).toContain('ERR mavenrc 30');
    expect(text('.mavenrc')).toBe('MAVEN_OPTS=-Xmx1g\n');
  });
  it('an obeyed link\'s target in the writable home is bound read-only where it lies', () => {
    expect(suite.outs['run']).toContain('ERR linked 30');
    expect(text('dots/curlrc')).toBe('silent\n');
  });
  it('a write through a hard link made before the run moves the obeyed file aside', () => {
    expect(suite.outs['run']).toContain('OK hardlink');
    expect(text('.sbtrc')).not.toContain('run');
    expect(suite.outs['run']).toContain('through another name of it');
  });
  it('FRICTION: what the person named (~/.cargo) is writable; the entries of ~/.cache are not until named', () => {
    expect(suite.outs['run']).toContain('OK named');
    expect(text('.cargo/registry/x')).toBe('run\n');
    expect(suite.outs['run']).toContain('ERR cache 30');
  });
  it('known data and the home\'s other files stay writable', () => {
    for (const key of ['data', 'thumbs', 'plain']) expect(suite.outs['run']).toContain(`OK ${key}`);
    expect(text('.lesshst')).toBe('ls\nrun\n');
    expect(text('notes/new.txt')).toBe('run\n');
  });
});
