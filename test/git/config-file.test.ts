import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGitConfig, parseGitConfigFile } from '../../src/git/config-file.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// The one config parser (the permission layer's read-only check and the sandbox's guards and nested-git
// check use it) reads every file the way git itself does: compared with `git config --file F --list`
// on spellings an attacker would try (a key git obeys that the parser missed would run a program).
const gitWorks = spawnSync('git', ['--version']).status === 0;

const SPELLINGS: Record<string, string> = {
  plain: '[core]\n\tfsmonitor = ./x.sh\n',
  sameLine: '[core] fsmonitor = ./x.sh\n',
  noSpace: '[core]fsmonitor=./x.sh',
  twoHeaders: '[user] [core] fsmonitor = ./x.sh\n',
  upper: '[CORE]\n\tFSMONITOR = ./x.sh\n',
  quoted: '[core]\n\tfsmonitor = "./x .sh" ; c\n',
  halfQuoted: '[core]\n\tfsmonitor = ./"x y"z  # c\n',
  escapes: '[core]\n\tfsmonitor = a\\tb\\\\c\\"d\\n\n',
  continued: '[core]\n\tsshCommand = ./x\\\n.sh -v\n',
  continuedInQuotes: '[core]\n\teditor = "./x\\\n.sh"\n',
  crlf: '[core]\r\n\tfsmonitor = ./x.sh\r\n',
  loneCr: '[core]\r\tfsmonitor = ./x.sh\r\n',
  bom: '\uFEFF[core]\n\tfsmonitor = ./x.sh\n',
  subsection: '[diff "a \\" b"]\n\tcommand = ./x.sh\n',
  legacy: '[Diff.Ab]\n\tcommand = ./x.sh\n',
  bare: '[core]\n\tbare\n\tfsmonitor\n',
  empty: '[core]\n\tfsmonitor =\n\tpager = ""\n',
  trailingSpaces: '[core]\n\tfsmonitor = ./x.sh  \t\n',
  commentsFirst: '# c\n; c\n[core] ; c\n\tfsmonitor = ./x.sh\n',
  keyDash: '[core]\n\tfs-monitor = 1\n',
  verticalTab: '[core]\n\v\tfsmonitor = ./x.sh\n',
  formFeedValue: '[core]\n\tfsmonitor = ./x.sh\f\n',
  badEscape: '[core]\n\tfsmonitor = ./x\\q.sh\n',
  badHeader: '[core"x"]\n\tfsmonitor = ./x.sh\n',
  unterminated: '[core]\n\tfsmonitor = "./x.sh\n',
  keyDigit: '[core]\n\t1fsmonitor = ./x.sh\n',
  dottedKey: '[core]\n\tfs.monitor = ./x.sh\n',
  spaceInName: '[co re]\n\tfsmonitor = ./x.sh\n',
  noEquals: '[core]\n\tfsmonitor ./x.sh\n',
  afterBad: '[core]\n\tx = "\n\tfsmonitor = ./x.sh\n',
  includeIf: '[includeIf "gitdir:/"]path = ./inc\n',
};

let dir: string;
beforeAll(async () => {
  dir = await tempDir('codeward-config-');
});
afterAll(async () => {
  await removeDir(dir);
});

// git's reading: `section[.sub].key` and the value (null for a bare key), or the error line.
function gitReads(text: string): { entries: [string, string | null][] } | { error: true } {
  const file = join(dir, 'config');
  writeFileSync(file, text);
  const result = spawnSync('git', ['config', '--file', file, '--list', '--null'], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
  if (result.status !== 0) return { error: true };
  const entries = result.stdout.split('\0').filter((item) => item !== '').map((item): [string, string | null] => {
    const cut = item.indexOf('\n');
    return cut < 0 ? [item, null] : [item.slice(0, cut), item.slice(cut + 1)];
  });
  return { entries };
}

describe.skipIf(!gitWorks)(`the git config parser reads as git does${gitWorks ? '' : ' — skipped: git is not installed'}`, () => {
  for (const [name, text] of Object.entries(SPELLINGS)) {
    it(name, () => {
      const parsed = parseGitConfigFile(text);
      const git = gitReads(text);
      if ('error' in git) {
        expect(parsed.error, JSON.stringify(parsed.entries)).toMatch(/^bad config line \d+$/);
        return;
      }
      expect(parsed.error).toBeUndefined();
      const ours = parsed.entries.map((entry): [string, string | null] => [[entry.section, ...(entry.subsection !== undefined ? [entry.subsection] : []), entry.key].join('.'), entry.value ?? null]);
      expect(ours).toEqual(git.entries);
    });
  }

  it('parseGitConfig (the permission layer\'s view) is the entries before the line git refuses', () => {
    expect(parseGitConfig('[core]\n\tpager = ./p.sh\n\tx = "\n\tfsmonitor = ./x.sh\n')).toEqual([{ section: 'core', subsection: undefined, key: 'pager', value: './p.sh' }]);
  });
});
