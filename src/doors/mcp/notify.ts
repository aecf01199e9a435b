import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { strictRequest } from './wire.js';
import { SetLevelRequestSchema, type LoggingLevel, type ProgressToken, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export interface ClientLog {
  readonly debug: (line: string) => void;
  readonly info: (line: string) => void;
}

// Log lines of one connection: every info line on stderr (as before), and to the client as
// notifications/message at or above the level it set with logging/setLevel (info until it sets one).
export function clientLog(server: Server, stderr: (line: string) => void): ClientLog {
  let threshold = LEVELS.indexOf('info');
  // Replaces the SDK's own handler so the level is known here (the SDK sends everything until a level is set).
  server.setRequestHandler(strictRequest(SetLevelRequestSchema), (request) => {
    threshold = LEVELS.indexOf(request.params.level);
    return {};
  });
  const send = (level: LoggingLevel, line: string): void => {
    if (LEVELS.indexOf(level) < threshold) return;
    // Not connected yet or already closed: the line still went to stderr.
    server.sendLoggingMessage({ level, logger: 'codeward', data: line }).catch(() => undefined);
  };
  return {
    debug: (line) => send('debug', line),
    info: (line) => {
      stderr(line);
      send('info', line);
    },
  };
}

export interface ProgressReporter {
  stop(): void;
}

// How often a running call tells a client that asked for progress (a progressToken) that it is alive.
const PROGRESS_EVERY_MS = 1000;

// notifications/progress once a second while a call runs, when the client sent a progressToken: the
// seconds elapsed as `progress` (always increasing), no total (a command's length is not known).
export function progressReporter(
  token: ProgressToken | undefined,
  tool: string,
  notify: (notification: ServerNotification) => Promise<void>,
): ProgressReporter {
  if (token === undefined) return { stop: () => undefined };
  let seconds = 0;
  const timer = setInterval(() => {
    seconds += PROGRESS_EVERY_MS / 1000;
    notify({ method: 'notifications/progress', params: { progressToken: token, progress: seconds, message: `${tool}: running for ${seconds} s` } }).catch(() => undefined);
  }, PROGRESS_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
