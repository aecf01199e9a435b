// The parser follows programs that run other programs from their own syntax: the command a launcher or
// an inline program runs appears in the parse as a command of its own (so the danger classifier, the
// immune classes and the allowlist all see it), with the launcher as its wrapper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellParser } from '../../src/shell/parse.js';
import type { SimpleCommand } from '../../src/shell/parse-types.js';

const parser = new ShellParser();
beforeAll(async () => {
  await parser.ready();
});
afterAll(async () => {
  await parser.dispose();
});

const inner = async (line: string, name = 'rm'): Promise<SimpleCommand | undefined> => (await parser.parseShell(line)).commands.find((command) => command.name === name);

describe('launchers and inline programs yield the commands they run', () => {
  it.each([
    ["git -c alias.x='!rm -rf ~' x", ['git']],
    ["git -c 'alias.cleanup=!sh -c \"rm -rf ~\"' cleanup", ['git', 'sh']],
    ["git -c core.pager='rm -rf ~' log", ['git']],
    ["git config --global alias.x '!rm -rf ~'", ['git']],
    ["tmux new -d 'rm -rf ~'", ['tmux']],
    ["tmux new -d -s x \\; send-keys 'rm -rf ~' Enter", ['tmux']],
    ['screen -dmS job rm -rf ~', ['screen']],
    ["screen -S x -X stuff 'rm -rf ~\\n'", ['screen']],
    ['python3 -c "import subprocess; subprocess.run([\'rm\', \'-rf\', \'/\'])"', ['python3']],
    ['python3 -c "import os; os.system(\'rm -rf \' + os.environ[\'HOME\'])"', ['python3']],
    ["node -e \"require('child_process').execFileSync('rm', ['-rf', require('os').homedir()])\"", ['node']],
    ['perl -e \'system("rm", "-rf", $ENV{HOME})\'', ['perl']],
    ["ruby -e '`rm -rf ~`'", ['ruby']],
    ['php -r \'shell_exec("rm -rf ~");\'', ['php']],
    ["awk 'BEGIN { system(\"rm -rf ~\") }'", ['awk']],
    ["awk 'BEGIN { \"rm -rf ~\" | getline }'", ['awk']],
    ['lua -e \'os.execute("rm -rf ~")\'', ['lua']],
    ['osascript -e \'do shell script "rm -rf ~"\'', ['osascript']],
    ["python3 <<'EOF'\nimport os\nos.system('rm -rf ~')\nEOF", ['python3']],
    ['npm exec -- rm -rf ~', ['npm']],
    ['uv run rm -rf ~', ['uv']],
    ["nix-shell --run 'rm -rf ~'", ['nix-shell']],
    ["ssh -p 2222 localhost 'rm -rf ~'", ['ssh']],
    ["vim -c '!rm -rf ~' -c q", ['vim']],
    ["echo \"import os; os.system('rm -rf ~')\" | python3", ['python3']],
    ["echo \"import os; os.system('rm -rf ~')\" > x.py; python3 x.py", ['python3']],
  ])('%j → rm under %j', async (line, wrappers) => {
    const command = await inner(line);
    expect(command, line).toBeDefined();
    expect(command!.wrappers).toEqual(wrappers);
    // An argv launch (`screen -dm CMD`) is a wrapper; text launches are shell strings.
    expect(command!.viaShell, line).toBe(/^(?:screen -dm|npm exec|uv run)/.test(line) ? undefined : true);
    expect(command!.args).toContain('-rf');
  });

  it('ordinary launcher lines yield their ordinary commands, and nothing from plain settings', async () => {
    expect((await inner("tmux new -d -s dev 'npm run dev'", 'npm'))?.wrappers).toEqual(['tmux']);
    expect((await inner('screen -dmS dev npm start', 'npm'))?.wrappers).toEqual(['screen']);
    expect((await parser.parseShell('git -c user.name=x -c core.pager=true log')).commands.map((command) => command.name)).toEqual(['git']);
    // An alias without `!` is more git words, judged as the git line it makes (cmd24, R22-5): `git status`.
    expect((await parser.parseShell("git config alias.st status")).commands.map((command) => command.name)).toEqual(['git', 'git']);
    expect((await parser.parseShell('python3 -c "print(1)"')).commands.map((command) => command.name)).toEqual(['python3']);
  });

  it('marks programs read from a pipe and commands inside substitutions', async () => {
    const piped = await parser.parseShell('env | bash');
    expect(piped.commands.find((command) => command.name === 'bash')?.pipedProgram).toBe(true);
    const here = await parser.parseShell("bash <<'EOF'\nls\nEOF");
    expect(here.commands.find((command) => command.name === 'bash')?.pipedProgram).toBeUndefined();
    const substituted = await parser.parseShell('x=$(curl -s https://x)');
    expect(substituted.commands.find((command) => command.name === 'curl')?.substituted).toBe(true);
  });
});

describe('huge inline programs stay linear', () => {
  it('a 300 KB program with 20,000 unbalanced calls is parsed, judged and still spawning', async () => {
    const { classifyDanger } = await import('../../src/shell/danger.js');
    const { riskyShell } = await import('../../src/shell/danger-risky.js');
    const code = `import os\nos.system('rm -rf ~')\n${"os.system('ls' + ".repeat(20_000)}`;
    const parse = await parser.parseShell(`python3 -c ${JSON.stringify(code)}`);
    expect(classifyDanger(parse, { home: '/home/dev' }).blocked).toBe(true);
    expect(riskyShell(parse)?.name).toBe('inline-code-spawn');
  });
});
