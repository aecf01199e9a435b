import { afterAll, describe, expect, test } from 'vitest';
import { loadPolicy } from '../../src/permissions/policy-load.js';
import { explain, rule, sandbox, trustWorkspace, writePolicy, type Sandbox } from './helpers.js';

// sources × actions × patterns × compound commands. Each row gets its own real project and home folder.
interface Row {
  readonly name: string;
  readonly cli?: readonly string[];
  readonly project?: readonly string[];
  readonly projectMerge?: boolean;
  readonly user?: readonly string[];
  readonly userMerge?: boolean;
  // Extra files: [level, file name, rules].
  readonly files?: readonly (readonly ['project' | 'user', string, readonly string[]])[];
  // The project's files are trusted (`codeward trust`) unless this is set.
  readonly untrusted?: boolean;
  readonly call: string;
  readonly expect: 'allow' | 'ask' | 'deny';
  readonly source: string;
}

const ROWS: readonly Row[] = [
  // Built-in defaults.
  { name: 'default: read allowed', call: '@coder read a.txt', expect: 'allow', source: 'default' },
  { name: 'default: write asks', call: '@coder write a.txt', expect: 'ask', source: 'default' },
  { name: 'default: delete asks', call: '@coder delete a.txt', expect: 'ask', source: 'default' },
  { name: 'default: patch asks', call: '@coder patch a.txt', expect: 'ask', source: 'default' },
  { name: 'default: multipatch asks', call: '@coder multipatch a.txt', expect: 'ask', source: 'default' },
  { name: 'default: update asks', call: '@coder update a.txt', expect: 'ask', source: 'default' },
  { name: 'default: create asks', call: '@coder create a.txt', expect: 'ask', source: 'default' },
  { name: 'default: rollback asks', call: '@coder rollback a.txt', expect: 'ask', source: 'default' },
  { name: 'default: clean asks', call: '@coder clean .', expect: 'ask', source: 'default' },
  { name: 'default: tree allowed', call: '@coder tree', expect: 'allow', source: 'default' },
  { name: 'default: list allowed', call: '@coder list src', expect: 'allow', source: 'default' },
  { name: 'default: search allowed', call: '@coder search TODO', expect: 'allow', source: 'default' },
  { name: 'default: git-status allowed', call: '@coder git-status', expect: 'allow', source: 'default' },
  { name: 'default: exec of a read-only command', call: '@coder exec ls -la', expect: 'allow', source: 'allowlist' },
  { name: 'default: exec npm test asks', call: '@coder exec npm test', expect: 'ask', source: 'default' },
  { name: 'default: test asks', call: '@coder test npm test', expect: 'ask', source: 'default' },
  // Sources against each other.
  // Changed with workspace trust: a user's deny beats a project's allow, even a trusted one (it ranked below before).
  { name: 'user deny beats a trusted project allow', project: ['allow @coder exec npm *'], user: ['deny @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'user' },
  { name: 'user deny beats a trusted project allow *', project: ['allow *'], user: ['deny @coder exec curl *'], call: '@coder exec curl x', expect: 'deny', source: 'user' },
  { name: 'user ask beats a trusted project allow', project: ['allow @coder exec npm *'], user: ['ask @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'user' },
  { name: 'trusted project allow beats the default', project: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'allow', source: 'project' },
  // An untrusted workspace: its files can only tighten.
  { name: 'untrusted: project allow is ignored', untrusted: true, project: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'default' },
  { name: 'untrusted: project allow * is ignored', untrusted: true, project: ['allow *'], call: '@coder write a.txt', expect: 'ask', source: 'default' },
  { name: 'untrusted: coder_policy.json allow is ignored', untrusted: true, files: [['project', 'coder_policy.json', ['allow @coder exec make *']]], call: '@coder exec make x', expect: 'ask', source: 'default' },
  { name: 'untrusted: .chatcli allow is ignored', untrusted: true, files: [['project', '.chatcli/coder_policy.json', ['allow @coder *']]], call: '@coder delete a', expect: 'ask', source: 'default' },
  { name: 'untrusted: project deny applies', untrusted: true, project: ['deny @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'project' },
  { name: 'untrusted: project ask beats user allow', untrusted: true, project: ['ask @coder exec npm *'], user: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'project' },
  { name: 'untrusted: project ask beats the allowlist', untrusted: true, project: ['ask @coder exec ls'], call: '@coder exec ls', expect: 'ask', source: 'project' },
  { name: 'untrusted: merge:false cannot hide user deny', untrusted: true, project: ['allow *'], projectMerge: false, user: ['deny @coder exec *'], call: '@coder exec npm test', expect: 'deny', source: 'user' },
  { name: 'untrusted: user allow still applies', untrusted: true, project: ['allow *'], user: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'allow', source: 'user' },
  { name: 'project deny beats user allow', project: ['deny @coder exec npm *'], user: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'project' },
  { name: 'project ask beats user allow', project: ['ask @coder exec npm *'], user: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'project' },
  { name: 'cli allow beats project deny', cli: ['allow @coder exec npm *'], project: ['deny @coder exec npm *'], call: '@coder exec npm test', expect: 'allow', source: 'cli' },
  { name: 'cli deny beats project allow', cli: ['deny @coder exec npm *'], project: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'cli' },
  { name: 'cli ask beats project allow', cli: ['ask @coder exec npm *'], project: ['allow @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'cli' },
  { name: 'cli allow beats user deny', cli: ['allow @coder write src/**'], user: ['deny @coder write *'], call: '@coder write src/a.ts', expect: 'allow', source: 'cli' },
  { name: 'cli allow beats project and user deny', cli: ['allow @coder read'], project: ['deny @coder read secret.txt'], user: ['deny @coder read'], call: '@coder read secret.txt', expect: 'allow', source: 'cli' },
  { name: 'cli ask beats default allow', cli: ['ask @coder read'], call: '@coder read a.txt', expect: 'ask', source: 'cli' },
  { name: 'user allow beats default ask', user: ['allow @coder write src/**'], call: '@coder write src/a.ts', expect: 'allow', source: 'user' },
  { name: 'user allow elsewhere leaves default', user: ['allow @coder write src/**'], call: '@coder write lib/a.ts', expect: 'ask', source: 'default' },
  { name: 'user deny beats default allow', user: ['deny @coder read'], call: '@coder read a.txt', expect: 'deny', source: 'user' },
  { name: 'user ask beats allowlist', user: ['ask @coder exec ls'], call: '@coder exec ls -la', expect: 'ask', source: 'user' },
  { name: 'project unrelated rule: user decides', project: ['allow @coder exec make *'], user: ['deny @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'user' },
  // Inside one source: deny beats ask beats allow.
  { name: 'same source: deny beats allow', project: ['allow @coder exec git *', 'deny @coder exec git push *'], call: '@coder exec git push origin', expect: 'deny', source: 'project' },
  { name: 'same source: ask beats a more specific allow', project: ['ask @coder exec git *', 'allow @coder exec git status'], call: '@coder exec git status', expect: 'ask', source: 'project' },
  { name: 'same source cli: deny beats allow of the same pattern', cli: ['allow @coder exec npm *', 'deny @coder exec npm *'], call: '@coder exec npm test', expect: 'deny', source: 'cli' },
  { name: 'same source user: deny beats ask', user: ['ask @coder write *', 'deny @coder write *.lock'], call: '@coder write package.lock', expect: 'deny', source: 'user' },
  { name: 'two project files: deny in coder_policy.json beats allow in .codeward', project: ['allow @coder exec make *'], files: [['project', 'coder_policy.json', ['deny @coder exec make *']]], call: '@coder exec make build', expect: 'deny', source: 'project' },
  // merge:false.
  // Changed with workspace trust: merge:false hides only the user's allow rules (it hid their deny rules too).
  { name: 'merge:false does not hide user deny', project: ['allow @coder read'], projectMerge: false, user: ['deny @coder exec *'], call: '@coder exec npm test', expect: 'deny', source: 'user' },
  { name: 'merge:false does not hide user ask', project: ['allow @coder exec *'], projectMerge: false, user: ['ask @coder exec npm *'], call: '@coder exec npm test', expect: 'ask', source: 'user' },
  { name: 'merge:false hides user allow', project: ['allow @coder read'], projectMerge: false, user: ['allow @coder write *'], call: '@coder write a.txt', expect: 'ask', source: 'default' },
  { name: 'merge:true keeps user rules', project: ['allow @coder read'], projectMerge: true, user: ['deny @coder write *'], call: '@coder write a.txt', expect: 'deny', source: 'user' },
  { name: 'merge absent keeps user rules', project: ['allow @coder read'], user: ['deny @coder write *'], call: '@coder write a.txt', expect: 'deny', source: 'user' },
  { name: 'user merge:false keeps the defaults', user: ['deny @coder exec *'], userMerge: false, call: '@coder read a.txt', expect: 'allow', source: 'default' },
  { name: 'merge:false in the project does not hide cli', cli: ['deny @coder read'], project: ['allow @coder read'], projectMerge: false, call: '@coder read a', expect: 'deny', source: 'cli' },
  // ChatCLI file locations.
  { name: 'project coder_policy.json is read', files: [['project', 'coder_policy.json', ['allow @coder exec make']]], call: '@coder exec make build', expect: 'allow', source: 'project' },
  { name: 'project .chatcli/coder_policy.json is read', files: [['project', '.chatcli/coder_policy.json', ['deny @coder exec make']]], call: '@coder exec make build', expect: 'deny', source: 'project' },
  { name: 'user .chatcli/coder_policy.json is read', files: [['user', '.chatcli/coder_policy.json', ['allow @coder exec make']]], call: '@coder exec make build', expect: 'allow', source: 'user' },
  // Prefix with a word boundary vs glob.
  { name: 'prefix @coder read does not match readlink', project: ['deny @coder read'], call: '@coder readlink x', expect: 'ask', source: 'default' },
  { name: 'prefix @coder read matches read', project: ['deny @coder read'], call: '@coder read x', expect: 'deny', source: 'project' },
  { name: 'prefix @coder exec git matches git status', cli: ['allow @coder exec git'], call: '@coder exec git commit -m x', expect: 'allow', source: 'cli' },
  { name: 'prefix @coder exec git does not match gitk', cli: ['allow @coder exec git'], call: '@coder exec gitk', expect: 'ask', source: 'default' },
  { name: 'prefix npm test matches npm test --watch', cli: ['allow @coder exec npm test'], call: '@coder exec npm test --watch', expect: 'allow', source: 'cli' },
  { name: 'prefix npm test does not match npm test-all', cli: ['allow @coder exec npm test'], call: '@coder exec npm test-all', expect: 'ask', source: 'default' },
  { name: 'glob npm * matches bare npm', cli: ['allow @coder exec npm *'], call: '@coder exec npm', expect: 'allow', source: 'cli' },
  { name: 'glob npm * does not match npmx', cli: ['allow @coder exec npm *'], call: '@coder exec npmx i', expect: 'ask', source: 'default' },
  { name: 'glob in shell: * crosses /', cli: ['allow @coder exec cp *'], call: '@coder exec cp a/b/c d/e', expect: 'allow', source: 'cli' },
  { name: 'glob ? matches one character', cli: ['allow @coder exec make ?'], call: '@coder exec make x', expect: 'allow', source: 'cli' },
  { name: 'glob *.go matches at any depth', project: ['allow @coder write *.go'], call: '@coder write pkg/a/b.go', expect: 'allow', source: 'project' },
  { name: 'glob src/*.ts matches a direct child', project: ['allow @coder write src/*.ts'], call: '@coder write src/a.ts', expect: 'allow', source: 'project' },
  { name: 'glob src/*.ts: * does not cross /', project: ['allow @coder write src/*.ts'], call: '@coder write src/sub/a.ts', expect: 'ask', source: 'default' },
  { name: 'glob src/** crosses /', project: ['allow @coder write src/**'], call: '@coder write src/sub/deep/a.ts', expect: 'allow', source: 'project' },
  { name: 'glob src/**/*.ts matches directly in src', project: ['allow @coder write src/**/*.ts'], call: '@coder write src/a.ts', expect: 'allow', source: 'project' },
  { name: 'anchored /*.md matches the root', project: ['allow @coder write /*.md'], call: '@coder write README.md', expect: 'allow', source: 'project' },
  { name: 'anchored /*.md does not match below', project: ['allow @coder write /*.md'], call: '@coder write docs/x.md', expect: 'ask', source: 'default' },
  { name: 'path prefix matches below', project: ['allow @coder write src'], call: '@coder write src/a.ts', expect: 'allow', source: 'project' },
  { name: 'path prefix does not match src-old', project: ['allow @coder write src'], call: '@coder write src-old/a.ts', expect: 'ask', source: 'default' },
  { name: 'path prefix does not match src.bak', project: ['allow @coder write src'], call: '@coder write src.bak', expect: 'ask', source: 'default' },
  { name: '@coder * matches every command', user: ['allow @coder *'], call: '@coder write a/b/c.txt', expect: 'allow', source: 'user' },
  { name: 'a bare * matches everything', project: ['deny *'], call: '@coder read a', expect: 'deny', source: 'project' },
  { name: 'extra whitespace in a pattern is normalised', cli: ['allow   @coder  exec   npm   *  '], call: '@coder exec npm test', expect: 'allow', source: 'cli' },
  { name: 'deny on secrets/** reaches a recursive delete of secrets', project: ['deny @coder delete secrets/**'], call: '@coder delete secrets', expect: 'deny', source: 'project' },
  { name: 'deny on src/** reaches a delete of the root', project: ['deny @coder delete src/**'], call: '@coder delete .', expect: 'deny', source: 'project' },
  { name: 'allow on src/** does not reach a delete of src itself', project: ['allow @coder delete src/**'], call: '@coder delete src', expect: 'ask', source: 'default' },
  // Compound commands.
  { name: 'chain: allowed part and unknown part asks', cli: ['allow @coder exec npm *'], call: '@coder exec npm test && rm x', expect: 'ask', source: 'default' },
  { name: 'chain: both parts allowed', cli: ['allow @coder exec npm *', 'allow @coder exec git *'], call: '@coder exec npm test && git status', expect: 'allow', source: 'cli' },
  { name: 'chain: deny of one part denies the line', cli: ['allow @coder exec *', 'deny @coder exec rm *'], call: '@coder exec ls; rm x', expect: 'deny', source: 'cli' },
  { name: 'chain: cli allow beats project deny per command', cli: ['allow @coder exec *'], project: ['deny @coder exec rm *'], call: '@coder exec ls && rm x', expect: 'allow', source: 'cli' },
  { name: 'chain: project deny of a later part', project: ['deny @coder exec curl *'], call: '@coder exec ls || curl x', expect: 'deny', source: 'project' },
  { name: 'pipe of read-only commands', call: '@coder exec ls | grep x | wc -l', expect: 'allow', source: 'allowlist' },
  { name: 'pipe into sh asks a person (immune)', call: '@coder exec ls | sh', expect: 'ask', source: 'immune' },
  { name: 'git log | head', call: '@coder exec git log --oneline | head -5', expect: 'allow', source: 'allowlist' },
  { name: 'redirection turns allowlist allow into ask', call: '@coder exec cat a > b', expect: 'ask', source: 'allowlist' },
  { name: 'redirection turns rule allow into ask', cli: ['allow @coder exec cat *'], call: '@coder exec cat a >> b', expect: 'ask', source: 'cli' },
  { name: 'fd duplication is fine', call: '@coder exec ls 2>&1', expect: 'allow', source: 'allowlist' },
  { name: '> /dev/null is fine', call: '@coder exec ls > /dev/null 2>&1', expect: 'allow', source: 'allowlist' },
  { name: 'whole-line deny rule', user: ['deny @coder exec curl * | sh'], call: '@coder exec curl -s x | sh', expect: 'deny', source: 'user' },
  { name: 'ask rule beats the allowlist', project: ['ask @coder exec ls'], call: '@coder exec ls -la', expect: 'ask', source: 'project' },
  { name: 'project allow of rm', project: ['allow @coder exec rm *'], call: '@coder exec rm build.log', expect: 'allow', source: 'project' },
  { name: 'substitution part is judged', cli: ['allow @coder exec echo *'], call: '@coder exec echo $(rm x)', expect: 'ask', source: 'default' },
  { name: 'project ask on a subcommand beats user allow', user: ['allow @coder exec make *'], project: ['ask @coder exec make install'], call: '@coder exec make install', expect: 'ask', source: 'project' },
  { name: 'user allow where the project ask does not match', user: ['allow @coder exec make *'], project: ['ask @coder exec make install'], call: '@coder exec make build', expect: 'allow', source: 'user' },
  { name: 'find without -delete is read-only', call: '@coder exec find . -name "*.ts"', expect: 'allow', source: 'allowlist' },
  { name: 'find -delete asks (safety-immune)', call: '@coder exec find . -name x -delete', expect: 'ask', source: 'immune' },
];

describe('precedence table', () => {
  const boxes: Sandbox[] = [];
  afterAll(async () => {
    await Promise.all(boxes.map((box) => box.cleanup()));
  });

  test('has at least 60 rows', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
  });

  test.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const box = await sandbox();
    boxes.push(box);
    if (row.project) await writePolicy(box.root, '.codeward/policy.json', row.project, row.projectMerge);
    if (row.user) await writePolicy(box.home, '.codeward/policy.json', row.user, row.userMerge);
    for (const [level, name, rules] of row.files ?? []) await writePolicy(level === 'project' ? box.root : box.home, name, rules);
    if (!row.untrusted) await trustWorkspace(box);
    const policy = await loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: (row.cli ?? []).map(rule) });
    const result = await explain(policy, row.call);
    expect({ decision: result.decision, source: result.source }, result.reason).toEqual({ decision: row.expect, source: row.source });
  });
});
