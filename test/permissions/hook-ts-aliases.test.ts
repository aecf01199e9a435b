// Red team R18-8 (CRITICAL): Next.js transpiles next.config.ts/.mts and resolves tsconfig `paths`/`baseUrl` in it and
// in what it imports (vite-tsconfig-paths does the same for what vitest loads). `import p from "@/tools/cfg"` was
// read as a package `@` that may appear later: tools/cfg.ts was free under `npx next build`. Now the tsconfig (JSON
// with comments, `extends` followed) maps the name first; an alias no path maps is unmodelled. next is not installed:
// the layouts are built by hand.
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../src/permissions/ts-paths.js';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-ts-aliases-');
const PKG = JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15' } });
const TS = 'export default {};\n';

describe('tsconfig paths in what next build and vitest load (R18-8)', () => {
  it('next.config.ts imports through `paths`: the target and its tsconfig ask; a source write stays free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: { 'package.json': PKG, 'tsconfig.json': '{"compilerOptions":{"paths":{"@/*":["./*"]}}}', 'next.config.ts': 'import p from "@/tools/cfg";\nexport default p;\n', 'tools/cfg.ts': TS, 'src/a.ts': TS },
      asks: ['tools/cfg.ts', 'tsconfig.json'], free: ['src/a.ts', 'src/app/page.tsx'], content: 'export {};\n',
    });
  });

  it('next.config.mts: `baseUrl` and `paths` from an extended tsconfig with comments, followed through what it imports', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npm run build',
      files: {
        'package.json': PKG,
        'tsconfig.json': '{\n  // the app\n  "extends": "./config/tsconfig.base.json",\n  "compilerOptions": { "strict": true, },\n}\n',
        'config/tsconfig.base.json': '/* shared */ {"compilerOptions":{"baseUrl":"..","paths":{"@lib/*":["lib/*","vendor/*"]}}}',
        'next.config.mts': 'import c from "tools/cfg";\nexport default c;\n', 'tools/cfg.ts': 'import h from "@lib/h";\nexport default h;\n', 'lib/h.ts': TS, 'src/a.ts': TS,
      },
      asks: ['tools/cfg.ts', 'lib/h.ts', 'vendor/h.ts', 'config/tsconfig.base.json'], free: ['src/a.ts', 'lib/other.ts'], content: 'export {};\n',
    });
  });

  it.each([
    ['no tsconfig path maps the alias', { 'tsconfig.json': '{"compilerOptions":{}}' }, /no tsconfig path maps/],
    ['no tsconfig at all', {}, /no tsconfig path maps/],
    ['the tsconfig extends a package not installed', { 'tsconfig.json': '{"extends":"@repo/tsconfig/next.json"}' }, /not installed/],
    ['a tsconfig codeward cannot read', { 'tsconfig.json': '{"compilerOptions": {' }, /not JSON/],
  ])('%s: unmodelled, not "a package that may appear later"', async (_name, extra, why) => {
    const verdict = await hookVerdict(place.next(), 'npx next build', { 'package.json': PKG, 'next.config.ts': 'import p from "~/tools/cfg";\nexport default p;\n', ...extra });
    expect(verdict.unmodeled).toMatch(why);
  });

  it('vitest with vite-tsconfig-paths: a setup file named through an alias, and what it imports through one', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx vitest run',
      files: {
        'package.json': JSON.stringify({ name: 'w', devDependencies: { vitest: '3', 'vite-tsconfig-paths': '5' } }),
        'tsconfig.json': '{"compilerOptions":{"paths":{"@/*":["./src/*"],"~t/*":["./tools/*"]}}}',
        'vitest.config.ts': 'import tp from "vite-tsconfig-paths";\nexport default { plugins: [tp()], test: { setupFiles: ["~t/setup"] } };\n',
        'tools/setup.ts': 'import "@/testing/h";\n', 'src/testing/h.ts': TS, 'src/a.ts': TS,
      },
      asks: ['tools/setup.ts', 'src/testing/h.ts'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it('parseJsonc: comments (not inside strings) and trailing commas', () => {
    expect(parseJsonc('{ "a": "x//y", /* c */ "b": [1, 2,], // d\n }')).toEqual({ a: 'x//y', b: [1, 2] });
    expect(parseJsonc('{ "a": ')).toBeUndefined();
  });
});
