// Issue 26 from the attacker's side: a command the model writes (sandboxed or not) prints its environment.
// Secret variables named like STRIPE_SK, PGPASS, *_PASS*, *_AUTH*, *_CREDENTIAL*, and values that are
// secrets whatever their name (a URL with user:password@, a PEM block, a known token prefix, a long random
// token) reached it. Through the real binary: none of them is in the output, and exec names the ones the
// line asked for. Red team R5-4: a shape list does not converge (Azure keys, `Basic ...`, webhooks, a URL
// split over two variables, a percent-encoded key): only allow-listed names pass (src/shell/env-allow.ts),
// then the shapes are a second layer for the allow-listed ones; a name the user configures passes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const SECRETS: Record<string, string> = {
  STRIPE_SK: 'envleak-stripe-1',
  PGPASS: 'envleak-pgpass-2',
  DB_PASSCODE: 'envleak-passcode-3',
  NPM_AUTHTOKEN: 'envleak-auth-4',
  GCP_CREDENTIAL: 'envleak-credential-5',
  REPORTING_ENDPOINT: 'https://bot:envleak-url-6@example.com/hook',
  BUILD_KEYDATA: '-----BEGIN PRIVATE KEY-----\nenvleak-pem-7\n-----END PRIVATE KEY-----',
  CONFIG_BLOB: 'ghp_envleak8abcdefghijklmnop',
  SESSION_BLOB: 'envleakQ8Zr2LwX9vTn4Kp7Ys1Jd6Hf3Gm5Bc0A',
  // Red team H6: harmless names, secret values (and two names of a token's kind).
  U6: 'rediss://:envleak-redis-10@h',
  REDIS_URL: 'redis://:envleak-redis-11@h:6379',
  U4: 'https://ghp_envleak12abcdef@github.com/x.git',
  U7: 'Server=tcp:x;Password=envleak-13;',
  XX: '{"password":"envleak-14"}',
  KEYSTR: '-----BEGIN-RSA envleak-15',
  JWT: 'envleak-16',
  BEARER: 'envleak-17',
  U8: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlbnZsZWFrIn0.envleak18sig',
  U9: 'slack xoxb-envleak-19',
  U10: 'https://example.com/hook?api_key=envleak-20',
  // Red team R5-4, under harmless names (the allow list drops them; most shapes too).
  STORAGE: 'DefaultEndpointsProtocol=https;AccountName=x;AccountKey=envleak22abc==;EndpointSuffix=core.windows.net',
  HEADER: 'Basic envleak23Zm9vYmFy',
  NOTIFY: 'https://hooks.slack.com/services/T000/B000/envleak24',
  CHAT: 'https://discord.com/api/webhooks/123/envleak25',
  BOT: '123456789:AAenvleak26abcdefghijklmnopqrstuvwx',
  ERRORS: 'https://envleak27abcdef0123456789abcdef@o1.ingest.sentry.io/2',
  REMOTE_BASE: 'https://deploy:',
  REMOTE_REST: 'envleak28@git.example.com/x.git',
  ENCODED: '%2D%2D%2D%2D%2DBEGIN%20PRIVATE%20KEY%2D%2D%2D%2D%2D envleak29',
  // Allow-listed names with secret values: the value shapes drop them.
  PIP_INDEX_URL: 'https://__token__:envleak30@pypi.example/simple',
  GOPROXY: 'https://envleak31abcdefghijklmn@proxy.example',
  HTTPS_PROXY: 'http://u:envleak32@proxy:3128',
  NODE_OPTIONS_EXTRA: 'Bearer envleak33abcdefgh',
  npm_config_registry_header: 'Basic envleak34Zm9vYmFy',
};

describe.skipIf(!existsSync(CLI))('secret environment variables do not reach a command', () => {
  for (const sandbox of ['off', 'workspace-write']) {
    it(`--sandbox ${sandbox}: only allow-listed names pass, the secret names and value shapes among them are dropped, the asked-for names are said`, async () => {
      const ws = await tempDir('codeward-env-attack-');
      const home = await tempDir('codeward-env-home-');
      try {
        await writeFiles(home, { '.codeward/config.json': JSON.stringify({ passEnv: ['CONFIGURED_EXTRA'] }) });
        const kept = { KEPT_PLAIN: 'plain-value', KEPT_URL: 'ssh://git@github.com/kept-url.git', KEPT_QUERY: 'https://example.com/?page=kept-query', CONFIGURED_EXTRA: 'configured-extra', UNLISTED_PLAIN: 'unlisted-value', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', GOFLAGS: '-mod=mod' };
        const line = 'env; echo "$STRIPE_SK$PGPASS$UNLISTED_PLAIN"; echo "path=$PATH home=$HOME"; echo env-done';
        const result = runCli(['-C', ws, '--json', '--sandbox', sandbox, '--pass-env', 'KEPT_PLAIN,KEPT_URL,KEPT_QUERY', 'exec', '--cmd', line], { env: { ...SECRETS, ...kept, HOME: home, CODEWARD_STATE_DIR: join(home, '.state') } });
        const text = JSON.stringify(result.json);
        if (sandbox !== 'off' && !text.includes('env-done')) return; // no bwrap here: the off run covers it
        expect(text, result.stderr).toContain('env-done');
        for (const value of ['plain-value', 'kept-url', 'kept-query', 'configured-extra', 'LANG=C.UTF-8', 'LC_ALL=C.UTF-8', 'GOFLAGS=-mod=mod', `home=${home}`]) expect(text).toContain(value);
        expect(text).toMatch(/path=\/[^"\\]*\/bin/);
        expect(text).not.toContain('envleak');
        expect(text).not.toContain('unlisted-value');
        expect(text).not.toContain('https://deploy:');
        expect(text).toMatch(/not passed to the command \(secret-looking\): [^"]*PGPASS/);
        expect(text).toMatch(/not passed to the command \(secret-looking\): [^"]*STRIPE_SK/);
        expect(text).toMatch(/not passed to the command \(not on the environment allow list\): UNLISTED_PLAIN; the user can add one with --pass-env NAME/);
      } finally {
        await removeDir(ws);
        await removeDir(home);
      }
    }, 120_000);
  }
});
