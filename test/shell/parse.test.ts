import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellParser, listSimpleCommands, type ShellParse, type SimpleCommand } from '../../src/shell/parse.js';

const parser = new ShellParser();

beforeAll(async () => {
  await parser.ready();
});

afterAll(async () => {
  await parser.dispose();
});

// name + args, the compact form most assertions use.
function line(command: SimpleCommand): string {
  return [command.name ?? '<dynamic>', ...command.args].join(' ');
}

async function lines(source: string): Promise<string[]> {
  return (await parser.parseShell(source)).commands.map(line);
}

async function only(source: string): Promise<SimpleCommand> {
  const { commands } = await parser.parseShell(source);
  expect(commands).toHaveLength(1);
  return commands[0]!;
}

describe('structure: every simple command is found', () => {
  it.each([
    ['a && b || c; d & e', ['a', 'b', 'c', 'd', 'e']],
    ['a | b | c', ['a', 'b', 'c']],
    ['(a; b)', ['a', 'b']],
    ['{ a; b; }', ['a', 'b']],
    ['echo $(a) `b`', ['a', 'b', 'echo  ']],
    ['diff <(a) >(b)', ['a', 'b', 'diff  ']],
    ['if a; then b; elif c; then d; else e; fi', ['a', 'b', 'c', 'd', 'e']],
    ['while a; do b; done; until c; do d; done', ['a', 'b', 'c', 'd']],
    ['for i in 1 2; do a "$i"; done', ['a ']],
    ['for ((i=0; i<3; i++)); do a; done', ['a']],
    ['case $x in y) a;; *) b;; esac', ['a', 'b']],
    ['f() { a; b; }; f', ['a', 'b', 'f']],
    ['function g { a; }', ['a']],
    ['! a && [[ -n $(b) ]]', ['a', 'b']],
    ['x=$(a); export Y=`b`', ['a', 'b', 'export Y=']],
    ['echo "${x:-$(a)}" $((1 + $(b)))', ['a', 'b', 'echo  ']],
    ['cat <<EOF\n$(a)\nEOF', ['a', 'cat']],
    ['a\nb\n\nc', ['a', 'b', 'c']],
    ['a # b; c', ['a']],
  ])('%j', async (source, expected) => {
    expect(await lines(source)).toEqual(expected);
  });

  it('records pipelines, background jobs, loops, functions and depth', async () => {
    const { commands } = await parser.parseShell('a | b & c; while x; do d; done; f(){ e; }; echo $(g)');
    const byName = new Map(commands.map((command) => [command.name, command]));
    expect(byName.get('a')!.pipes).toEqual([expect.objectContaining({ index: 0, size: 2 })]);
    expect(byName.get('b')!.pipes).toEqual([expect.objectContaining({ index: 1, size: 2 })]);
    expect(byName.get('b')!.background).toBe(true);
    expect(byName.get('c')!.background).toBe(false);
    expect(byName.get('d')!.loop).toBe(true);
    expect(byName.get('x')!.loop).toBe(true);
    expect(byName.get('e')!.functionName).toBe('f');
    expect(byName.get('g')!.depth).toBe(1);
    expect(byName.get('echo')!.depth).toBe(0);
  });

  it('a fork bomb is a function calling itself in a background pipeline', async () => {
    const parse = await parser.parseShell(':(){ :|:& };:');
    expect(parse.functions).toEqual([':']);
    const calls = parse.commands.filter((command) => command.functionName === ':');
    expect(calls).toHaveLength(2);
    expect(calls.every((command) => command.background && command.pipes[0]!.size === 2)).toBe(true);
  });
});

describe('names and words', () => {
  it.each([
    ['rm -rf /', 'rm', 'rm'],
    ['r\\m -rf /', 'rm', 'rm'],
    ["'rm' -rf /", 'rm', 'rm'],
    ['"rm" -rf /', 'rm', 'rm'],
    ["'r''m' -rf /", 'rm', 'rm'],
    ['/bin/rm -rf /', 'rm', '/bin/rm'],
    ['./node_modules/.bin/tsc -p .', 'tsc', './node_modules/.bin/tsc'],
    ["$'\\x72m' -rf /", 'rm', 'rm'],
    ['r\\\nm -rf /', 'rm', 'rm'],
  ])('%j is %s', async (source, name, rawName) => {
    const command = (await parser.parseShell(source)).commands.at(-1)!;
    expect(command.name).toBe(name);
    expect(command.rawName).toBe(rawName);
    expect(command.text).toBe(source);
  });

  it.each(['$cmd -rf /', '$(echo rm) -rf /', '`echo rm` -rf /', '"$CMD" x', '${X:-rm} -rf /', '/???/r? -rf /'])('%j has no static name', async (source) => {
    const command = (await parser.parseShell(source)).commands.at(-1)!;
    expect(command.name).toBeNull();
    expect(command.dynamic).toBe(true);
  });

  it('removes quotes and backslashes from arguments; dynamic parts become empty', async () => {
    const command = (await parser.parseShell(`echo 'a b' "c $HOME d" e\\ f $x "$(date)"x ~/y`)).commands.at(-1)!;
    expect(command.args).toEqual(['a b', 'c  d', 'e f', '', 'x', '~/y']);
    expect(command.dynamic).toBe(true);
    const home = command.words[2]!;
    expect(home.parts).toContainEqual(expect.objectContaining({ kind: 'variable', name: 'HOME' }));
    expect(home.candidates).toEqual(['c ~ d']);
    expect(command.words[6]!.parts[0]).toEqual({ kind: 'tilde', user: '' });
  });

  it('applies brace expansion and $IFS splitting like bash', async () => {
    expect(await lines('{rm,-rf,/}')).toEqual(['rm -rf /']);
    expect(await lines('echo a{b,c}d {1..3}')).toEqual(['echo abd acd 1 2 3']);
    expect(await lines('rm${IFS}-rf${IFS}/')).toEqual(['rm -rf /']);
    expect(await lines('rm$IFS-rf$IFS/')).toEqual(['rm -rf /']);
  });

  it('tracks static variable values and positional parameters', async () => {
    const parse = await parser.parseShell('X=/; Y=dist; rm -rf $X "$Y"; for d in a b; do echo $d; done; sh -c \'rm "$1"\' _ /z');
    const rm = parse.commands.find((command) => command.name === 'rm' && command.args[0] === '-rf')!;
    expect(rm.words[2]!.candidates).toContain('/');
    expect(rm.words[3]!.candidates).toContain('dist');
    expect(parse.commands.find((command) => command.name === 'echo')!.words[1]!.candidates).toEqual(expect.arrayContaining(['a', 'b']));
    expect(parse.commands.find((command) => command.viaShell)!.words[1]!.candidates).toEqual(['/z']);
  });

  it('knows what $(echo x), $(pwd) and ${PATH:0:1} stand for', async () => {
    const parse = await parser.parseShell('ls $(echo /tmp) $(pwd)/x ${PATH:0:1}');
    const ls = parse.commands.find((entry) => entry.name === 'ls')!;
    expect(ls.words.slice(1).map((word) => word.candidates)).toEqual([['/tmp'], ['./x'], ['/']]);
  });
});

describe('wrappers', () => {
  it.each([
    ['sudo -u x rm -rf /', ['sudo']],
    ['sudo -E -- rm -rf /', ['sudo']],
    ['doas rm -rf /', ['doas']],
    ['env A=1 B=2 rm -rf /', ['env']],
    ['env -i -u X rm -rf /', ['env']],
    ['/usr/bin/env rm -rf /', ['env']],
    ['nice -n 5 rm -rf /', ['nice']],
    ['nice -5 rm -rf /', ['nice']],
    ['timeout 5 rm -rf /', ['timeout']],
    ['timeout -k 2 -s KILL 5s rm -rf /', ['timeout']],
    ['time rm -rf /', ['time']],
    ['command rm -rf /', ['command']],
    ['exec rm -rf /', ['exec']],
    ['stdbuf -oL rm -rf /', ['stdbuf']],
    ['ionice -c 3 rm -rf /', ['ionice']],
    ['chroot /mnt rm -rf /', ['chroot']],
    ['watch -x rm -rf /', ['watch']],
    ['busybox rm -rf /', ['busybox']],
    ['xargs -0 -I{} rm -rf /', ['xargs']],
    ['xargs -n 1 rm -rf /', ['xargs']],
    ['sudo env nice -n 1 timeout 9 /bin/rm -rf /', ['sudo', 'env', 'nice', 'timeout']],
  ])('%j runs rm behind %j', async (source, wrappers) => {
    const command = await only(source);
    expect(line(command)).toBe('rm -rf /');
    expect(command.wrappers).toEqual(wrappers);
  });

  // nohup writes ./nohup.out (R43-b6): its own words are a command of their own too, as `strace -o FILE CMD`'s.
  it('"nohup rm -rf /" runs rm behind ["nohup"], nohup judged on its own as well', async () => {
    const { commands } = await parser.parseShell('nohup rm -rf /');
    expect(commands.map(line)).toEqual(['nohup', 'rm -rf /']);
    expect(commands[1]!.wrappers).toEqual(['nohup']);
  });

  it('keeps a wrapper that runs nothing as the command', async () => {
    expect(await lines('sudo -v; env; command -v rm; exec 3>&-; nice; xargs')).toEqual(['sudo -v', 'env', 'command -v rm', 'exec', 'nice', 'xargs']);
  });

  it('find -exec / -execdir / -ok: find itself and the inner commands', async () => {
    const parse = await parser.parseShell('find . -name "*.o" -exec rm -f {} \\; -execdir chmod 644 {} + -ok echo {} \\;');
    expect(parse.commands.map(line)).toEqual(['find . -name *.o -exec rm -f {} ; -execdir chmod 644 {} + -ok echo {} ;', 'rm -f {}', 'chmod 644 {}', 'echo {}']);
    expect(parse.commands.slice(1).every((command) => command.wrappers[0] === 'find')).toBe(true);
  });

  it('xargs fed by static text gets those arguments', async () => {
    expect((await lines('echo / | xargs rm -rf')).at(-1)).toBe('rm -rf /');
  });
});

describe('strings run by a shell are parsed as commands', () => {
  it.each([
    ["bash -c 'rm -rf /'", ['bash']],
    ['sh -c "rm -rf /"', ['sh']],
    ["zsh -c 'rm -rf /'", ['zsh']],
    ["bash -lc 'rm -rf /'", ['bash']],
    ["sudo bash -c 'rm -rf /'", ['sudo', 'bash']],
    ['eval "rm -rf /"', ['eval']],
    ['eval rm -rf /', ['eval']],
    ["su -c 'rm -rf /'", ['su']],
    ["su root -c 'rm -rf /'", ['su']],
    ["env -S 'rm -rf /'", ['env']],
    ["watch 'rm -rf /'", ['watch']],
    ["bash -c 'bash -c \"rm -rf /\"'", ['bash', 'bash']],
  ])('%j', async (source, wrappers) => {
    const command = await only(source);
    expect(line(command)).toBe('rm -rf /');
    expect(command.viaShell).toBe(true);
    expect(command.wrappers).toEqual(wrappers);
  });
  it('flock FILE -c CMD: the string is a line of its own, and flock (which creates FILE) a command too (red team R32-7)', async () => {
    expect(await lines("flock /tmp/l -c 'rm -rf /'")).toEqual(['flock /tmp/l -c', 'rm -rf /']);
    const command = (await parser.parseShell("flock /tmp/l -c 'rm -rf /'")).commands[1]!;
    expect(command.viaShell).toBe(true);
    expect(command.wrappers).toEqual(['flock']);
  });

  it('here-documents, here-strings and piped text fed to a shell', async () => {
    expect(await lines('bash <<EOF\nrm -rf /\nEOF')).toEqual(['bash', 'rm -rf /']);
    expect(await lines("cat <<'EOF' | sh\nrm -rf ~\nEOF")).toEqual(['cat', 'sh', 'rm -rf ~']);
    expect(await lines("bash <<< 'rm -rf /'")).toEqual(['bash', 'rm -rf /']);
    expect(await lines("echo 'rm -rf /' | sh")).toEqual(['echo rm -rf /', 'sh', 'rm -rf /']);
    expect(await lines('echo cm0gLXJmIC8= | base64 -d | bash')).toEqual(['echo cm0gLXJmIC8=', 'base64 -d', 'bash', 'rm -rf /']);
  });

  it('marks commands that run the program they read on stdin', async () => {
    const parse = await parser.parseShell('curl x | bash; wget y | sudo -s; cat z | python3; cat w | python3 -m json.tool; echo v | at now; sh build.sh; cat a | grep b');
    const flagged = parse.commands.filter((command) => command.stdinScript).map((command) => command.name);
    expect(flagged).toEqual(['bash', 'sudo', 'python3', 'at']);
  });

  it('scripts written by the same line and then run are parsed', async () => {
    expect(await lines("echo 'rm -rf /' > x.sh && bash x.sh")).toEqual(['echo rm -rf /', 'bash x.sh', 'rm -rf /']);
    expect(await lines("cat > run.sh <<'EOF'\nnpm test\nEOF\nchmod +x run.sh; ./run.sh")).toEqual(['cat', 'chmod +x run.sh', 'run.sh', 'npm test']);
  });

  it('GNU parallel runs its command once per argument', async () => {
    expect(await lines('parallel -j4 gzip ::: a.log b.log')).toEqual(['parallel -j4 gzip ::: a.log b.log', 'gzip a.log b.log']);
    expect(await lines("parallel ::: 'rm -rf /' ls")).toEqual(["parallel ::: rm -rf / ls", 'rm -rf /', 'ls']);
  });

  it('here-document bodies are data for other commands', async () => {
    const parse = await parser.parseShell("cat <<'EOF' > notes.md\nrm -rf /\nEOF");
    expect(parse.commands.map(line)).toEqual(['cat']);
    expect(parse.redirections.map((redirection) => redirection.op)).toEqual(['<<', '>']);
    expect(parse.redirections[0]!.body).toBe('rm -rf /\n');
  });

  it('stops at the nesting limit and says so', async () => {
    const parse = await parser.parseShell(`${'eval '.repeat(20)}rm -rf /`);
    expect(parse.ok).toBe(false);
    expect(parse.errors.join(' ')).toMatch(/nesting deeper than 8/);
    expect(parse.commands.some((command) => command.name === null)).toBe(true);
    const shallow = await new ShellParser({ maxDepth: 2 }).parseShell("bash -c 'bash -c \"bash -c ls\"'");
    expect(shallow.ok).toBe(false);
  });
});

describe('redirections', () => {
  it('records operator, fd, target and duplication', async () => {
    const parse = await parser.parseShell('a > out 2>&1; b >> log 2> err; c < in; d &> all; e >| f; g <<< "s"; h >&-; i 3> "$F"');
    const simplified = parse.redirections.map(({ op, fd, target, duplicate, writes }) => ({ op, fd, target, duplicate, writes }));
    expect(simplified).toEqual([
      { op: '>', fd: undefined, target: 'out', duplicate: false, writes: true },
      { op: '>&', fd: 2, target: '1', duplicate: true, writes: false },
      { op: '>>', fd: undefined, target: 'log', duplicate: false, writes: true },
      { op: '>', fd: 2, target: 'err', duplicate: false, writes: true },
      { op: '<', fd: undefined, target: 'in', duplicate: false, writes: false },
      { op: '&>', fd: undefined, target: 'all', duplicate: false, writes: true },
      { op: '>|', fd: undefined, target: 'f', duplicate: false, writes: true },
      { op: '<<<', fd: undefined, target: 's', duplicate: false, writes: false },
      { op: '>&-', fd: undefined, target: null, duplicate: true, writes: false },
      { op: '>', fd: 3, target: null, duplicate: false, writes: true },
    ]);
    expect(parse.commands.find((command) => command.name === 'a')!.redirections.map((redirection) => redirection.text)).toEqual(['> out', '2>&1']);
  });

  it('redirections inside nested shells are collected too', async () => {
    const parse = await parser.parseShell("sudo sh -c 'echo x > /etc/hosts'");
    expect(parse.redirections.map((redirection) => redirection.target)).toEqual(['/etc/hosts']);
  });
});

describe('odd characters', () => {
  it('a carriage return cannot hide a command', async () => {
    const trailing = await parser.parseShell('rm -rf /\r');
    expect(trailing.commands.map(line)).toEqual(['rm -rf /']);
    const hidden = await parser.parseShell('ls\rrm -rf /');
    expect(hidden.commands.map(line)).toEqual(['ls', 'rm -rf /']);
    // The other reading (CR as a space) is kept too.
    expect(hidden.alternatives?.[0]!.commands.map(line)).toEqual(['ls rm -rf /']);
    expect(listSimpleCommands(hidden).map(line)).toEqual(['ls', 'rm -rf /', 'ls rm -rf /']);
    const crlf = await parser.parseShell('npm ci\r\nnpm test\r\n');
    expect(crlf.commands.map(line)).toEqual(['npm ci', 'npm test']);
    expect(crlf.alternatives).toBeUndefined();
  });

  it('invisible and odd spaces are normalised', async () => {
    expect(await lines('r\u200bm\u00a0-rf\u2003/')).toEqual(['rm -rf /']);
    expect(await lines('ls\u2028rm -rf /')).toEqual(['ls', 'rm -rf /']);
  });
});

describe('failures and limits', () => {
  it('a syntax error is ok:false; the commands around it are still found', async () => {
    const parse: ShellParse = await parser.parseShell('ls )( ; rm -rf ~');
    expect(parse.ok).toBe(false);
    expect(parse.errors[0]).toMatch(/syntax/);
    expect(parse.commands.map(line)).toEqual(['ls', 'rm -rf ~']);
    expect((await parser.parseShell('if true; then')).ok).toBe(false);
    expect((await parser.parseShell('echo "unterminated')).ok).toBe(false);
    expect((await parser.parseShell('')).commands).toEqual([]);
  });

  it('over-long lines are not parsed', async () => {
    const parse = await new ShellParser({ maxLength: 100 }).parseShell('x'.repeat(101));
    expect(parse.ok).toBe(false);
    expect(parse.errors[0]).toMatch(/longer than 100/);
  });

  it('1,000 chained commands parse quickly', async () => {
    const separators = [' && ', '; ', ' | '];
    const shapes: Array<[string, (i: number) => string]> = [
      ['plain', (i) => `npm run task${i} --flag`],
      ['with quoting and a redirection', (i) => `echo ${i} "$x" > out${i}`],
    ];
    const cold = performance.now();
    await parser.parseShell(Array.from({ length: 1000 }, (_, i) => `echo ${i}`).join(' && '));
    console.log(`first (cold: JIT compilation included) parse of 1,000 chained commands: ${(performance.now() - cold).toFixed(1)} ms`);
    for (const [shape, make] of shapes) {
      for (const separator of separators) {
        const source = Array.from({ length: 1000 }, (_, i) => make(i)).join(separator);
        const times: number[] = [];
        for (let run = 0; run < 5; run++) {
          const started = performance.now();
          const parse = await parser.parseShell(source);
          times.push(performance.now() - started);
          expect(parse.commands).toHaveLength(1000);
        }
        const sorted = [...times].sort((a, b) => a - b);
        console.log(`parse of 1,000 ${shape} commands joined by ${JSON.stringify(separator)}: best ${sorted[0]!.toFixed(1)} ms, median ${sorted[2]!.toFixed(1)} ms (runs ${times.map((time) => time.toFixed(0)).join(', ')})`);
        // The best of five runs: the parser's own cost, not the machine's load (other test files run in parallel).
        expect(sorted[0]).toBeLessThan(3_000); // ~40-100 ms unloaded; a quadratic walk takes far longer
      }
    }
    const started = performance.now();
    const big = await parser.parseShell(`${Array.from({ length: 10_000 }, (_, i) => `echo ${i}`).join(' && ')} && rm -rf /`);
    console.log(`parse of 10,001 chained commands: ${(performance.now() - started).toFixed(1)} ms`);
    expect(big.commands.at(-1)!.name).toBe('rm');
  });

  it('deep nesting does not overflow the stack', async () => {
    const parse = await parser.parseShell(`${'('.repeat(5000)}ls${')'.repeat(5000)}`);
    expect(parse.ok).toBe(false);
    const wrappers = await parser.parseShell(`${'nice '.repeat(5000)}ls`);
    expect(wrappers.ok).toBe(false);
    expect(wrappers.errors[0]).toMatch(/wrapper/);
  });

  it('several parser instances share the one WebAssembly runtime safely', async () => {
    const others = [new ShellParser(), new ShellParser()];
    const parses = await Promise.all(others.map((other, i) => other.parseShell(`echo ${i} && ls`)));
    expect(parses.map((parse) => parse.commands.map(line))).toEqual([['echo 0', 'ls'], ['echo 1', 'ls']]);
    expect(await lines('still works')).toEqual(['still works']);
    await Promise.all(others.map((other) => other.dispose()));
    await expect(others[0]!.parseShell('ls')).rejects.toThrow(/disposed/);
  });
});
