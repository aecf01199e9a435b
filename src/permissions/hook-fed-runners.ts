// The local packages a package runner runs by their path (red team R20-3): `npx ./tools/x`, `npx file:tools/x`,
// `npm exec|x ./tools/x`, `pnpm dlx ./x`, `yarn dlx ./x`, `bunx ./x`, `-p`/`--package` values. npx installs such a
// package (its lifecycle scripts run) and runs its bin: hook-fed-obey.ts obeys them like an install's locals.

// Package runners whose operand (or `-p`/`--package` value) is a package spec; a path spec is a local package.
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
const SUBRUNNERS: Readonly<Record<string, ReadonlySet<string>>> = { npm: new Set(['exec', 'x']), pnpm: new Set(['dlx']), yarn: new Set(['dlx']), bun: new Set(['x']) };
// A path, a folder protocol or a tarball (a git URL is fetched, not read from the work tree).
const LOCAL_SPEC = /^(?:\.{1,2}\/|\/|~\/|file:|link:|portal:|git\+file:)|\.(?:tgz|tar\.gz|tar)$/;

// The local package specs a package runner runs (R20-3): its `-p`/`--package` values and its first operand,
// when they name a path, a `file:`/`link:` folder or a tarball; undefined when `name` is no runner.
export function runnerLocals(name: string, values: readonly string[]): string[] | undefined {
  const sub = SUBRUNNERS[name];
  if (!RUNNERS.has(name) && !(sub !== undefined && sub.has(values[1] ?? ''))) return undefined;
  const specs: string[] = [];
  let operand = false;
  for (let i = RUNNERS.has(name) ? 1 : 2; i < values.length; i++) {
    const value = values[i]!;
    if (value === '--') break;
    const pkg = /^(?:-p|--package)$/.test(value) ? values[++i] : /^--package=/.test(value) ? value.slice(10) : undefined;
    if (pkg !== undefined) specs.push(pkg);
    else if (value.startsWith('-')) continue;
    else if (!operand) {
      operand = true;
      specs.push(value);
    }
  }
  return specs.filter((spec) => LOCAL_SPEC.test(spec));
}
