// Tool names as models write them: `@coder`, `coder`, `@Coder` all name the same tool.
export function bareToolName(name: string): string {
  return name.trim().replace(/^@+/, '').toLowerCase();
}

export function isAllowedTool(name: string, tools: readonly string[]): boolean {
  const bare = bareToolName(name);
  return bare !== '' && tools.some((tool) => bareToolName(tool) === bare);
}

// How to show a tool in a correction: as configured, with an `@` for plugin-style names that lack one.
export function displayToolName(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith('@') || trimmed.startsWith('mcp_') ? trimmed : `@${trimmed}`;
}
