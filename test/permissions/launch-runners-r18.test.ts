// Red team R18-13, R18-14 (issue 26): more front-ends that run a package.json script (node --run, deno task, yarn workspaces
// foreach, yarn workspace, lerna run, nx, turbo) are `npm run X` for deny and ask rules, so a rule on `npm run deploy*`
// meets them; an option a row does not know makes the reading unclear (a person decides), never dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageProgram } from '../../src/permissions/canonical-runners.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?npm run deploy*', 'allow @coder exec *'];
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box, rules), `@coder exec ${line}`);

const DENIED = [
  'node --run deploy', 'node --run=deploy', 'node --no-warnings --run deploy -- --prod', 'nodejs --run deploy',
  'deno task deploy', 'deno task --cwd sub deploy', 'deno -q task deploy',
  'yarn workspaces foreach -A run deploy', 'yarn workspaces foreach --all run deploy', 'yarn workspaces foreach run deploy',
  'yarn workspaces foreach -Apt --include a run deploy', 'yarn workspaces foreach -A deploy', 'yarn workspace app run deploy',
  'lerna run deploy', 'lerna run deploy --stream', 'lerna run --scope app deploy', 'lerna run build,deploy', 'npx lerna run deploy',
  'nx run-many -t deploy', 'nx run-many -t build deploy', 'nx run-many --targets=build,deploy', 'nx run-many --target deploy',
  'nx affected -t deploy', 'nx run app:deploy', 'nx run app:deploy:prod', 'nx app:deploy', 'nx affected:deploy', 'nx deploy app', 'npx nx run-many -t deploy',
  'turbo run deploy', 'turbo deploy', 'turbo run build deploy', 'turbo run app#deploy', 'turbo run //#deploy', 'turbo run --filter app deploy',
  'turbo watch deploy', 'npx turbo run deploy',
];

// An option the row does not know may take the next word: the reading is unclear, a person decides.
const PERSON = ['turbo run --mystery deploy', 'lerna run --mystery deploy', 'yarn workspaces foreach --mystery run deploy', 'deno task --mystery deploy', 'turbo run "$T"'];

const ALLOWED = [
  'node --run build', 'node app.js', 'deno task build', 'yarn workspaces foreach -A run build', 'yarn workspaces list', 'lerna run build',
  'lerna list', 'nx run-many -t build', 'nx run app:build', 'nx graph', 'nx build app', 'turbo run build', 'turbo build lint', 'turbo prune app',
  'turbo run build --filter deploy', 'lerna run build --scope deploy', 'nx run-many -t build --projects deploy',
];

describe('deny rules meet more package-script front-ends (R18-14)', () => {
  it.each(DENIED)('%s is denied', async (line) => {
    expect((await decide(line)).decision).toBe('deny');
  });
  it.each(PERSON)('%s needs a person', async (line) => {
    const decision = await decide(line);
    expect(decision.decision).toBe('ask');
    expect(decision.source).not.toBe('default');
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
});

// R18-13: an `npm:` alias is the aliased package's bin; a git, GitHub, URL or tarball spec may be any program, so its
// words are read as each program's (unclear: a person decides when a deny rule could match).
describe('package specs the table cannot map (R18-13)', () => {
  it.each(['npx npm@npm:npm@10 run deploy', 'npx x@npm:npm@10 run deploy', 'npx npm:npm@10 run deploy', 'bunx x@npm:npm run deploy'])('%s is denied', async (line) => {
    expect((await decide(line)).decision).toBe('deny');
  });
  it.each([
    'npx github:npm/cli run deploy', 'npx npm/cli run deploy', 'npx npm/cli#v10 run deploy', 'npx git+https://github.com/npm/cli.git run deploy',
    'npx https://example.org/cli.tgz run deploy', 'npx cli@github:npm/cli run deploy', 'bunx npm/cli run deploy', 'pnpm dlx github:npm/cli run deploy',
    'npm exec npm/cli -- run deploy', 'yarn dlx npm/cli run deploy', 'npx file:./tools/cli run deploy',
  ])('%s needs a person', async (line) => {
    const decision = await decide(line);
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'immune' });
    expect(decision.reason).toContain('npm run deploy*');
  });
  it.each(['npx github:npm/cli run build', 'npx npm/cli test', 'npx cowsay hi', 'npx @scope/tool run deploy', 'npx ./tools/cli run build'])('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
  it.each([['npm@npm:npm@10', 'npm'], ['x@npm:typescript@5', 'tsc'], ['x@npm:@scope/tool@2', 'tool'], ['npm:npm', 'npm']])('%s runs %s', (spec, bin) => {
    expect(packageProgram(spec)).toBe(bin);
  });
  it('the question names the package spec', async () => {
    expect((await decide('npx github:npm/cli run deploy')).reason).toContain('github:npm/cli');
  });
});
