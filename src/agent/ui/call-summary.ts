import { recoverJson, tokenize } from '../../args/index.js';

// A tool call as one short line for people: `read src/app.ts:10-40`, `exec npm test`,
// `search "TODO" in src`, `multipatch a.ts, b.ts`. Never throws: unparsable args are shown raw.

type Flags = Record<string, unknown>;

const isRecord = (value: unknown): value is Flags => typeof value === 'object' && value !== null && !Array.isArray(value);
const key = (name: string): string => name.replace(/^-+/, '').replace(/[-_]/g, '').toLowerCase();

function fromTokens(tokens: readonly string[]): { name: string; flags: Flags } {
  const flags: Flags = {};
  const [name = '', ...rest] = tokens;
  for (let index = 0; index < rest.length; index += 1) {
    const token = rest[index]!;
    if (!token.startsWith('--')) {
      flags['positional'] ??= token;
      continue;
    }
    const equals = token.indexOf('=');
    if (equals !== -1) flags[key(token.slice(0, equals))] = token.slice(equals + 1);
    else if (rest[index + 1] !== undefined && !rest[index + 1]!.startsWith('--')) flags[key(token)] = rest[(index += 1)];
    else flags[key(token)] = true;
  }
  return { name, flags };
}

function normalise(object: Flags): Flags {
  const flags: Flags = {};
  for (const [name, value] of Object.entries(object)) flags[key(name)] = value;
  return flags;
}

// The command name and its flags (keys lower-cased without dashes), however the model wrote them.
export function parseCallArgs(args: string): { name: string; flags: Flags } {
  const text = args.trim().replace(/^@coder(?:\s+|$)/i, '').trim();
  try {
    if (/^['"]?\s*[{[]/.test(text)) {
      const value = recoverJson(text).value;
      if (Array.isArray(value)) return fromTokens(value.map(String));
      if (isRecord(value)) {
        const { cmd, args: inner, ...rest } = value;
        const nested = isRecord(inner) ? inner : {};
        return { name: typeof cmd === 'string' ? cmd : '', flags: normalise({ ...rest, ...nested }) };
      }
    }
    return fromTokens(tokenize(text));
  } catch {
    return { name: text.split(/\s+/)[0] ?? '', flags: {} };
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined);

function pathsOf(value: unknown, field: string): string[] {
  if (typeof value === 'string') {
    try {
      return pathsOf(JSON.parse(value) as unknown, field);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.map((item) => (isRecord(item) ? str(item[field]) ?? str(item['path']) : str(item))).filter((item): item is string => item !== undefined);
}

function list(paths: readonly string[]): string {
  if (paths.length <= 3) return paths.join(', ');
  return `${paths.slice(0, 3).join(', ')} +${paths.length - 3} more`;
}

function oneLine(text: string): string {
  const lines = text.trim().split('\n');
  const first = lines[0]!.trim();
  return lines.length > 1 ? `${first} …` : first;
}

function readRange(flags: Flags): string {
  const start = str(flags['start']);
  const end = str(flags['end']);
  if (start || end) return `:${start ?? '1'}-${end ?? ''}`;
  if (str(flags['head'])) return ` (head ${str(flags['head'])})`;
  if (str(flags['tail'])) return ` (tail ${str(flags['tail'])})`;
  return '';
}

function subject(cmd: string, flags: Flags): string {
  const file = str(flags['file']) ?? str(flags['path']) ?? str(flags['filepath']) ?? str(flags['positional']);
  const dir = str(flags['dir']);
  const where = dir && dir !== '.' ? ` in ${dir}` : '';
  switch (cmd) {
    case 'exec':
      return `${oneLine(str(flags['cmd']) ?? str(flags['command']) ?? str(flags['positional']) ?? '')}${where}`;
    case 'test':
      return `${oneLine(str(flags['cmd']) ?? '')}${where}`.trim();
    case 'search': {
      const term = str(flags['term']) ?? str(flags['query']) ?? str(flags['positional']);
      return `${term === undefined ? '' : JSON.stringify(oneLine(term))}${where}`;
    }
    case 'read':
      return `${file ?? ''}${readRange(flags)}`;
    case 'write':
      return `${file ?? ''}${flags['append'] === true ? ' (append)' : ''}`;
    case 'patch':
      return file ?? (flags['diff'] !== undefined ? 'unified diff' : '');
    case 'multipatch':
      return list(pathsOf(flags['edits'], 'file'));
    case 'create':
    case 'update':
      return list(pathsOf(flags['files'], 'path'));
    case 'delete':
      return list(pathsOf(flags['paths'], 'path'));
    default:
      return file ?? dir ?? '';
  }
}

// `read src/app.ts`: the command and a short summary of its arguments.
export function describeCall(cmd: string, args: string, tool = '@coder'): string {
  const parsed = parseCallArgs(args);
  if (tool === '@todo') return `todo ${parsed.name}`.trim();
  const name = cmd || parsed.name || 'call';
  const summary = subject(name, parsed.flags);
  return summary ? `${name} ${summary}` : name;
}
