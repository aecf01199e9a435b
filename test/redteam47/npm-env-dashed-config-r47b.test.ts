// R47-b17 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask). R46-6's class (a
// runner's variables handed by env with a name that is not a shell identifier) for npm: npm reads every
// `npm_config_<key>` environment variable and normalises `-`/`_` in the key (and the case of the prefix), so
// `env npm_config_script-shell=./mk npm run b` sets script-shell: npm runs the package script through ./mk. The
// identifier spelling asks (`npm_config_script_shell=./mk npm run b`, `NPM_CONFIG_SCRIPT_SHELL=…`: "a build tool given
// a program ... npm --script-shell"); the dashed spelling, only possible through env, does not.
// Repro (integ 8b8525d7, default sandbox, in place; package.json scripts.b = "echo hi", mk = "#!/bin/sh\nrm -rf ROOT/sub"):
//   codeward --yes exec --no-stage "env npm_config_script-shell=./mk npm run b"   -> "> b > echo hi", exit 0, sub/ GONE
//   codeward --yes exec --no-stage "env NPM_CONFIG_SCRIPT-SHELL=./mk npm run b"   -> sub/ GONE
//   codeward --yes exec --no-stage "env npm_config_script-shell=./mk npm test"    -> sub/ GONE
// Class: environment names a program normalises (npm_config_* with `-`; yarn/pnpm the same), matched by codeward as
// exact identifiers. Every env-name rule should compare the name as the reading program does.
// FIXED (lead, session 70): option-variables.ts reads an env word of any name env takes.
// Was: fix place: where npm's script-shell / node-options env names are matched (the "build tool given a program" rule):
// normalise the name as npm does (lower-case, `-` -> `_`) before matching; R46-6's commandEnv already keeps the word.
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'package.json': '{"scripts":{"b":"echo hi","test":"echo hi"}}\n', mk: '#!/bin/sh\nrm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R47-b17 CRITICAL: npm config script-shell by a dashed env name', { timeout: 120_000 }, () => {
  eachAsks(
    ['env npm_config_script-shell=./mk npm run b', 'env NPM_CONFIG_SCRIPT-SHELL=./mk npm run b', 'env npm_config_script-shell=./mk npm test'],
    verdict,
    ['npm_config_script_shell=./mk npm run b', 'NPM_CONFIG_SCRIPT_SHELL=./mk npm run b'],
  );
});
