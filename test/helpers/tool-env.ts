import { outsidePath, type ToolEnv } from '../../src/sandbox/which.js';

// An environment codeward may look programs up in (which.ts ToolEnv), for a test whose run writes no area.
export const toolEnv = (env: Readonly<Record<string, string | undefined>>): ToolEnv => outsidePath(env, []);
