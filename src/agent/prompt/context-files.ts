import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Workspace context files (seed 001 layer 3), in this order.
export const CONTEXT_FILES = ['AGENTS.md', 'SOUL.md', 'USER.md', 'RULES.md'] as const;

// A context file larger than this is cut (the prompt must stay short); the cut is marked.
const MAX_FILE_CHARS = 24_000;

export interface ContextFile {
  readonly path: string;
  readonly content: string;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    const text = await readFile(path, 'utf8');
    return text.length > MAX_FILE_CHARS ? `${text.slice(0, MAX_FILE_CHARS)}\n[... cut at ${MAX_FILE_CHARS} characters ...]` : text;
  } catch {
    return undefined;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

// The workspace root and its ancestors up to the repository root (the first one with a .git), outermost
// first, so a monorepo's top-level AGENTS.md comes before a package's. No repository: the root alone.
async function projectFolders(root: string): Promise<string[]> {
  const chain: string[] = [];
  for (let folder = root; ; folder = dirname(folder)) {
    chain.push(folder);
    if (await isDirectory(join(folder, '.git'))) return chain.reverse();
    if (dirname(folder) === folder) return [root];
  }
}

async function markdownIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.md')).sort();
}

// Rules: ~/.codeward/rules/*.md, then .codeward/rules/*.md; a project rule replaces a user rule of the same name.
async function ruleFiles(root: string, home: string | undefined): Promise<ContextFile[]> {
  const byName = new Map<string, string>();
  for (const folder of [home ? join(home, '.codeward', 'rules') : undefined, join(root, '.codeward', 'rules')]) {
    if (!folder) continue;
    for (const name of await markdownIn(folder)) byName.set(name, join(folder, name));
  }
  const files: ContextFile[] = [];
  for (const path of byName.values()) {
    const content = await readText(path);
    if (content !== undefined && content.trim() !== '') files.push({ path, content });
  }
  return files;
}

// Every context file that applies: for each name, the user's copy in ~/.codeward/ and then the project's
// copies from the repository root down to the workspace root; then the rules.
export async function findContextFiles(root: string, home: string | undefined): Promise<ContextFile[]> {
  const folders = await projectFolders(root);
  const files: ContextFile[] = [];
  for (const name of CONTEXT_FILES) {
    const candidates = [home ? join(home, '.codeward', name) : undefined, ...folders.map((folder) => join(folder, name))];
    for (const path of candidates) {
      if (!path) continue;
      const content = await readText(path);
      if (content !== undefined && content.trim() !== '') files.push({ path, content });
    }
  }
  return [...files, ...(await ruleFiles(root, home))];
}
