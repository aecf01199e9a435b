import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Every .ts file under `dir`, at any depth: what the structure rules of test/lint read.
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
