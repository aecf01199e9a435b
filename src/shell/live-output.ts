// exec's output shown as it arrives, for a door with a person at a terminal (the CLI without --json):
// the process's stdout and stderr go to the door's own, decoded without splitting a character, and the
// door then prints only how the run ended instead of the captured output again.
import { StringDecoder } from 'node:string_decoder';
import { formatProcessEnd, type ProcessData } from './run-call.js';

interface Sink {
  write(text: string): unknown;
}

export interface LiveOutput {
  // The caller's onOutput (CallerServices).
  readonly onOutput: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
  // Something was shown: print end() instead of the command's formatted output.
  shown(): boolean;
  // How it ended (`[exit 1]`), on a line of its own.
  end(data: unknown): string;
}

export function liveOutput(io: { readonly stdout: Sink; readonly stderr: Sink }): LiveOutput {
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  let last = '\n';
  let shown = false;
  const put = (stream: 'stdout' | 'stderr', text: string): void => {
    if (text === '') return;
    io[stream].write(text);
    last = text.at(-1)!;
    shown = true;
  };
  return {
    onOutput: (chunk, stream) => put(stream, decoders[stream].write(chunk)),
    shown: () => shown,
    end: (data) => {
      put('stdout', decoders.stdout.end());
      put('stderr', decoders.stderr.end());
      const ended = data as Partial<ProcessData> | undefined;
      const line = ended && 'exitCode' in ended ? formatProcessEnd({ exitCode: ended.exitCode ?? null, ...(ended.signal ? { signal: ended.signal } : {}) }) : '';
      return `${last === '\n' ? '' : '\n'}${line}`;
    },
  };
}
