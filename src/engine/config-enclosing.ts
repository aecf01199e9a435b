import { fail, isCodewardError } from './errors.js';
import { compileNonAccessible } from '../workspace/globs.js';
import { rebaseGlob } from '../workspace/rebase.js';
import type { ProjectSettings } from '../permissions/policy-load.js';
import { isDeepStrictEqual } from 'node:util';
import type { Config } from './config-schema.js';
import { ENGINE_CONFIG_KEYS } from './config-schema.js';
import { tightenConfig } from './config-tighten.js';

// The non-accessible globs of the projects a workspace is a subfolder of (red team R9-9;
// permissions/project-enclosing.ts finds them): each project's config read as at its own top (trusted or
// tighten-only by its own record), the globs it adds re-based to the workspace (`sub/keys/**` is `keys/**`
// at `sub`, `**/keys/**` stays) and added to the workspace's list; they only add (an enclosing project
// never removes a glob). A glob that hides the whole workspace refuses it (C211), as at the top the
// folder would be hidden. Its other engine settings only tighten the workspace's (`"sandbox": "read-only"`,
// a lower maxWriteBytes, `"stage": true`), trusted or not. `read` reads one project's own config (config.ts).
// Generic over config.ts's ConfigReport (only its config and file are read here): no import of config.ts, which imports this.
export async function withEnclosingGlobs<R extends { readonly config: Config; readonly file?: string }>(report: R, project: ProjectSettings, read: (outer: ProjectSettings) => Promise<R>): Promise<R> {
  const enclosing = project.enclosing ?? [];
  if (enclosing.length === 0) return report;
  const globs = [...report.config.nonAccessibleGlobs];
  let config = report.config;
  for (const outer of enclosing) {
    const top = outer.snapshot.root;
    const own = await read({ snapshot: outer.snapshot, trust: outer.trust }).catch((error: unknown) => {
      throw isCodewardError(error) ? fail(error.code, `${top}/${error.message}`) : error;
    });
    // What the project's file sets: where its config differs from the base it started from.
    const base = (await read({ snapshot: { root: top, files: [] }, trust: outer.trust })).config;
    const keys = ENGINE_CONFIG_KEYS.filter((key) => key !== 'nonAccessibleGlobs' && !isDeepStrictEqual((own.config as Record<string, unknown>)[key], (base as Record<string, unknown>)[key]));
    config = tightenConfig(own.config, keys, config, `${top}/${own.file ?? ''}`).config;
    for (const glob of own.config.nonAccessibleGlobs) {
      if (report.config.nonAccessibleGlobs.includes(glob)) continue;
      const rebased = rebaseGlob(glob, outer.below);
      if (rebased === undefined) continue;
      if ('covers' in rebased || compileNonAccessible([glob])(outer.below.join('/'))) throw fail('C211', `the workspace ${project.snapshot.root} lies inside a folder that the non-accessible glob ${glob} of the project ${top} hides from the model; open a folder outside it`);
      if (!globs.includes(rebased.rest)) globs.push(rebased.rest);
    }
  }
  return { ...report, config: { ...config, nonAccessibleGlobs: globs } };
}
