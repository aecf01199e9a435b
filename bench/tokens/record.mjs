// Recording a token-benchmark session (issue 29): the fixture's package with its bug planted, the relay
// model (test/agent/relay/relay.mjs) writing each request to RELAY/NNN.request.md, and `codeward agent`
// run as bench/tokens.mjs runs it. Whoever plays the model answers in RELAY/NNN.reply.txt (ended by a
// blank line); when the agent exits, the replies are written into the fixture's `replies`, in order.
//
//   node bench/tokens/record.mjs NAME RELAY [--bin PATH]     (the fixture without replies must exist)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLEAN_ENV, DIST, NODE, ROOT } from '../lib.mjs';
import { plantedCopy } from './setup.mjs';
import { agentArgs } from './agent-args.mjs';

const [name, relayDir, ...rest] = process.argv.slice(2);
const bin = resolve(rest.includes('--bin') ? rest[rest.indexOf('--bin') + 1] : join(DIST, 'bin', 'codeward.js'));
const file = join(ROOT, 'bench', 'tokens', 'fixtures', `${name}.json`);
const fixture = { name, ...JSON.parse(readFileSync(file, 'utf8')) };
const { root, dir } = plantedCopy(fixture);
const relay = spawn(NODE, [join(ROOT, 'test', 'agent', 'relay', 'relay.mjs'), resolve(relayDir)], { stdio: ['ignore', 'ignore', 'pipe'] });
const url = await new Promise((done) => relay.stderr.on('data', (chunk) => {
  const found = /http:\/\/[^,\s]+/.exec(String(chunk));
  if (found) done(found[0]);
}));
process.stdout.write(`workspace ${dir}\nrelay ${url}, requests in ${relayDir}\n`);
const agent = spawn(NODE, [bin, ...agentArgs(dir, fixture.task, url)], { cwd: dir, env: { ...CLEAN_ENV, CODEWARD_STATE_DIR: join(root, 'state') }, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
agent.stdout.on('data', (chunk) => (output += chunk));
agent.stderr.on('data', (chunk) => (output += chunk));
const status = await new Promise((done) => agent.on('close', done));
relay.kill();
const replies = [];
for (let n = 1; existsSync(join(relayDir, `${String(n).padStart(3, '0')}.reply.txt`)); n += 1) {
  replies.push(readFileSync(join(relayDir, `${String(n).padStart(3, '0')}.reply.txt`), 'utf8').replace(/\n+$/, ''));
}
writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), replies }, null, 2)}\n`);
writeFileSync(join(relayDir, 'agent-output.txt'), output);
process.stdout.write(`agent exited ${status}; ${replies.length} replies saved in ${file}; output in ${relayDir}/agent-output.txt\n`);
rmSync(root, { recursive: true, force: true });
