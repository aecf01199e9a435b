import { describe, expect, it } from 'vitest';
import { GUARDED_SECRET_PATTERNS } from '../../src/engine/secret-variables.js';

// perf35 (issue 31): each secret pattern runs only when its cheap guard says yes. A guard may say yes where
// the pattern says no, never the reverse, so isSecretVariable's answers are the same as with no guards.

// The examples of test/shell/run-env.test.ts and the doc comments of src/engine/secret-variables.ts.
const EXAMPLES = [
  'GITHUB_TOKEN', 'GH_TOKEN', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', 'GITLAB_PRIVATETOKEN', 'NPM_CONFIG_//REGISTRY.NPMJS.ORG/:_AUTHTOKEN',
  'STRIPE_SECRET_KEY', 'MY_API_KEY', 'MISTRAL_APIKEY', 'DB_PASSWORD', 'PGPASSWORD', 'MYSQL_PWD_SECRET', 'AWS_ACCESS_KEY_ID',
  'SENTRY_DSN', 'DATABASE_URL', 'SSH_AUTH_SOCK', 'HF_TOKEN', 'SLACK_WEBHOOK_URL', 'SIGNING_KEY', 'TWINE_PASSWORD', 'MYSQL_PWD',
  'REDIS_PW', 'GH_PAT', 'PAT_TOKEN', 'SMTP_PW', 'STRIPE_SK', 'STRIPE_SK_LIVE', 'PGPASS', 'ERRORS_DSN', 'GL_PAT', 'DB_PASSCODE',
  'SMTP_PASSWD', 'DB_PASS_FILE', 'AWS_CREDENTIALS_FILE', 'GCP_CREDENTIAL', 'MY_CREDENTIALX', 'NPM_AUTHTOKEN', 'X_AUTH_HEADER',
  'PROXY_AUTH', 'APP_JWT', 'BEARER', 'DB_CONNECTION_STRING', 'CONNSTR', 'SESSION_COOKIES', 'DEPLOY_WEBHOOK', 'DEPLOY_CREDS',
  'PATH', 'PWD', 'OLDPWD', 'PATCH_LEVEL', 'HOME', 'TOKENIZERS_PARALLELISM', 'GIT_AUTHOR_NAME', 'XAUTHORITY', 'KEYMAP',
  'PASSWORD_STORE_DIR', 'SSH_ASKPASS', 'LANG', 'TERM', 'PASSENGER_APP_ENV', 'CERT_AUTHORITY', 'COMPASS_HOME', 'DESK_SKIN', 'TASK',
  'postgres://app:hunter2@db:5432/app', 'https://example.com/x@y', 'redis://:pw@h', 'https://ghp_x@github.com',
  'sk_live_51Habc', 'rk_test_x', 'ghp_abcdefabcdef', 'gho_x', 'ghu_x', 'ghs_x', 'ghr_x', 'github_pat_11AB', 'glpat-xyz', 'xoxb-123-456', 'AKIAIOSFODNN7EXAMPLE',
  'ASIAIOSFODNN7EXAMPLE', 'AIzaSyA-abcdefghijklmnopqrs', 'sk-abcdefghijklmnopqrstuv', 'eyJhbGciOiJI.eyJzdWIiOiIx.sig',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
  'mysql://root:s3cret@localhost/db', 'q8Zr2LwX9vTn4Kp7Ys1Jd6Hf3Gm5Bc0A', '0123456789abcdef0123456789abcdef01234567',
  '550e8400-e29b-41d4-a716-446655440000', '/usr/local/bin:/usr/bin', 'en_US.UTF-8', 'production',
  'DefaultEndpointsProtocol=https;AccountName=x;AccountKey=abc==;', 'Basic dXNlcjpwYXNzd29yZA==', 'Bearer abcdefgh1234',
  'Token abcdefgh1234', 'https://hooks.slack.com/services/T0/B0/x', 'https://hooks.slack.com/workflows/T0/x',
  'https://discord.com/api/webhooks/1/x', 'https://discordapp.com/api/webhooks/1/x', 'https://x.webhook.office.com/y',
  'https://api.telegram.org/bot123', '123456789:AAabcdefghijklmnopqrstuvwxyz0123456', 'https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/2',
  'https://x.blob.core.windows.net/c?sv=2020&sig=abc%3D', 'Server=x;Password=hunter2;', '{"password":"hunter2"}', '?token=abc',
  '"PassWord" = x', 'Client_Secret: y', 'ACCESS_TOKEN=z', 'api-key: k', 'SharedAccessKey=k', 'account_key=k', 'PASSPHRASE:x',
  'ssh://git@github.com/x.git', 'Basic', '100%25 done', 'https://proxy.example:3128',
  // each hint alone: the webhook URLs without their scheme, keys with no other hint in them
  'AIzaSyA-0123456789ABCDEFXYZ', 'sk-0123456789ABCDEFXYZ01', 'eyJ0eXAiOiJK.eyJ1c2VyIjox.',
  'hooks.slack.com/services/T0/B0/x', 'discordapp.com/api/webhooks/1/x', 'x.webhook.office.com/y', 'api.telegram.org/bot123',
];

// A seeded generator of texts built from the patterns' own words, separators and random runs, so that
// every pattern matches many of them (checked below) and the guards meet the edge cases.
function* generated(count: number): Generator<string> {
  let seed = 31;
  // mulberry32
  const next = (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) % below;
  };
  const words = [...new Set(Object.values(GUARDED_SECRET_PATTERNS).flatMap(([pattern]) => pattern.source.replace(/\\./g, '.').replace(/\\\//g, '/').match(/[A-Za-z0-9_./-]{2,}/g) ?? []))];
  const alphabet = 'aAzZ09_-:=/@."\' ;%&,}+~\tkKsSxX';
  const run = (chars: string, length: number) => Array.from({ length }, () => chars[next(chars.length)]).join('');
  const token = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const mixedCase = (word: string) => [...word].map((char) => (next(2) ? char.toUpperCase() : char.toLowerCase())).join('');
  const piece = () => {
    switch (next(10)) {
      case 8: return `${['Basic', 'Bearer', 'Token', 'bearer'][next(4)]}${[' ', '\t', ''][next(3)]}${run(`${token}+/=.~`, 4 + next(10))}`;
      case 9: return `${run('0123456789', 7 + next(5))}:${run(token, 30 + next(10))}`;
      case 7: return `${['"', "'", '', ';'][next(4)]}${mixedCase(words[next(words.length)]!)}${['"', ''][next(2)]}${[' ', '', '\t'][next(3)]}${'=:'[next(2)]}${run(alphabet, 1 + next(3))}`;
      case 6: return `${['https', 'Redis', 'x', 'git+ssh', '1a'][next(5)]}://${run(token + '@:/ ', next(20))}${[':', '@', ':x@', ''][next(4)]}${run(token + '@:/', next(20))}`;
      case 0: return words[next(words.length)]!;
      case 1: return mixedCase(words[next(words.length)]!);
      case 2: return run(alphabet, 1 + next(3));
      case 3: return run(token, 8 + next(36));
      case 4: return run('0123456789', 8 + next(3));
      default: return ['_', '://', '@', ':', '=', ' ', '-', '.eyJ', '"'][next(9)]!;
    }
  };
  for (let index = 0; index < count; index += 1) {
    // every other one a name: upper-case words and letters joined by `_` or nothing
    if (index % 2) yield Array.from({ length: 1 + next(6) }, piece).join('');
    else yield Array.from({ length: 1 + next(4) }, () => (next(4) ? words[next(words.length)]! : run('ABKPSTWX09', 1 + next(3)))).join(next(3) ? '_' : '').toUpperCase();
  }
}

describe('secret pattern guards', () => {
  it('say yes for every example and generated text their pattern matches', () => {
    const texts = [...EXAMPLES, ...EXAMPLES.map((text) => text.toUpperCase()), ...EXAMPLES.map((text) => text.toLowerCase()), ...generated(30_000)];
    for (const [name, [pattern, mayMatch]] of Object.entries(GUARDED_SECRET_PATTERNS)) {
      let matched = 0;
      for (const text of texts) {
        pattern.lastIndex = 0;
        if (!pattern.test(text)) continue;
        matched += 1;
        expect(mayMatch(text), `${name}: ${JSON.stringify(text)}`).toBe(true);
      }
      // the corpus exercises each pattern
      expect(matched, name).toBeGreaterThan(100);
    }
  });

  it('say no for a plain environment, so its patterns are not compiled', () => {
    const plain = { PATH: '/usr/local/bin:/usr/bin:/bin', PWD: '/home/user', OLDPWD: '/', HOME: '/home/user', LANG: 'en_US.UTF-8', TERM: 'xterm-256color', SHLVL: '1' };
    const { SECRET_WORDS, PASSWORD_URL } = GUARDED_SECRET_PATTERNS;
    for (const [name, value] of Object.entries(plain)) {
      expect(SECRET_WORDS![1](name), name).toBe(false);
      expect(PASSWORD_URL![1](value), value).toBe(false);
    }
  });
});
