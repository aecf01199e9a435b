// Red team R20-7, npm part (issue 26): npm reads every option from `npm_config_<key>` (any case), so
// `npm_config_call='git push origin' npm exec` ran what `npm exec --call='git push origin'` is refused for, and
// `npm_config_script_shell=X npm run s` ran X. Each npm configuration variable set on the command is now read as
// its `--key=value` option (src/shell/npm-config-variables.ts, through option-variables.ts).
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('npm configuration variables meet the rules their options meet', () => {
  decideRows(decide, 'deny', 'deny git push*: %s is refused', [
    "npm_config_call='git push origin' npm exec", "NPM_CONFIG_CALL='git push origin' npm exec", "npm_config_call='git push origin' npx",
    "npm_config_call='git push origin' npm x", "env npm_config_call='git push origin' npm exec",
    "Npm_Config_Call='git push origin' npm exec",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["npm_config_call='rm -rf build' npm exec", "npm_config_call='git reset --hard' npx"], ['allow @coder exec *']);

  decideRows(decide, 'not allow', '%s is decided as its option on the line is: not allowed past the deny rule', ['npm_config_call="$X" npm exec', 'npm_config_script_shell=git npm run x', 'npm_config_node_options="--require ./x.js" npm run x']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ['npm_config_loglevel=warn npm ci', 'npm_config_registry=https://registry.npmjs.org/ npm install', 'npm_config_yes=true npx tsc', 'NPM_CONFIG_CALL=x cat f']);
});
