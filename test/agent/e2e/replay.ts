import { readFileSync } from 'node:fs';
import type { RecordedRequest } from '../../helpers/model-server.js';
import { answer, coderBody } from './run-agent.js';

export interface FixtureCall {
  readonly cmd: string;
  readonly args: Record<string, unknown>;
  // What the model sent when told this call failed or was not run.
  readonly retry?: Record<string, unknown>;
}

export interface FixtureTurn {
  readonly reasoning?: string;
  readonly calls?: readonly FixtureCall[];
  readonly final?: string;
  // The answer the model gave when the final answer was corrected.
  readonly retry?: string;
}

export interface Fixture {
  readonly task: string;
  readonly files: Record<string, string>;
  readonly turns: readonly FixtureTurn[];
}

export function loadFixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Fixture;
}

// A scripted model that answers the agent's real requests with a fixture's turns, reacting the way the
// recorded model did: a corrected answer is sent again without what was corrected, and calls the agent
// reports as failed on their arguments or not run are sent again (corrected) before the script moves on.
export function replay(fixture: Fixture): (request: RecordedRequest) => string {
  let next = 0;
  let lastSent: readonly FixtureCall[] = [];
  let resent = false;
  return (request) => {
    const last = request.messages.at(-1)?.content ?? '';
    if (last.startsWith('FORMAT ERROR')) {
      const turn = fixture.turns[next - 1]!;
      return turn.retry ?? turn.final ?? '';
    }
    const again = resent ? [] : lastSent.filter((_, index) => new RegExp(`^\\[${index + 1}\\] @coder \\S+: (?:not run|skipped|error C210)`, 'm').test(last));
    if (again.length > 0) {
      resent = true;
      lastSent = again.map((call) => ({ cmd: call.cmd, args: call.retry ?? call.args }));
      const plan = fixture.turns[next - 1]!.reasoning ?? '';
      return answer(`Send again what did not run.\n${plan}`, ...lastSent.map((call) => coderBody(call.cmd, call.args)));
    }
    const turn = fixture.turns[next++];
    if (!turn) throw new Error('the fixture has no more turns');
    resent = false;
    lastSent = turn.calls ?? [];
    if (turn.final !== undefined) return turn.final;
    return answer(turn.reasoning ?? '', ...lastSent.map((call) => coderBody(call.cmd, call.args)));
  };
}
