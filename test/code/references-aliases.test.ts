// References through TypeScript's path aliases (issue 30): an import written with a tsconfig `paths` alias
// or under its `baseUrl` reaches the defining file, as tsc resolves it (the nearest config above the
// importing file, a relative `extends` followed, comments and trailing commas allowed); an alias the
// nearest config does not define stays textual, and a rename goes through the aliased imports.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referencesProject } from './references-project.js';

const FILES: Record<string, string> = {
  'tsconfig.json': '{\n  // the shared options\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": { "strict": true, },\n}\n',
  'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"], "@greet": ["src/greet.ts"] } } }\n',
  'src/greet.ts': 'export function greet(who: string): string {\n  return who;\n}\n',
  'src/main.ts': "import { greet } from '@app/greet';\ngreet('a');\n",
  'src/exact.ts': "import { greet as hello } from '@greet';\nhello('b');\n",
  'src/base.ts': "import { greet } from 'src/greet';\ngreet('c');\n",
  'src/other.ts': "import { greet } from '@app/elsewhere';\ngreet('d');\n",
  'packages/web/tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["../../src/*"] } } }\n',
  'packages/web/page.ts': "import { greet } from '~/greet';\ngreet('e');\n",
  'packages/web/nearest.ts': "import { greet } from '@app/greet';\ngreet('f');\n",
};

const project = referencesProject('codeward-aliases-', FILES);

describe('references through TypeScript path aliases', () => {
  it('wildcard, exact, baseUrl and a package config\'s own paths are imported; an alias the nearest config lacks is textual', async () => {
    expect(await project.where({ file: 'src/greet.ts', symbol: 'greet' })).toEqual([
      'src/greet.ts:1:17 definition',
      'packages/web/nearest.ts:1:10 textual',
      'packages/web/nearest.ts:2:1 textual',
      'packages/web/page.ts:1:10 imported',
      'packages/web/page.ts:2:1 imported',
      'src/base.ts:1:10 imported',
      'src/base.ts:2:1 imported',
      'src/exact.ts:1:10 imported',
      'src/main.ts:1:10 imported',
      'src/main.ts:2:1 imported',
      'src/other.ts:1:10 textual',
      'src/other.ts:2:1 textual',
    ]);
  });

  it('rename-symbol renames through the aliased imports and leaves the textual ones', async () => {
    const root = project.root();
    const result = await (await project.engine()).run({ cmd: 'rename-symbol', args: { file: 'src/greet.ts', symbol: 'greet', to: 'welcome' } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await readFile(join(root, 'src/main.ts'), 'utf8')).toBe("import { welcome } from '@app/greet';\nwelcome('a');\n");
    expect(await readFile(join(root, 'packages/web/page.ts'), 'utf8')).toBe("import { welcome } from '~/greet';\nwelcome('e');\n");
    expect(await readFile(join(root, 'src/exact.ts'), 'utf8')).toBe("import { welcome as hello } from '@greet';\nhello('b');\n");
    expect(await readFile(join(root, 'src/other.ts'), 'utf8')).toBe(FILES['src/other.ts']);
  });
});
