import { connect } from 'node:net';
import { readAnswer, type WarmAnswer, type WarmCall } from './protocol.js';
import { mayHaveWarmEngine } from './folder.js';
import { callWorkspace, folderProblem, ownSocket, serveFolder, socketPath } from './socket.js';

export type WarmResult = { readonly stdout: string; readonly stderr: string; readonly code: number };

// Hands the call to the warm engine of its workspace (`codeward serve`) when one runs there; undefined
// when the call must run in this process: no server, a stale socket, a socket folder that is not private
// (`warn` names it), or a call the server sends back. CODEWARD_NO_SERVE=1 never hands off.
export async function callWarm(call: WarmCall, warn: (message: string) => void): Promise<WarmResult | undefined> {
  if (!mayHaveWarmEngine(call.env)) return undefined;
  const folder = serveFolder(call.env);
  const problem = folderProblem(folder);
  if (problem) {
    warn(`not using the warm engine (codeward serve): ${problem}`);
    return undefined;
  }
  const path = socketPath(call.env, callWorkspace(call.argv, call.cwd));
  if (!ownSocket(path)) return undefined;
  const answer = await exchange(path, call);
  return answer === undefined || 'fallback' in answer ? undefined : answer;
}

// undefined when nothing was handed over (no server listens); a server that went away during the call
// is a failure (the call may have run: running it again could do it twice).
function exchange(path: string, call: WarmCall): Promise<WarmAnswer | undefined> {
  return new Promise((done) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    let sent = false;
    socket.once('connect', () => {
      sent = true;
      socket.write(`${JSON.stringify({ ...call, framed: true })}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const lost = (): void => done(sent ? { stdout: '', stderr: 'error C216: the warm engine (codeward serve) stopped during the call; check the result before running it again\n', code: 1 } : undefined);
    socket.once('error', lost);
    socket.once('end', () => {
      try {
        done(readAnswer(Buffer.concat(chunks)));
      } catch {
        lost();
      }
    });
  });
}
