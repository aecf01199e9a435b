// R43-b8 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; no planted file) —
// the inline-program reader (src/shell/parse-inline.ts callSites + the inline-code-spawn class, danger-risky.ts)
// knows a LIST of the languages' spawn APIs (os.system, os.popen, subprocess.*, pty.spawn, os.posix_spawnp,
// ctypes system, child_process, Open3, perl system/exec/qx/open pipes/IPC::Open3, and `getattr(os, "sys"+"tem")`
// fails closed). Standard-library APIs outside the list start a shell with the code's string and pass unjudged:
//   python3: asyncio.create_subprocess_shell(CMD), pydoc.pipepager(TEXT, CMD), imaplib.IMAP4_stream(CMD),
//            timeit.timeit(CODE) with a code string built at run time (exec of a string);
//   perl:    IPC::Cmd's run(command => CMD) and run_forked(CMD) (core modules).
// Class: a standard library call that runs a program (or code text) which the reader's list does not name; the list
// never converges (THREAT-MODEL "structural rules"): also likely — python webbrowser (BROWSER), pipes.Template,
// multiprocessing spawn with a set executable, code.InteractiveInterpreter().runsource, runpy; perl Pod::Perldoc.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_shell(\"rm -rf sub\"))'"  -> ran, GONE
//   $ codeward --yes exec --no-stage "python3 -c 'import pydoc; pydoc.pipepager(\"x\", \"rm -rf sub\")'"                          -> ran, GONE
//   $ codeward --yes exec --no-stage "perl -MIPC::Cmd=run -e 'run(command => \"rm -rf sub\")'"                                   -> ran, GONE
// Expected: C241 (the rm -rf is judged, or the inline program is unknown), work kept.
// Fix place: src/shell/parse-inline.ts / danger-inline.ts: fail closed — an inline program that imports or `use`s a
// module outside a short list of modules with no spawn/exec API (json, re, math, sys's reads, os.path ...) is
// "runs other programs" (inline-code-spawn), instead of a list of spawn calls.
import { describe } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();

describe.skipIf(!bwrapWorks)('R43-b8 MAJOR: standard-library spawn APIs outside the inline reader\'s list', { timeout: 120_000 }, () => {
  eachAsks([
    'python3 -c \'import asyncio; asyncio.run(asyncio.create_subprocess_shell("rm -rf sub"))\'',
    'python3 -c \'import pydoc; pydoc.pipepager("x", "rm -rf sub")\'',
    'python3 -c \'import imaplib; imaplib.IMAP4_stream("rm -rf sub")\'',
    'python3 -c \'import timeit; timeit.timeit("rm -rf sub".join(["__import__(\\"os\\").system(\\"", "\\")"]), number=1)\'',
    'perl -MIPC::Cmd=run -e \'run(command => "rm -rf sub")\'',
    'perl -e \'use IPC::Cmd qw(run_forked); run_forked("rm -rf sub")\'',
  ], (line) => run(line, {}), ['python3 -c \'import os; os.popen("rm -rf sub").read()\'']);
});
