import { envHomes, genericWhy } from '../../permissions/obeyed-env-homes.js';
import { envRow } from '../../permissions/obeyed-env.js';

// The variables of codeward's environment that name a path inside the workspace only the generic rule makes
// obeyed (obeyed-env-homes.ts: an unknown tool may read it), and those the person's envPlaces leaves free: the
// way out of a dev container's PROJECT_SRC=$W/src, where every source write would ask.
export interface EnvPlace {
  readonly name: string;
  // Workspace-relative.
  readonly path: string;
  readonly obeyed: boolean;
}

export function envPlacesOf(root: string, env: Readonly<Record<string, string | undefined>>, places: readonly string[], cwd: string): EnvPlace[] {
  const generic = envHomes([root], env, envRow, cwd).filter((one) => one.home === undefined);
  const left = new Set(envHomes([root], env, envRow, cwd, places).filter((one) => one.home === undefined).map((one) => `${one.name}\0${one.rel}`));
  const seen = new Set<string>();
  return generic.flatMap((one) => {
    const key = `${one.name}\0${one.rel}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ name: one.name, path: one.rel, obeyed: left.has(key) }];
  });
}

// One line each: `env place        PROJECT_SRC names src: ...`.
export function envPlaceLines(found: readonly EnvPlace[]): string[] {
  return found.map((one) => `env place        ${one.obeyed ? genericWhy(one.name, one.path) : `$${one.name} names ${one.path}: a place (envPlaces in your config), not obeyed by that name`}`);
}
