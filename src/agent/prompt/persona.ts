import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../../engine/errors.js';

// A persona (or custom agent) file: optional YAML front matter between --- lines, then the prompt.
export function splitFrontMatter(text: string): { front: string | undefined; body: string } {
  text = text.replace(/^\uFEFF/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  return match ? { front: match[1], body: text.slice(match[0].length).trim() } : { front: undefined, body: text.trim() };
}

// Where personas and custom agents live: the project's folder first, then the user's.
export function agentFolders(root: string, home: string | undefined): string[] {
  return [join(root, '.codeward', 'agents'), ...(home ? [join(home, '.codeward', 'agents')] : [])];
}

// --persona NAME: .codeward/agents/NAME.md, then ~/.codeward/agents/NAME.md.
export async function loadPersona(name: string, root: string, home: string | undefined): Promise<string> {
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) throw fail('C210', `--persona "${name}" is not a file name; use the name of a .md file in .codeward/agents/`);
  const folders = agentFolders(root, home);
  for (const folder of folders) {
    try {
      const { body } = splitFrontMatter(await readFile(join(folder, `${name}.md`), 'utf8'));
      if (body === '') throw fail('C210', `persona ${join(folder, `${name}.md`)} is empty`);
      return body;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const available = new Set<string>();
  for (const folder of folders) {
    for (const file of await readdir(folder).catch(() => [] as string[])) if (file.endsWith('.md')) available.add(file.slice(0, -3));
  }
  const list = available.size > 0 ? `available: ${[...available].sort().join(', ')}` : 'none exist yet';
  throw fail('C211', `persona "${name}" not found in ${folders.join(' or ')} (${list})`);
}
