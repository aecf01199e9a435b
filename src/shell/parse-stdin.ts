// What a few simple filters write to stdout when everything they read is static, so that text piped
// into a shell (`echo 'rm -rf /' | sh`, `echo cm0gLXJmIC8= | base64 -d | bash`, `echo '/ fr- mr' | rev | sh`)
// is parsed as the commands it is.
import { decodeAnsiC } from './parse-words.js';

const MAX_TEXT = 64 * 1024;

function echo(args: readonly string[]): string {
  let i = 0;
  let newline = true;
  let escapes = false;
  while (i < args.length && /^-[neE]+$/.test(args[i]!)) {
    const flags = args[i]!;
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
    if (flags.includes('E')) escapes = false;
    i++;
  }
  const text = args.slice(i).join(' ');
  return (escapes ? decodeAnsiC(text) : text) + (newline ? '\n' : '');
}

function printf(args: readonly string[]): string | undefined {
  let i = 0;
  if (args[i] === '--') i++;
  const format = args[i];
  if (format === undefined) return undefined;
  const rest = args.slice(i + 1);
  const template = decodeAnsiC(format);
  let out = '';
  let used = 0;
  do {
    out += template.replace(/%(?:%|[-+ #0-9.]*[sbdiouxXcqfeEgG])/g, (spec) => {
      if (spec === '%%') return '%';
      const value = rest[used++] ?? '';
      return spec.endsWith('b') ? decodeAnsiC(value) : value;
    });
  } while (used > 0 && used < rest.length && out.length < MAX_TEXT);
  return out;
}

function base64Decode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length === 0) return undefined;
  return Buffer.from(compact, 'base64').toString('utf8');
}

function hexDecode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(compact)) return undefined;
  return Buffer.from(compact, 'hex').toString('utf8');
}

// stdout of `name args` given static stdin (undefined when unknown or not a recognised filter).
export function staticStdout(name: string | null, args: readonly string[], stdin: string | undefined): string | undefined {
  let out: string | undefined;
  switch (name) {
    case 'echo':
      out = echo(args);
      break;
    case 'printf':
      out = printf(args);
      break;
    case 'cat':
      out = args.every((arg) => arg === '-' || arg === '--') ? stdin : undefined;
      break;
    case 'tee':
      out = stdin;
      break;
    case 'base64':
    case 'base32':
      out = stdin !== undefined && args.some((arg) => /^-(?:-decode|[a-zA-Z]*[dD])$/.test(arg)) && name === 'base64' ? base64Decode(stdin) : undefined;
      break;
    case 'xxd':
      out = stdin !== undefined && args.includes('-r') && args.some((arg) => /^-(?:r?p|ps|plain)$/.test(arg)) ? hexDecode(stdin) : undefined;
      break;
    case 'rev':
      out = stdin !== undefined && args.length === 0 ? stdin.split('\n').map((line) => [...line].reverse().join('')).join('\n') : undefined;
      break;
    case 'tac':
      out = stdin !== undefined && args.length === 0 ? stdin.replace(/\n$/, '').split('\n').reverse().join('\n') + '\n' : undefined;
      break;
    default:
      out = undefined;
  }
  return out !== undefined && out.length <= MAX_TEXT ? out : undefined;
}
