// Red team finding: in auto-edit (and under --yes) the write tool could plant files that another tool runs
// later outside any sandbox (.husky hooks, .envrc, .vscode/tasks.json, .claude/settings.json, AGENTS.md,
// .pre-commit-config.yaml, .mcp.json). They are safety-immune now: a person decides, in every door and mode.
import { describe, expect, it } from 'vitest';
import { immunePath } from '../../src/permissions/immune-paths.js';

describe('files other tools run or obey later are safety-immune for writes', () => {
  const planted = [
    '.husky/pre-commit', '.envrc', 'sub/.envrc', '.vscode/tasks.json', '.claude/settings.json', '.devcontainer/devcontainer.json',
    'AGENTS.md', 'AGENT.md', 'CLAUDE.md', 'docs/AGENTS.md', '.pre-commit-config.yaml', 'lefthook.yml', '.mcp.json',
    '.github/copilot-instructions.md', '.cursorrules', './.idea/workspace.xml',
    // red team: lefthook's other spellings and its -local files (merged into the hooks a commit runs)
    'lefthook-local.yml', '.lefthook-local.yaml', 'lefthook.yaml', 'lefthook.toml', 'lefthook.json',
  ];
  it.each(planted)('%s', (path) => {
    expect(immunePath(path, true)?.name).toBe('obeyed-later');
  });
  it('reading them is not immune, and look-alike names are ordinary files', () => {
    expect(immunePath('.vscode/tasks.json', false)).toBeUndefined();
    for (const path of ['src/agents.ts', 'AGENTS.md.txt', 'my.envrc.example', 'github/workflows/ci.yml', 'husky.md', 'mcp.json']) {
      expect(immunePath(path, true), path).toBeUndefined();
    }
  });
});
