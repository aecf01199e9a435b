import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (R40-a2/a7/a8, utf55): a name that is not UTF-8 is read by a string readdir as `d\uFFFD`, which names
// nothing: a walk whose job is to see every entry lists by bytes (src/sandbox/byte-names.ts listBytes, or
// `encoding: 'buffer'`). Every other listing in src/sandbox and src/workspace is named here with why a lossy name
// cannot change its answer (or what is LEFT).
const LISTING = /\b(?:readdirSync|readdir|opendirSync|opendir)\(/;
const ALLOWED: Record<string, string> = {
  'src/sandbox/byte-names.ts': 'the byte listing itself',
  'src/sandbox/home-entries.ts': "a writable home's obeyed dot-entries (a program obeys a name it spells: UTF-8), and for home-stamps.ts/home-repos.ts two levels below (LEFT: a lossy name there is neither stamped nor walked, report home90)",
  'src/sandbox/view.ts': "/ compared with SYSTEM_FOLDERS (UTF-8 names): a name that is not UTF-8 is never shown",
  'src/sandbox/folder-log.ts': "the view's listings; a name read with U+FFFD is listed again by bytes (view-bytes.ts unnamedHolds)",
  'src/sandbox/pending.ts': "codeward's own state folder: only its `.json` files",
  'src/sandbox/objects-pack-view.ts': "git's pack folder names (hex; git never makes others)",
  'src/sandbox/mount-points.ts': "codeward's own lease folder: only its `.json` files",
  'src/sandbox/bwrap.ts': 'counts entries (is a folder empty): a lossy name counts the same',
  'src/sandbox/obeyed-scan.ts': 'the symlink-chain check of a UTF-8 obeyed path; the scan itself lists by bytes',
  'src/sandbox/history-secrets.ts': "an identity of refs folders (a change in any entry changes the folder's times, read by lstat)",
  'src/sandbox/overlay.ts': "codeward's own stage folders (journal-*, its upper layer: counts)",
  'src/sandbox/etc-view.ts': '/etc is shown by an allow-list of UTF-8 names: an entry not UTF-8 is never shown',
  'src/sandbox/git-state-read.ts': "git's own state names (refs, hex objects); a lossy ref name is read as unreadable",
  'src/sandbox/unreachable-objects-git.ts': "git's object folders (hex names filtered)",
  'src/sandbox/unreachable-objects.ts': "git's pack folder names (hex)",
  'src/sandbox/nested-git.ts': 'hooks (git runs hooks by fixed UTF-8 names) and worktrees (set aside by scanControl through listBytes); .git/modules and .git/worktrees are listed by bytes',
  'src/sandbox/enclosing-git.ts': "codeward's own copies (enclosing-index-*)",
  'src/sandbox/state-folders.ts': "names compared with UTF-8 names (.cache, codeward, codeward-<uid>, the state marker); LEFT: no folder below a name that is not UTF-8 is searched (the state files there are still used only with their writer's seal: engine/writer-seal.ts)",
  'src/sandbox/proc.ts': '/proc pids (digits)',
  'src/sandbox/proc-cover.ts': '/proc entries (kernel names, ASCII)',
  'src/sandbox/paths.ts': 'byListing: is a UTF-8 path listed (a lossy name never equals it, as it names nothing either)',
  'src/sandbox/guards.ts': 'home folder names matched against UTF-8 tool names',
  'src/sandbox/home-folders.ts': 'helper home56 owns it (LEFT: home folders whose names are not UTF-8)',
  'src/workspace/own-read-sync.ts': 'listBeneath for tool output (names shown to the agent; lossy only in display)',
  'src/workspace/own-read.ts': 'list/read tools: names shown to the agent (lossy only in display)',
};

describe('walks list names by bytes', () => {
  it('no listing in src/sandbox or src/workspace without encoding buffer, except the allowed', () => {
    const found: string[] = [];
    for (const folder of ['src/sandbox', 'src/workspace']) {
      for (const file of sources(join(REPO_ROOT, folder))) {
        const rel = relative(REPO_ROOT, file).split('\\').join('/');
        if (ALLOWED[rel] !== undefined) continue;
        readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
          if (!/^\s*\/\//.test(line) && !/^import /.test(line) && LISTING.test(line) && !line.includes("encoding: 'buffer'")) found.push(`${rel}:${i + 1}: ${line.trim()} (list by bytes: src/sandbox/byte-names.ts listBytes)`);
        });
      }
    }
    expect(found).toEqual([]);
  });
  it('names no file that lists nothing any more', () => {
    const stale = Object.keys(ALLOWED).filter((rel) => !LISTING.test(readFileSync(join(REPO_ROOT, rel), 'utf8')));
    expect(stale).toEqual([]);
  });
});
