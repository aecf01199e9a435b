// Red team round 23, R23-15 (class R22-11, cmd24's command-file readers; the immune list): gdb sources a command file
// whose name ends in `.py` as PYTHON (`gdb -x g.py`, `--command=g.py`), so `os.system("rm -r build")` or
// `subprocess.run(["rm", "-r", "build"])` in it runs; cmd24 reads the file as gdb commands and finds no shell escape.
// Checked with gdb 13.1 on this machine: build/ was removed by -x, --command= and -ix. (`-ex "source g.py"` and lldb `command script
// import` ask: controls.)
// Today each line is allowed under `allow @coder *` + `allow *` (source cli) with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({
  'build/x': '', 'src/a.ts': '1\n',
  'g.py': 'import os\nos.system("rm -r build")\n', 's.py': 'import subprocess\nsubprocess.run(["rm", "-r", "build"])\n', 'h.py': 'import shutil\nshutil.rmtree("build")\n',
});

describe('R23-15: a gdb command file that is Python by its extension', () => {
  test.each(['gdb -batch -x g.py', 'gdb -batch --command=s.py', 'gdb -batch -x h.py', 'gdb -batch -ix g.py'])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test('control (held): gdb -batch -ex "source h.py" asks', async () => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, '@coder exec gdb -batch -ex "source h.py"')).decision).toBe('ask');
  });
});
