import { operands } from './argv.js';
import type { CommandClass } from './immune-class.js';

// The bulk-delete class through package launchers and delete tools (issue 26, red team H-D): `rimraf src`,
// `npx rimraf src`, `pnpm dlx del-cli src`, `yarn rimraf src`, `npm exec -- rimraf src`, `trash src`,
// `shx rm -rf src`. A launcher runs the program named by its first operand (npx and bunx are wrappers
// the parser already sees through; the package managers' tails are parsed as lines of their own:
// src/shell/parse-launch-packages.ts); the command it runs is judged like one written directly.

// Programs whose only job is deleting trees (or moving them to the user's trash, outside the workspace).
const DELETE_TOOLS = new Set(['rimraf', 'del', 'del-cli', 'premove', 'rm-cli', 'trash', 'trash-cli', 'trash-put', 'trash-rm', 'trash-empty', 'rmtrash', 'gomi']);

export const DELETE_TOOL: CommandClass = {
  name: 'bulk-delete-tool',
  description: 'a program that deletes folder trees or moves them to the trash (rimraf, del-cli, trash, gio trash), also through npx, pnpm dlx, yarn, npm exec, bun x, shx',
  names: [],
  test: (c) => DELETE_TOOLS.has(c.name.replace(/@.*$/, '')) || (c.name === 'gio' && ['trash', 'remove', 'rm'].includes(operands(c.args)[0] ?? '')),
};
