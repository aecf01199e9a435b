import { describe, expect, it } from 'vitest';
import { childEnv, isCodewardSecret, isSecretVariable, namedIn, NON_INTERACTIVE } from '../../src/shell/env.js';
import { runProcess } from '../../src/shell/run.js';

describe('childEnv', () => {
  const parent = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/u',
    OPENAI_API_KEY: 'sk-1',
    ANTHROPIC_API_KEY: 'sk-2',
    CODEWARD_API_KEY: 'secret',
    CODEWARD_GATEWAY_TOKEN: 'secret',
    CODEWARD_STATE_DIR: '/tmp/state',
    CODEWARD_MODEL: 'gpt',
    GITHUB_TOKEN: 'user-token',
    FORCE_COLOR: '3',
    UNDEFINED_ONE: undefined,
  };

  it('drops provider keys, CODEWARD_* secrets and secret-looking variables, keeps the rest', () => {
    const env = childEnv(parent);
    expect(env).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/u',
      CODEWARD_STATE_DIR: '/tmp/state',
      CODEWARD_MODEL: 'gpt',
      NO_COLOR: '1',
      ...NON_INTERACTIVE,
    });
  });

  it('lets through the secret-looking names the user passes, never the provider keys', () => {
    const env = childEnv(parent, { pass: ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'CODEWARD_API_KEY'] });
    expect(env['GITHUB_TOKEN']).toBe('user-token');
    expect(env['OPENAI_API_KEY']).toBeUndefined();
    expect(env['CODEWARD_API_KEY']).toBeUndefined();
  });

  it('recognises secrets by name and by value, not harmless look-alikes', () => {
    const secrets = [
      'GITHUB_TOKEN', 'GH_TOKEN', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', 'GITLAB_PRIVATETOKEN', 'npm_config_//registry.npmjs.org/:_authToken',
      'STRIPE_SECRET_KEY', 'MY_API_KEY', 'MISTRAL_APIKEY', 'DB_PASSWORD', 'PGPASSWORD', 'MYSQL_PWD_SECRET', 'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AZURE_CLIENT_SECRET', 'GOOGLE_APPLICATION_CREDENTIALS', 'SENTRY_DSN',
      'DATABASE_URL', 'SSH_AUTH_SOCK', 'HF_TOKEN', 'SLACK_WEBHOOK_URL', 'TF_VAR_db', 'VAULT_TOKEN', 'SIGNING_KEY', 'TWINE_PASSWORD',
      // red team: short spellings whose value came back as a file name through write --file '$MYSQL_PWD'
      'MYSQL_PWD', 'REDIS_PW', 'GH_PAT', 'PAT_TOKEN', 'smtp_pw',
    ];
    for (const name of secrets) expect(isSecretVariable(name, 'x'), name).toBe(true);
    for (const name of ['PATH', 'PWD', 'OLDPWD', 'PATCH_LEVEL', 'HOME', 'TOKENIZERS_PARALLELISM', 'GIT_AUTHOR_NAME', 'XAUTHORITY', 'KEYMAP', 'PASSWORD_STORE_DIR', 'SSH_ASKPASS', 'LANG', 'TERM']) {
      expect(isSecretVariable(name, 'x'), name).toBe(false);
    }
    expect(isSecretVariable('MY_DB', 'postgres://app:hunter2@db:5432/app')).toBe(true);
    expect(isSecretVariable('MY_URL', 'https://example.com/x@y')).toBe(false);
  });

  // Issue 26: names the red team found passed to the sandbox, and values that are secrets whatever their name.
  it('recognises the held-back secret spellings and value shapes', () => {
    const secrets = ['STRIPE_SK', 'STRIPE_SK_LIVE', 'PGPASS', 'SENTRY_DSN', 'DATABASE_URL', 'ERRORS_DSN', 'GL_PAT', 'DB_PASSCODE', 'SMTP_PASSWD',
      'DB_PASS_FILE', 'MYSQL_PWD', 'AWS_CREDENTIALS_FILE', 'GCP_CREDENTIAL', 'MY_CREDENTIALX', 'NPM_AUTHTOKEN', 'X_AUTH_HEADER', 'PROXY_AUTH'];
    for (const name of secrets) expect(isSecretVariable(name, 'x'), name).toBe(true);
    for (const name of ['PASSENGER_APP_ENV', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'CERT_AUTHORITY', 'SSH_ASKPASS', 'COMPASS_HOME', 'DESK_SKIN', 'SKIP_TESTS', 'TASK']) {
      expect(isSecretVariable(name, 'x'), name).toBe(false);
    }
    const values = ['sk_live_51Habc', 'ghp_abcdefabcdef', 'glpat-xyz', 'xoxb-123-456', 'AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', 'mysql://root:s3cret@localhost/db', 'q8Zr2LwX9vTn4Kp7Ys1Jd6Hf3Gm5Bc0A'];
    for (const value of values) expect(isSecretVariable('CONFIG_VALUE', value), value).toBe(true);
    const plain = ['0123456789abcdef0123456789abcdef01234567', '550e8400-e29b-41d4-a716-446655440000', '/usr/local/bin:/usr/bin', 'en_US.UTF-8',
      '/home/user/.local/share/pnpm/global/5/node_modules', 'production', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1a'];
    for (const value of plain) expect(isSecretVariable('CONFIG_VALUE', value), value).toBe(false);
  });

  it('says which of the variables a line names were dropped', () => {
    const dropped: string[] = [];
    const env = childEnv({ PATH: '/bin', STRIPE_SK: 'sk_live_1', BUILD_ID: 'q8Zr2LwX9vTn4Kp7Ys1Jd6Hf3Gm5Bc0A' }, { dropped });
    expect(env['STRIPE_SK']).toBeUndefined();
    expect(env['BUILD_ID']).toBeUndefined();
    expect(dropped.sort()).toEqual(['BUILD_ID', 'STRIPE_SK']);
  });

  // Red team R5-4: only allow-listed names pass; the value shapes stay a second layer for them.
  it('passes only allow-listed names (and the user\'s), and names the unlisted ones', () => {
    const unlisted: string[] = [];
    const env = childEnv({ PATH: '/bin', LANG: 'C', LC_CTYPE: 'C', GOFLAGS: '-x', CARGO_HOME: '/c', npm_config_cache: '/n', https_proxy: 'http://p:3128', DEPLOY_HOOK: 'x', MY_TOOL: 'y', CARGO_REGISTRY_TOKEN: 't' }, { pass: ['MY_TOOL'], unlisted });
    expect(Object.keys(env).filter((name) => !(name in NON_INTERACTIVE) && name !== 'NO_COLOR').sort()).toEqual(['CARGO_HOME', 'GOFLAGS', 'LANG', 'LC_CTYPE', 'MY_TOOL', 'PATH', 'https_proxy', 'npm_config_cache']);
    expect(unlisted).toEqual(['DEPLOY_HOOK']);
  });

  it('recognises the round 5 value shapes whatever the name', () => {
    const values = ['DefaultEndpointsProtocol=https;AccountName=x;AccountKey=abc==;', 'Basic dXNlcjpwYXNzd29yZA==', 'Bearer abcdefgh1234', 'https://hooks.slack.com/services/T0/B0/x',
      'https://discord.com/api/webhooks/1/x', '123456789:AAabcdefghijklmnopqrstuvwxyz0123456', 'https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/2',
      '%2D%2D%2D%2D%2DBEGIN%20PRIVATE%20KEY%2D%2D%2D%2D%2D', 'https://x.blob.core.windows.net/c?sv=2020&sig=abc%3D'];
    for (const value of values) expect(isSecretVariable('CONFIG_VALUE', value), value).toBe(true);
    for (const value of ['ssh://git@github.com/x.git', 'Basic', '100%25 done', 'https://proxy.example:3128', 'en_US.UTF-8']) expect(isSecretVariable('CONFIG_VALUE', value), value).toBe(false);
  });

  // The warnings name only the variables the line names as words (perf35: tried as patterns only when present).
  it('says which variables a line names as whole words', () => {
    const names = ['PGPASS', 'MY_TOKEN', 'npm_config_//r.example/:_authToken', 'PATH', 'A.B'];
    expect(namedIn('echo $PGPASS ${MY_TOKEN} "$npm_config_//r.example/:_authToken"', names)).toEqual(['PGPASS', 'MY_TOKEN', 'npm_config_//r.example/:_authToken']);
    expect(namedIn('echo $MY_TOKENS $XPGPASS $PATHS AxB', names)).toEqual([]);
    expect(namedIn('echo A.B', names)).toEqual(['A.B']);
  });

  it('overrides win, including asking for colour', () => {
    expect(childEnv(parent, { overrides: { FORCE_COLOR: '1' } })).toMatchObject({ FORCE_COLOR: '1' });
    expect(childEnv(parent, { overrides: { FORCE_COLOR: '1' } })['NO_COLOR']).toBeUndefined();
    expect(childEnv(parent, { overrides: { NO_COLOR: undefined } })['NO_COLOR']).toBeUndefined();
  });

  it('classifies names case-insensitively', () => {
    expect(isCodewardSecret('openai_api_key')).toBe(true);
    expect(isCodewardSecret('CODEWARD_ANYTHING_NEW')).toBe(true);
    expect(isCodewardSecret('CODEWARD_STATE_DIR')).toBe(false);
    expect(isCodewardSecret('PATH')).toBe(false);
  });

  it('a real child does not see OPENAI_API_KEY set in the parent', async () => {
    const env = childEnv({ ...process.env, OPENAI_API_KEY: 'sk-test-should-not-leak', CODEWARD_SECRET: 'x', DEPLOY_TOKEN: 'sk-test-deploy' });
    const result = await runProcess({ command: 'echo "${OPENAI_API_KEY:-absent} ${CODEWARD_SECRET:-absent} ${DEPLOY_TOKEN:-absent} $NO_COLOR"; env | grep -c sk-test || true', cwd: process.cwd(), timeoutMs: 10_000, env });
    expect(result.stdout).toBe('absent absent absent 1\n0\n');
  });
});
