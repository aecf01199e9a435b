import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { fail } from './errors.js';
import { describeIssue } from './issues.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../workspace/types.js';
import { parseYaml } from './yaml.js';
import { SANDBOX_MODES } from '../sandbox/policy.js';

// Project configuration: `.codeward/config.json` or `.codeward/config.yaml` in the workspace root.
export const configSchema = z.strictObject({
  nonAccessibleGlobs: z._default(z.array(z.string().check(z.minLength(1))), [...DEFAULT_NON_ACCESSIBLE_GLOBS]),
  normalizeQuotes: z._default(z.boolean(), true),
  maxWriteBytes: z._default(z.int().check(z.positive()), 64 * 1024 * 1024),
  backups: z._default(z.boolean(), true),
  // exec and test in the OS sandbox; absent: workspace-write where one is available.
  sandbox: z.optional(z.enum(SANDBOX_MODES)),
  sandboxNetwork: z._default(z.boolean(), false),
  // More writable paths for sandboxed commands (`~/.cargo`), besides the workspace and a private /tmp.
  sandboxWritable: z._default(z.array(z.string().check(z.minLength(1))), []),
  // Secret-looking environment variables exec and test may see: read from ~/.codeward/config.json only
  // (src/sandbox/user-settings.ts); a project config cannot let a secret through.
  passEnv: z._default(z.array(z.string().check(z.minLength(1))), []),
  // More home paths shown read-only to sandboxed commands: also from ~/.codeward/config.json only.
  sandboxReadable: z._default(z.array(z.string().check(z.minLength(1))), []),
});

export type Config = z.infer<typeof configSchema>;

export const CONFIG_FILES = ['.codeward/config.json', '.codeward/config.yaml', '.codeward/config.yml'] as const;

export function defaultConfig(): Config {
  return configSchema.parse({});
}

// Reads the first config file that exists; a broken file is an error naming the file and the key,
// never silently ignored (a typo must not drop the non-accessible globs).
export async function loadConfig(root: string): Promise<Config> {
  for (const name of CONFIG_FILES) {
    const file = join(root, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw fail('C216', `${name}: ${(error as Error).message}`);
    }
    return parseConfig(text, name);
  }
  return defaultConfig();
}

export async function parseConfig(text: string, name: string): Promise<Config> {
  let raw: unknown;
  try {
    raw = name.endsWith('.json') ? JSON.parse(text) : await parseYaml(text);
  } catch (error) {
    throw fail('C210', `${name}: not valid ${name.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  const parsed = z.safeParse(configSchema, raw ?? {}, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown key ${issue.keys.join(', ')}`;
      return describeIssue(issue, issue.path.length > 0 ? issue.path.join('.') : 'the file');
    });
    throw fail('C210', `${name}: ${[...new Set(problems)].join('; ')}; valid keys: ${Object.keys(configSchema.def.shape).join(', ')}`);
  }
  return parsed.data;
}
