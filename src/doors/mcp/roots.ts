import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enclosingRefusal } from '../../workspace/enclosing.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../workspace/types.js';

async function real(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return resolve(path);
  }
}

function inside(base: string, path: string): boolean {
  const rel = relative(base, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// The workspace an MCP client's roots narrow `base` to: the first file:// root inside base (never wider).
// Roots outside base, or not file:// URLs, are ignored with a line on `log`.
export async function narrowWorkspace(base: string, roots: readonly { uri: string }[], log: (line: string) => void): Promise<string> {
  const baseReal = await real(base);
  for (const root of roots) {
    let path: string;
    try {
      path = fileURLToPath(root.uri);
    } catch {
      log(`root ${root.uri} ignored: not a file:// URL`);
      continue;
    }
    const rootReal = await real(path);
    // A root inside a protected or hidden folder (a `.git`, `secrets/`) is no workspace (red team R6-3).
    const refused = inside(baseReal, rootReal) ? enclosingRefusal(rootReal, DEFAULT_NON_ACCESSIBLE_GLOBS) : undefined;
    if (refused) {
      log(`root ${root.uri} ignored: ${refused.message}`);
      continue;
    }
    if (inside(baseReal, rootReal)) return rootReal;
    log(`root ${root.uri} ignored: outside the workspace ${baseReal}`);
  }
  return baseReal;
}
