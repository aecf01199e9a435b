// What fills a replayed session's prompts (issue 29): per request, the tokens of the system prompt and of
// each later message (u = user, a = assistant; a user message after the first holds the tool results).
import { encode } from 'gpt-tokenizer';

const text = (content) => (typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''));
const tokens = (message) => encode(`${message.role}\n${text(message.content)}`, { allowedSpecial: 'all' }).length;

export function breakdown(requests) {
  return requests.map((messages, at) => {
    const parts = messages.map((message) => `${message.role === 'system' ? 'sys' : message.role[0]}:${tokens(message)}`);
    return `  request ${at + 1}: ${parts.join(' ')}`;
  });
}
