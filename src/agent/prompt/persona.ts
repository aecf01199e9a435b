import { join } from 'node:path';
import { fail } from '../../engine/errors.js';
import { listOwnFolder, listUserFolder, readOwnFile, readUserFile } from '../../workspace/own-read.js';
import type { Workspace } from '../../workspace/workspace.js';

// A persona (or custom agent) file: optional YAML front matter between --- lines, then the prompt.
export function splitFrontMatter(text: string): { front: string | undefined; body: string } {
  text = text.replace(/^\uFEFF/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  return match ? { front: match[1], body: text.slice(match[0].length).trim() } : { front: undefined, body: text.trim() };
}

// Where personas and custom agents live: the project's folder (read through the workspace jail), then the
// user's (~/.codeward/agents, theirs).
export const PROJECT_AGENTS = '.codeward/agents';

export function userAgentFolder(home: string | undefined): string | undefined {
  return home ? join(home, '.codeward', 'agents') : undefined;
}

// --persona NAME: .codeward/agents/NAME.md, then ~/.codeward/agents/NAME.md. A project file that the jail
// refuses (a link out of the workspace, a hidden file) is an error naming the reason, never read.
export async function loadPersona(name: string, workspace: Workspace, home: string | undefined): Promise<string> {
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) throw fail('C210', `--persona "${name}" is not a file name; use the name of a .md file in .codeward/agents/`);
  const rel = `${PROJECT_AGENTS}/${name}.md`;
  const project = await readOwnFile(workspace, rel);
  if (project.kind === 'refused') throw fail('C211', `persona ${rel} was not read: ${project.reason}`);
  const user = userAgentFolder(home);
  const text = project.kind === 'file' ? project.text : user ? await readUserFile(join(user, `${name}.md`)) : undefined;
  if (text !== undefined) {
    const { body } = splitFrontMatter(text);
    if (body === '') throw fail('C210', `persona ${project.kind === 'file' ? rel : join(user!, `${name}.md`)} is empty`);
    return body;
  }
  const available = new Set<string>();
  const listed = await listOwnFolder(workspace, PROJECT_AGENTS);
  const names = [...('names' in listed ? listed.names : []), ...(user ? await listUserFolder(user) : [])];
  for (const file of names) if (file.endsWith('.md')) available.add(file.slice(0, -3));
  const list = available.size > 0 ? `available: ${[...available].sort().join(', ')}` : 'none exist yet';
  throw fail('C211', `persona "${name}" not found in ${[join(workspace.root, PROJECT_AGENTS), ...(user ? [user] : [])].join(' or ')} (${list})`);
}
