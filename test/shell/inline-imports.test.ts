// Red team R43-b8: an inline program fails closed on the modules it loads. One that imports or names a module outside
// a short list with no spawn API may run other programs (python's asyncio, pydoc, imaplib, timeit; perl's IPC::Cmd),
// while the common one-liners (json, sys, re, os.path, math, collections; perl -ne/-pe, List::Util, POSIX) stay free.
import { describe, expect, it } from 'vitest';
import { inlineProgram, spawnedCommands } from '../../src/shell/parse-inline.js';

const words = (...values: string[]): { value: string; dynamic: boolean }[] => values.map((value) => ({ value, dynamic: false }));
const spawns = (...line: string[]): boolean => {
  const program = inlineProgram(line[0]!, words(...line));
  if (program === undefined) throw new Error('no inline program');
  return spawnedCommands(program).spawns;
};

describe('inline programs that load an unlisted module may spawn', () => {
  it.each([
    ['python3', '-c', 'import asyncio; asyncio.run(asyncio.create_subprocess_shell("rm -rf sub"))'],
    ['python3', '-c', 'import pydoc; pydoc.pipepager("x", "rm -rf sub")'],
    ['python3', '-c', 'import imaplib; imaplib.IMAP4_stream("rm -rf sub")'],
    ['python3', '-c', 'import timeit; timeit.timeit("x".join(["a", "b"]), number=1)'],
    ['python3', '-c', 'from asyncio import create_subprocess_exec as c'],
    ['python3', '-c', 'import json, webbrowser; webbrowser.open("x")'],
    ['python3', '-c', 'import os.path, multiprocessing'],
    ['python3', '-c', 'from logging import config'],
    ['python3', '-c', 'import logging.config'],
    ['python3', '-c', 'import os; f = os.system; f("rm -rf sub")'],
    ['python3', '-c', 'from os import system as s; s("rm -rf sub")'],
    ['python3', '-c', 'import os; os.__dict__["sys" + "tem"]("rm -rf sub")'],
    ['python3', '-c', 'vars(__builtins__)["__imp" + "ort__"]("sub" + "process").run("rm -rf sub", shell=True)'],
    ['perl', '-MIPC::Cmd=run', '-e', 'run(command => "rm -rf sub")'],
    ['perl', '-e', 'use IPC::Cmd qw(run_forked); run_forked("rm -rf sub")'],
    ['perl', '-wMIPC::Cmd', '-e', 'IPC::Cmd::run(command => "x")'],
    ['perl', '-e', 'require IPC::Cmd; IPC::Cmd::run(command => "x")'],
    ['perl', '-e', 'use if 1, "IPC::Cmd"'],
    ['perl', '-e', 'use parent -norequire, "X"'],
    ['perl', '-MPod::Perldoc', '-e', '1'],
  ])('%s %s %s', (...line) => {
    expect(spawns(...line)).toBe(true);
  });
});

describe('common one-liners stay free', () => {
  it.each([
    ['python3', '-c', 'import json, sys; print(json.load(sys.stdin)["a"])'],
    ['python3', '-c', 'import re, sys; print(re.sub("a", "b", sys.stdin.read()))'],
    ['python3', '-c', 'import os.path; print(os.path.exists("x"))'],
    ['python3', '-c', 'import os; print(os.environ.get("HOME"), os.getcwd(), os.listdir("."))'],
    ['python3', '-c', 'import math; print(math.sqrt(2))'],
    ['python3', '-c', 'from collections import Counter; import sys; print(Counter(sys.stdin.read().split()).most_common(3))'],
    ['python3', '-c', 'import sys, json as j\nfrom pathlib import Path\nprint(j.dumps(Path("x").read_text()))'],
    ['python3', '-c', 'print("import subprocess")'],
    ['perl', '-ne', 'print if /x/'],
    ['perl', '-pi', '-e', 's/a/b/g'],
    ['perl', '-lane', 'print $F[1]'],
    ['perl', '-MList::Util=sum', '-e', 'print sum(1, 2)'],
    ['perl', '-MPOSIX', '-e', 'print POSIX::floor(1.5), strftime("%Y", localtime)'],
    ['perl', '-Mstrict', '-Mwarnings', '-MJSON::PP', '-e', 'print JSON::PP->new->encode([1])'],
    ['perl', '-e', 'use strict; use Data::Dumper; $Data::Dumper::Sortkeys = 1; print Dumper({a => 1})'],
    ['perl', '-MFile::Spec', '-e', 'print File::Spec->catfile("a", "b")'],
  ])('%s %s %s', (...line) => {
    expect(spawns(...line)).toBe(false);
  });
});

// fix73: ruby, node and php inline code (the same fail-closed reading), and perl's old `'` package separator.
describe('ruby, node and php inline code that may spawn (fix73)', () => {
  it.each([
    ['ruby', '-e', 'require "open3"'],
    ['ruby', '-e', 'require "pty"'],
    ['ruby', '-ropen3', '-e', '1'],
    ['ruby', '-e', 'require x'],
    ['ruby', '-e', 'open("|rm -rf sub")'],
    ['ruby', '-e', 'open "|rm -rf sub"'],
    ['ruby', '-e', 'URI.open("|rm -rf sub")'],
    ['ruby', '-e', 'IO.read("|rm -rf sub")'],
    ['ruby', '-e', 'IO.write("|sh", "rm -rf sub")'],
    ['ruby', '-e', 'puts IO.read(ARGV[0])'],
    ['ruby', '-e', 'Kernel.public_method(:system).call("rm -rf sub")'],
    ['node', '-e', 'const {execSync: e} = require("child_process"); e("rm -rf sub")'],
    ['node', '-e', 'import("child_process").then(({execSync: e}) => e("rm -rf sub"))'],
    ['node', '--input-type=module', '-e', 'import {execSync as e} from "child_process"; e("rm -rf sub")'],
    ['node', '-e', 'module.constructor._load("child_process")'],
    ['node', '-e', 'process.mainModule.require("child_process")'],
    ['node', '-e', 'process.getBuiltinModule("child_process")'],
    ['node', '-e', 'process._linkedBinding("spawn_sync")'],
    ['node', '-e', 'process.execve("/bin/sh", ["sh", "-c", "rm -rf sub"])'],
    ['node', '-e', 'require("child_" + "process")'],
    ['node', '-e', 'new (require("worker_threads").Worker)("x", { eval: true })'],
    ['php', '-r', 'array_filter(["rm -rf sub"], "system");'],
    ['php', '-r', 'ob_start("passthru"); echo "rm -rf sub";'],
    ['php', '-r', '("sys"."tem")("rm -rf sub");'],
    ['php', '-r', 'echo SHELL_EXEC("rm -rf sub");'],
    ['php', '-r', 'mail("a@b", "s", "m", "", "-be x");'],
    ['php', '-r', 'error_log("x", 1, "a@b");'],
    ['php', '-r', '$r = new ReflectionFunction("system"); $r->invoke("x");'],
    ['perl', '-e', 'my $f = IO::File\'new("x", "rm -rf sub|")'],
    ['perl', '-e', 'IO\'File->new("rm -rf sub|")'],
    ['perl', '-e', 'IPC\'Cmd\'run(command => "x")'],
  ])('%s %s %s', (...line) => {
    expect(spawns(...line)).toBe(true);
  });
});

describe('ruby, node, php and perl one-liners stay free (fix73)', () => {
  it.each([
    ['ruby', '-e', 'puts 1'],
    ['ruby', '-e', 'require "json"; puts JSON.parse(STDIN.read)["a"]'],
    ['ruby', '-rjson', '-e', 'puts JSON.pretty_generate(JSON.parse(File.read("x")))'],
    ['ruby', '-e', 'open("x.txt").each { |l| puts l }'],
    ['ruby', '-e', 'File.open("x") { |f| puts f.read }'],
    ['node', '-e', 'console.log(1)'],
    ['node', '-e', 'console.log(require("./package.json").version)'],
    ['node', '-e', 'const fs = require("fs"); console.log(fs.readFileSync("x", "utf8"))'],
    ['node', '-p', 'require("node:os").cpus().length'],
    ['node', '--input-type=module', '-e', 'import fs from "node:fs"; console.log(fs.readFileSync("x", "utf8"))'],
    ['node', '-e', '(() => console.log([1, 2].map((x) => x * 2)))()'],
    ['node', '--import', 'tsx', '-e', '1'],
    ['php', '-r', 'echo 1;'],
    ['php', '-r', 'echo json_encode(["a" => 1]), PHP_EOL;'],
    ['php', '-r', 'echo date("Y-m-d");'],
    ['perl', '-ne', "print if /it's/"],
    ['perl', '-e', 'print "it\'s"'],
  ])('%s %s %s', (...line) => {
    expect(spawns(...line)).toBe(false);
  });
});
