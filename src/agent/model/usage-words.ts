import type { TokenUsage } from './client.js';

const count = (value: number): string => value.toLocaleString('en-US');

// `--verbose`'s line for one model request: its prompt and completion tokens, then the session's.
export function requestTokensLine(turn: number, attempt: number, usage: TokenUsage, total: TokenUsage | undefined): string {
  const request = `request ${turn}${attempt > 1 ? ` (attempt ${attempt})` : ''}`;
  const session = total ? `; session ${count(total.input)} prompt + ${count(total.output)} completion` : '';
  return `tokens ${request}: ${count(usage.input)} prompt + ${count(usage.output)} completion${session}`;
}

// `--verbose`'s closing line: what the whole session cost.
export function sessionTokensLine(total: TokenUsage, requests: number): string {
  return `tokens in all: ${count(total.input)} prompt + ${count(total.output)} completion in ${requests} request${requests === 1 ? '' : 's'}`;
}
