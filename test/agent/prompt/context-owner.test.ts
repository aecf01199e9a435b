import { chownSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findContextFiles } from '../../../src/agent/prompt/context-files.js';
import { Workspace } from '../../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

// Red team H5 of issue 26: in a shared folder another user plants an empty `.git` and an AGENTS.md
// above the workspace (no `.git` of its own); the agent took their AGENTS.md into its system prompt.
// An ancestor repository and each context file above the workspace now count only when the current
// user owns them (git's safe.directory). The other user is uid 65534 (tests run as root here).
const OTHER = 65534;
const canChown = process.getuid?.() === 0;

let base: string;
let shared: string;
let proj: string;

beforeEach(async () => {
  base = await tempDir('codeward-owner-');
  shared = join(base, 'shared');
  proj = join(shared, 'proj');
  await writeFiles(shared, { 'AGENTS.md': 'PLANTED by another user\n', 'proj/a.txt': 'a\n' });
  await mkdir(join(shared, '.git'));
});
afterEach(async () => removeDir(base));

const load = async () => findContextFiles(await Workspace.open(proj), undefined);

describe.skipIf(!canChown)('context files above the workspace and their owner', () => {
  it("ignores another user's ancestor .git and its AGENTS.md, with a notice", async () => {
    chownSync(join(shared, '.git'), OTHER, OTHER);
    chownSync(join(shared, 'AGENTS.md'), OTHER, OTHER);
    const found = await load();
    expect(found.files.map((file) => file.content).join('')).not.toContain('PLANTED');
    expect(found.notices.join('\n')).toMatch(/belongs to another user/);
  });

  it("ignores another user's AGENTS.md inside the user's own enclosing repository", async () => {
    chownSync(join(shared, 'AGENTS.md'), OTHER, OTHER);
    const found = await load();
    expect(found.files.map((file) => file.content).join('')).not.toContain('PLANTED');
    expect(found.notices.join('\n')).toMatch(/context file .*AGENTS\.md not used/);
  });

  it("reads the user's own enclosing repository's AGENTS.md", async () => {
    const found = await load();
    expect(found.files.map((file) => file.content).join('')).toContain('PLANTED');
  });
});
