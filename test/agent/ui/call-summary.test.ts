import { describe, expect, it } from 'vitest';
import { describeCall } from '../../../src/agent/ui/call-summary.js';

describe('describeCall', () => {
  it.each<[string, string, string, string?]>([
    ['read', '{"cmd":"read","args":{"file":"src/app.ts"}}', 'read src/app.ts'],
    ['read', 'read --file src/app.ts --start 10 --end 40', 'read src/app.ts:10-40'],
    ['read', '@coder read --file=README.md --head 5', 'read README.md (head 5)'],
    ['exec', '{"cmd":"exec","args":{"cmd":"npm test"}}', 'exec npm test'],
    ['exec', 'exec --cmd "ls -la" --dir src', 'exec ls -la in src'],
    ['search', "search --term 'TODO' --dir src", 'search "TODO" in src'],
    ['patch', '{"cmd":"patch","args":{"file":"a.ts","search":"x","replace":"y"}}', 'patch a.ts'],
    ['multipatch', '{"cmd":"multipatch","args":{"edits":[{"file":"a.ts"},{"file":"b.ts"}]}}', 'multipatch a.ts, b.ts'],
    ['delete', `delete --paths '["a","b","c","d","e"]'`, 'delete a, b, c +2 more'],
    ['tree', '{"cmd":"tree"}', 'tree'],
    ['', "{'cmd':'read', args:{file:'x.ts'}}", 'read x.ts'],
    ['todo', '{"cmd":"mark","args":{"id":2}}', 'todo mark', '@todo'],
    ['exec', 'exec --cmd "unclosed', 'exec'],
  ])('%s %s → %s', (cmd, args, expected, tool) => {
    expect(describeCall(cmd, args, tool)).toBe(expected);
  });
});
