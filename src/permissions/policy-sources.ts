import { nodeCrypto } from '../engine/lazy-crypto.js';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// Every policy and config file a repository can ship that codeward obeys. They are untrusted
// (THREAT-MODEL.md invariant 1): until the user trusts the folder and this exact content
// (`codeward trust`), they can only tighten.
// Policy files (all one pool with the user's: the strongest matching rule decides).
export const PROJECT_POLICY_FILES = ['.codeward/policy.json', '.chatcli/coder_policy.json', 'coder_policy.json'] as const;
// Config files: the first one that exists is read.
export const CONFIG_FILES = ['.codeward/config.json', '.codeward/config.yaml', '.codeward/config.yml'] as const;
export const PROJECT_SETTINGS_FILES: readonly string[] = [...PROJECT_POLICY_FILES, ...CONFIG_FILES];

// A settings file is a few rules or keys; a larger one (or a FIFO, a device) is refused, never read.
export const MAX_SETTINGS_BYTES = 1024 * 1024;

export interface SettingsFile {
  // As named in the workspace ('.codeward/policy.json').
  readonly name: string;
  // Absolute path.
  readonly file: string;
  // The text, when it is a readable regular file.
  readonly text?: string;
  // Why it could not be read (not a regular file, too large, permission denied).
  readonly error?: string;
  // SHA-256 of the exact bytes ('sha256:<hex>'), '!<error>' when unreadable, null when absent.
  readonly digest: string | null;
}

// What a workspace ships, read once: trust is checked against the same bytes that are then parsed.
export interface ProjectSnapshot {
  readonly root: string;
  readonly files: readonly SettingsFile[];
}

export function digestOf(bytes: Uint8Array | string): string {
  return `sha256:${nodeCrypto().createHash('sha256').update(bytes).digest('hex')}`;
}

const LINKED = 'is a symbolic link or under one (a settings file must be a regular file of the workspace itself, not a link to one elsewhere: its text could be a secret, echoed in an error message)';

async function readSettingsFile(root: string, name: string): Promise<SettingsFile> {
  const file = join(root, name);
  let handle;
  try {
    if ((await realpath(file)) !== file) return { name, file, error: LINKED, digest: `!${LINKED}` };
    // O_NONBLOCK: a FIFO planted under the name must not hang codeward at start-up; O_NOFOLLOW: no link
    // swapped in since.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { name, file, digest: null };
    const message = code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read: ${(error as Error).message}`;
    return { name, file, error: message, digest: `!${message}` };
  }
  try {
    const stats = await handle.stat();
    let error: string | undefined;
    if (stats.isDirectory()) error = 'is a directory, not a file';
    else if (!stats.isFile()) error = 'is not a regular file';
    else if (stats.size > MAX_SETTINGS_BYTES) error = `is too large (${stats.size} bytes, at most ${MAX_SETTINGS_BYTES})`;
    if (error) return { name, file, error, digest: `!${error}` };
    const bytes = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > stats.size) {
        const grew = 'changed while it was read';
        return { name, file, error: grew, digest: `!${grew}` };
      }
    }
    const content = bytes.subarray(0, length);
    return { name, file, text: content.toString('utf8'), digest: digestOf(content) };
  } catch (error) {
    const message = `cannot be read: ${(error as Error).message}`;
    return { name, file, error: message, digest: `!${message}` };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

// Reads every project settings file of `root` (an absolute real path). `userFiles` are files that are
// the user's own (when the workspace is the home folder, `~/.codeward/policy.json` is both): skipped.
export async function readProjectSnapshot(root: string, userFiles: ReadonlySet<string> = new Set()): Promise<ProjectSnapshot> {
  const base = await realpath(resolve(root)).catch(() => resolve(root));
  const names = PROJECT_SETTINGS_FILES.filter((name) => !userFiles.has(join(base, name)));
  return { root: base, files: await Promise.all(names.map((name) => readSettingsFile(base, name))) };
}

export function snapshotFile(snapshot: ProjectSnapshot, name: string): SettingsFile | undefined {
  return snapshot.files.find((entry) => entry.name === name);
}

// A project setting that was not applied because the workspace is not trusted.
export interface IgnoredSetting {
  // The file, as named in the workspace.
  readonly file: string;
  // What it tried: 'rules[0] allow "*"', '"sandbox": "off"'.
  readonly setting: string;
  readonly reason: string;
}

export function formatIgnored(ignored: IgnoredSetting): string {
  return `${ignored.file}: ${ignored.setting} (${ignored.reason})`;
}
