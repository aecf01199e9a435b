// The floor programs' shared core: what any Node program must do to answer a content search with
// ripgrep: spawn it with compact output into an unlinked scratch file, read that when it exits, split
// the lines into matches, sort them by path. No jail, no permission, no validation, no path filter.
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COMPACT = ['--null', '--line-number', '--column', '--with-filename', '--no-heading', '--color', 'never', '--no-context-separator'];

// rgArgs: the filter flags and `-- TERM` (bench/search.mjs RG_ARGS without --json).
export function searchWithRipgrep(rgPath, cwd, rgArgs) {
  const dir = mkdtempSync(join(tmpdir(), 'codeward-floor-'));
  const path = join(dir, 'out');
  const fd = openSync(path, 'wx+', 0o600);
  unlinkSync(path);
  rmdirSync(dir);
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, [...COMPACT, ...rgArgs], { cwd, stdio: ['ignore', fd, 'ignore'] });
    child.once('error', reject);
    child.once('close', () => {
      // rg wrote through a shared file offset: read from the start, not from where it stopped.
      const bytes = Buffer.allocUnsafe(fstatSync(fd).size);
      for (let at = 0; at < bytes.length; ) at += readSync(fd, bytes, at, bytes.length - at, at);
      closeSync(fd);
      const text = bytes.toString('utf8');
      const matches = [];
      for (const line of text.split('\n')) {
        if (line === '') continue;
        const nul = line.indexOf('\0');
        const colon = line.indexOf(':', nul);
        const next = line.indexOf(':', colon + 1);
        matches.push({ path: line.slice(0, nul), line: Number(line.slice(nul + 1, colon)), column: Number(line.slice(colon + 1, next)), text: line.slice(next + 1) });
      }
      matches.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
      resolve(matches);
    });
  });
}
