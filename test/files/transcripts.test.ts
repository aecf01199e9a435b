// Agent transcripts live in the user's state folder, scoped to the workspace (issue 20), never in the
// working tree; --resume still finds those an older version wrote to <workspace>/.codeward/sessions.
import { mkdir, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession, sessionsFolder, Transcript } from '../../src/agent/session/transcript.js';
import { stateDirFor } from '../../src/engine/state-dir.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
let state: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await tempDir('cw-transcript-'));
  state = await tempDir('cw-transcript-state-');
  outside = await tempDir('cw-transcript-outside-');
  vi.stubEnv('CODEWARD_STATE_DIR', state);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all([removeDir(root), removeDir(state), removeDir(outside)]);
});

const line = (entry: object): string => `${JSON.stringify(entry)}\n`;
const transcriptOf = (content: string): string => line({ type: 'meta' }) + line({ type: 'message', role: 'user', content }) + line({ type: 'message', role: 'assistant', content: 'ok' });

describe('agent transcripts', () => {
  it('are written to the state folder of the workspace, nothing in the working tree; --resume last finds them', async () => {
    const transcript = Transcript.create(root, { provider: 'test' }, '20260101-120000-aaaaaa');
    transcript.message({ role: 'user', content: 'hello there' });
    expect(await readdir(root)).toEqual([]);
    expect(transcript.path).toBe(join(stateDirFor(root), 'sessions', '20260101-120000-aaaaaa.jsonl'));
    expect(sessionsFolder(root).startsWith(state)).toBe(true);
    expect(await loadSession(root, 'last')).toMatchObject({ id: '20260101-120000-aaaaaa', history: [{ role: 'user', content: 'hello there' }] });
  });

  it('an old transcript in <workspace>/.codeward/sessions is resumed by its id only, never as last (a repository can ship one)', async () => {
    await mkdir(join(root, '.codeward', 'sessions'), { recursive: true });
    await writeFile(join(root, '.codeward', 'sessions', '20250101-000000-bbbbbb.jsonl'), transcriptOf('from the old place'));
    await expect(loadSession(root, 'last')).rejects.toMatchObject({ code: 'C211', message: expect.stringContaining('--resume 20250101-000000-bbbbbb') });
    expect(await loadSession(root, '20250101-000000-bbbbbb')).toMatchObject({ id: '20250101-000000-bbbbbb', history: [{ content: 'from the old place' }, { content: 'ok' }] });
    Transcript.create(root, {}, '20260101-120000-cccccc').message({ role: 'user', content: 'new' });
    // A planted "newer" old transcript does not win over the state folder's.
    await writeFile(join(root, '.codeward', 'sessions', '29990101-000000-dddddd.jsonl'), transcriptOf('planted'));
    expect((await loadSession(root, 'last')).id).toBe('20260101-120000-cccccc');
    expect((await loadSession(root, '20250101-000000-bbbbbb')).history[0]!.content).toBe('from the old place');
  });

  it('an old sessions folder or file that is a symlink out of the workspace is never read', async () => {
    await writeFile(join(outside, '20250101-000000-eeeeee.jsonl'), transcriptOf('outside secret'));
    await mkdir(join(root, '.codeward'), { recursive: true });
    await symlink(outside, join(root, '.codeward', 'sessions'));
    await expect(loadSession(root, '20250101-000000-eeeeee')).rejects.toMatchObject({ code: 'C211' });
    await removeDir(join(root, '.codeward'));
    await mkdir(join(root, '.codeward', 'sessions'), { recursive: true });
    await symlink(join(outside, '20250101-000000-eeeeee.jsonl'), join(root, '.codeward', 'sessions', '20250101-000000-eeeeee.jsonl'));
    await expect(loadSession(root, '20250101-000000-eeeeee')).rejects.toMatchObject({ code: 'C211' });
  });
});
