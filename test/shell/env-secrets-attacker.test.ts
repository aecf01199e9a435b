// Issue 26 from the attacker's side: a command the model writes (sandboxed or not) prints its environment.
// Secret variables named like STRIPE_SK, PGPASS, *_PASS*, *_AUTH*, *_CREDENTIAL*, and values that are
// secrets whatever their name (a URL with user:password@, a PEM block, a known token prefix, a long random
// token) reached it. Through the real binary: none of them is in the output, and exec names the ones the
// line asked for.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir } from '../helpers/fixture.js';

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
};

describe.skipIf(!existsSync(CLI))('secret environment variables do not reach a command', () => {
  for (const sandbox of ['off', 'workspace-write']) {
    it(`--sandbox ${sandbox}: the names and value shapes are dropped and the asked-for names are said`, async () => {
      const ws = await tempDir('codeward-env-attack-');
      try {
        const result = runCli(['-C', ws, '--json', '--sandbox', sandbox, 'exec', '--cmd', 'env; echo "$STRIPE_SK$PGPASS"; echo env-done'], { env: { ...SECRETS, KEPT_PLAIN: 'plain-value', KEPT_URL: 'ssh://git@github.com/kept-url.git', KEPT_QUERY: 'https://example.com/?page=kept-query' } });
        const text = JSON.stringify(result.json);
        if (sandbox !== 'off' && !text.includes('env-done')) return; // no bwrap here: the off run covers it
        expect(text, result.stderr).toContain('env-done');
        expect(text).toContain('plain-value');
        expect(text).toContain('kept-url');
        expect(text).toContain('kept-query');
        expect(text).not.toContain('envleak');
        expect(text).toMatch(/not passed to the command \(secret-looking\): [^"]*PGPASS/);
        expect(text).toMatch(/not passed to the command \(secret-looking\): [^"]*STRIPE_SK/);
      } finally {
        await removeDir(ws);
      }
    }, 120_000);
  }
});
