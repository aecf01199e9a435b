import type { Registry } from '../../engine/registry.js';
import { DEFAULT_PERSONA, FORMAT_INSTRUCTIONS } from './core.js';
import type { ContextFile } from './context-files.js';
import { toolContext } from './tools.js';

export interface SystemPromptParts {
  readonly persona?: string;
  readonly workspaceRoot: string;
  readonly contextFiles: readonly ContextFile[];
  readonly registry: Registry;
  // Commands the model may use (all when absent).
  readonly commands?: readonly string[];
  // The agents it may dispatch (the catalog's section), last.
  readonly agents?: string;
}

// Seed 001 layering: persona (or the default coder prompt), the format instructions, the workspace
// context files, then the compact tool context.
export function buildSystemPrompt(parts: SystemPromptParts): string {
  const blocks = [parts.persona ?? DEFAULT_PERSONA, FORMAT_INSTRUCTIONS, `# Workspace\nRoot: ${parts.workspaceRoot} (paths are relative to it).`];
  if (parts.contextFiles.length > 0) {
    blocks.push(`# Project context\n${parts.contextFiles.map((file) => `## ${file.path}\n\n${file.content.trim()}`).join('\n\n---\n\n')}`);
  }
  if (!parts.commands || parts.commands.length > 0) blocks.push(toolContext(parts.registry, parts.commands ? { commands: parts.commands } : {}));
  else blocks.push('You have no tools: answer from reasoning alone.');
  if (parts.agents) blocks.push(parts.agents);
  return blocks.join('\n\n');
}
