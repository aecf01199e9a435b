import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';

// The lint rule that keeps "One read jail" (THREAT-MODEL.md): a raw node:fs read (or open, or listing) in any
// folder of src/ or in src/*.ts fails `npm run lint` (and so CI); the jail module and the listed files may read.
// Stop 43: src/permissions and src/sandbox were outside the folder list, so a plain openSync of a leftover pyc
// and a readdirSync of mise's conf.d passed.

const eslint = new ESLint({ cwd: REPO_ROOT });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the read-jail lint rule', () => {
  it.each([
    ['src/agent/prompt/evil.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n"],
    ['src/agent/agents/evil.ts', "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n"],
    ['src/git/evil.ts', "import * as fs from 'node:fs';\nexport const x = fs;\n"],
    ['src/commands/evil.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    ['src/doors/cli/evil.ts', "import { promises } from 'node:fs';\nexport const x = promises;\n"],
    ['src/doors/mcp/evil.ts', "export { createReadStream } from 'node:fs';\n"],
    ['src/agent/loop/evil.ts', "export const x = async () => (await import('node:fs/promises')).readFile('AGENTS.md');\n"],
    ['src/search/evil.ts', "import { readdirSync, readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['src/code/evil.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n"],
    ['src/shell/stage/evil.ts', "import { openSync } from 'node:fs';\nexport const x = openSync;\n"],
  ])('fails on a raw read in %s', async (file, code) => {
    const found = await problems(file, code);
    expect(found.length, found.join('\n')).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(/read jail/);
  });

  // The two reads stop 43 found, as they were (sandbox/pyc-leftovers.ts, permissions/mise-files.ts), and the
  // same read in every folder of src/ (a folder made tomorrow included: the list is read from the disk).
  it.each([
    ['src/sandbox/pyc-leftovers.ts', "import { closeSync, openSync, readSync, statSync } from 'node:fs';\nexport const x = [closeSync, openSync, readSync, statSync];\n"],
    ['src/permissions/mise-files.ts', "import { readdirSync } from 'node:fs';\nexport const x = (dir: string) => readdirSync(dir);\n"],
    ['src/index.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['src/permissions/evil.ts', "import { copyFileSync } from 'node:fs';\nexport const x = copyFileSync;\n"],
    ['src/sandbox/evil.ts', "import { cpSync, globSync, openAsBlob } from 'node:fs';\nexport const x = [cpSync, globSync, openAsBlob];\n"],
    ['src/files/evil.ts', "import { opendir } from 'node:fs/promises';\nexport const x = opendir;\n"],
    ['src/engine/evil.ts', "export const x = async () => (await import('node:fs')).readFileSync('AGENTS.md');\n"],
  ])('fails on the reads stop 43 found, and in every folder: %s', async (file, code) => {
    expect((await problems(file, code)).join('\n')).toMatch(/read jail/);
  });

  it('jails every folder of src/', async () => {
    const folders = readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders).toEqual(expect.arrayContaining(['permissions', 'sandbox', 'workspace', 'files', 'engine']));
    for (const folder of folders) {
      const found = await problems(`src/${folder}/new-module.ts`, "import { readdirSync } from 'node:fs';\nexport const x = readdirSync;\n");
      expect(found.join('\n'), folder).toMatch(/read jail/);
    }
  });

  it('allows metadata calls there, and reads in the jail module and the listed files', async () => {
    expect(await problems('src/git/fine.ts', "import { realpath, lstat } from 'node:fs/promises';\nexport const x = [realpath, lstat];\n")).toEqual([]);
    expect(await problems('src/workspace/own-read.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n")).toEqual([]);
    expect(await problems('src/doors/mcp/auth.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n")).toEqual([]);
  });

  it('keeps the layer rule in the same folders (one rule object per folder must carry both)', async () => {
    expect((await problems('src/commands/evil.ts', "import { x } from '../doors/cli/io.js';\nexport const y = x;\n")).join('\n')).toMatch(/must not import a door/);
    expect((await problems('src/agent/evil.ts', "import { x } from '../doors/cli/io.js';\nexport const y = x;\n")).join('\n')).toMatch(/must not import a door/);
    expect((await problems('src/doors/mcp/auth.ts', "import { x } from '../../agent/x.js';\nexport const y = x;\n"))).toEqual([]);
  });

  // A stale entry is harmless (another change may remove or move a listed file); an entry without a
  // reason, or outside the jailed folders, is a mistake.
  it('gives every allowed file a reason, and lists only files of src/', async () => {
    const config = pathToFileURL(join(REPO_ROOT, 'eslint.config.js')).href;
    const { READ_JAIL_ALLOWED } = (await import(config)) as { READ_JAIL_ALLOWED: Record<string, string> };
    expect(Object.keys(READ_JAIL_ALLOWED).length).toBeGreaterThan(0);
    for (const [file, reason] of Object.entries(READ_JAIL_ALLOWED)) {
      expect(file, file).toMatch(/^src\/.+\.ts$/);
      expect(String(reason).length, file).toBeGreaterThan(20);
    }
  });

  // The one git-metadata reader (src/git/config-read.ts) is the only exception beside READ_JAIL_ALLOWED,
  // and it says what it is; every module that judges git's configuration fails lint on a raw read.
  it('lists the git-metadata reader as the one "outside the workspace, metadata only" exception', async () => {
    const config = pathToFileURL(join(REPO_ROOT, 'eslint.config.js')).href;
    const { READ_JAIL_METADATA, GIT_METADATA_READERS } = (await import(config)) as { READ_JAIL_METADATA: Record<string, string>; GIT_METADATA_READERS: string[] };
    expect(Object.keys(READ_JAIL_METADATA)).toEqual(['src/git/config-read.ts']);
    expect(READ_JAIL_METADATA['src/git/config-read.ts']).toMatch(/outside the workspace, metadata only: never returned to a model/);
    expect(await problems('src/git/config-read.ts', "import { readSync } from 'node:fs';\nexport const x = readSync;\n")).toEqual([]);
    expect(GIT_METADATA_READERS).toEqual(expect.arrayContaining(['src/permissions/obeyed-git.ts', 'src/sandbox/git-config.ts']));
    for (const file of GIT_METADATA_READERS) {
      const found = await problems(file, "import { readdirSync, readFileSync } from 'node:fs';\nexport const x = readFileSync;\n");
      expect(found.join('\n'), file).toMatch(/read jail/);
      expect((await problems(file, "export const x = async () => (await import('node:fs')).readFileSync('/x');\n")).join('\n'), file).toMatch(/read jail/);
    }
  });

  it('the git-metadata readers as they are import no node:fs read (they go through config-read.ts)', async () => {
    const config = pathToFileURL(join(REPO_ROOT, 'eslint.config.js')).href;
    const { GIT_METADATA_READERS } = (await import(config)) as { GIT_METADATA_READERS: string[] };
    for (const file of GIT_METADATA_READERS) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/\b(?:readFileSync|readFile|createReadStream|readSync|openSync)\b/);
      expect(await problems(file, text), file).toEqual([]);
    }
  });

  // Any module that reads a git metadata file by name (the sandbox's nested-git and tracked-secret checks
  // read them with wrappers of their own before) fails lint: the one reader is config-read.ts.
  it.each([
    ['src/sandbox/evil.ts', "import { readdirSync, readFileSync } from 'node:fs';\nimport { join } from 'node:path';\nexport const x = (d: string) => readFileSync(join(d, 'config'));\n"],
    ['src/sandbox/evil2.ts', "import { join } from 'node:path';\nconst readRegular = (p: string) => p;\nexport const x = (d: string) => readRegular(join(d, 'commondir'));\n"],
    ['src/permissions/evil.ts', "import * as fs from 'node:fs';\nexport const x = (d: string) => fs.openSync(`${d}/x`, 'r') && fs.readFileSync(d + '/' + 'index');\n"],
    ['src/git/evil.ts', "import { join } from 'node:path';\nconst readText = (p: string) => p;\nexport const x = (d: string) => readText(join(d, 'gitdir'));\n"],
  ])('fails on a read of git metadata outside config-read.ts in %s', async (file, code) => {
    expect((await problems(file, code)).join('\n')).toMatch(/only through src\/git\/config-read\.ts/);
  });

  it('allows the one reader and the read jail', async () => {
    const via = "import { join } from 'node:path';\nimport { readGitMetadata } from '../git/config-read.js';\nexport const x = (d: string) => readGitMetadata(join(d, 'config'));\n";
    expect(await problems('src/sandbox/fine.ts', via)).toEqual([]);
    expect(await problems('src/git/fine.ts', "import { readOwnFile } from '../workspace/own-read.js';\nexport const x = (w: never) => readOwnFile(w, 'config');\n")).toEqual([]);
  });
});
