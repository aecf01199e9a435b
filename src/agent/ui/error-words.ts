// An error as a person reads it: what went wrong and the fix first, the code after it for a search or a
// bug report (`no model provider configured: pass --provider … (C210)`), never a code first.
export function inPersonWords(code: string | undefined, message: string): string {
  const text = message.trim();
  if (!code) return text;
  return text === '' ? code : `${text} (${code})`;
}
