// Red team R20-7, npm part (issue 26): npm reads every option from `npm_config_<key>` (any case), so
// `npm_config_call='git push origin' npm exec` ran what `npm exec --call='git push origin'` is refused for, and
// `npm_config_script_shell=X npm run s` ran X. Each npm configuration variable set on the command is now read as
// its `--key=value` option (src/shell/npm-config-variables.ts, through option-variables.ts).
import { describe, expect, it } from 'vitest';
import { execDecider } from './helpers.js';

const decide = execDecider();
const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];

describe('npm configuration variables meet the rules their options meet', () => {
  it.each([
    "npm_config_call='git push origin' npm exec", "NPM_CONFIG_CALL='git push origin' npm exec", "npm_config_call='git push origin' npx",
    "npm_config_call='git push origin' npm x", "env npm_config_call='git push origin' npm exec",
    "Npm_Config_Call='git push origin' npm exec",
  ])('deny git push*: %s is refused', async (line) => {
    expect((await decide(line, DENY)).decision).toBe('deny');
  });

  it.each(["npm_config_call='rm -rf build' npm exec", "npm_config_call='git reset --hard' npx"])('the immune list under allow *: %s asks', async (line) => {
    expect((await decide(line, ['allow @coder exec *'])).decision).toBe('ask');
  });

  it.each(['npm_config_call="$X" npm exec', 'npm_config_script_shell=git npm run x', 'npm_config_node_options="--require ./x.js" npm run x'])('%s is decided as its option on the line is: not allowed past the deny rule', async (line) => {
    expect((await decide(line, DENY)).decision).not.toBe('allow');
  });

  it.each(['npm_config_loglevel=warn npm ci', 'npm_config_registry=https://registry.npmjs.org/ npm install', 'npm_config_yes=true npx tsc', 'NPM_CONFIG_CALL=x cat f'])('ordinary: %s stays allowed', async (line) => {
    expect((await decide(line, DENY)).decision).toBe('allow');
  });
});
