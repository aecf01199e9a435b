// references (issue 30) against language servers: for the top-level functions and classes of a pinned real
// project per language, the resolved+imported hits of `codeward references` are compared with the
// locations typescript-language-server and pyright return for textDocument/references (declaration
// included), both speaking LSP over stdio. Precision = shared / ours, recall = shared / theirs, matched by
// path:line:column; textual hits are counted apart. Targets: precision >= 0.95, recall >= 0.85.
// Projects: the TypeScript sources of @ai-sdk/provider-utils (node_modules/@ai-sdk/provider-utils/src) and Python's json package
// (/usr/lib/python3*/json), each copied into bench/.fixtures. Run: npm run bench references.
// The TypeScript copy gets a tsconfig with moduleResolution "bundler": its imports have no extensions, which
// "nodenext" cannot resolve, and the server then answered only same-file locations (the 0.38 "precision"
// measured before was the server's, not ours).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { CLI, FIXTURES, NODE, ROOT, ensureDir } from './lib.mjs';

const SYMBOLS_PER_PROJECT = 25;
const REQUEST_MS = 120_000;
// REFERENCES_BENCH=python (or typescript) measures one project only.
const ONLY = process.env.REFERENCES_BENCH;

function lspClient(command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = Buffer.alloc(0);
  let next = 1;
  const waiting = new Map();
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const header = buffer.indexOf('\r\n\r\n');
      if (header === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, header).toString())?.[1]);
      if (buffer.length < header + 4 + length) return;
      const message = JSON.parse(buffer.subarray(header + 4, header + 4 + length).toString('utf8'));
      buffer = buffer.subarray(header + 4 + length);
      if (message.id !== undefined && message.method !== undefined) send({ jsonrpc: '2.0', id: message.id, result: null });
      else if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  const send = (message) => {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  return {
    // A server that does not answer within REQUEST_MS (still loading the project) counts as no answer.
    request: (method, params) => new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => resolve({ result: null, timedOut: true }), REQUEST_MS);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      send({ jsonrpc: '2.0', id, method, params });
    }),
    notify: (method, params) => send({ jsonrpc: '2.0', method, params }),
    close: () => child.kill(),
  };
}

const files = (dir, ending) => readdirSync(dir, { recursive: true }).map(String).filter((file) => file.endsWith(ending) && !file.endsWith('.d.ts') && !file.includes('node_modules'));

function codeward(args, cwd) {
  const out = spawnSync(NODE, [CLI, ...args, '--json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.stdout);
}

async function measure(name, dir, ending, server, languageId) {
  const client = lspClient(server.command, server.args, dir);
  await client.request('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name }] });
  client.notify('initialized', {});
  const stats = { shared: 0, ours: 0, theirs: 0, textual: 0, symbols: 0, unanswered: 0 };
  try {
    for (const file of files(dir, ending).sort()) {
      if (stats.symbols >= SYMBOLS_PER_PROJECT) break;
      const outline = codeward(['outline', '--file', file], dir);
      const top = (outline.data?.symbols ?? []).filter((symbol) => ['function', 'class'].includes(symbol.kind)).slice(0, 3);
      if (top.length === 0) continue;
      const { readFileSync } = await import('node:fs');
      const text = readFileSync(join(dir, file), 'utf8');
      const uri = pathToFileURL(join(dir, file)).href;
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      for (const symbol of top) {
        const refs = codeward(['references', '--file', file, '--symbol', symbol.namePath, '--max-results', '100000'], dir);
        if (!refs.ok) continue;
        const definition = refs.data.references.find((hit) => hit.definition);
        if (definition === undefined) continue;
        const ours = new Set(refs.data.references.filter((hit) => hit.label !== 'textual').map((hit) => `${hit.path}:${hit.line}:${hit.column}`));
        stats.textual += refs.data.counts.textual;
        const answer = await client.request('textDocument/references', { textDocument: { uri }, position: { line: definition.line - 1, character: definition.column - 1 }, context: { includeDeclaration: true } });
        if (answer.timedOut) stats.unanswered += 1;
        const theirs = new Set((answer.result ?? []).map((location) => `${relative(dir, fileURLToPath(location.uri))}:${location.range.start.line + 1}:${location.range.start.character + 1}`));
        stats.symbols += 1;
        stats.ours += ours.size;
        stats.theirs += theirs.size;
        for (const hit of ours) if (theirs.has(hit)) stats.shared += 1;
        // REFERENCES_DEBUG=1: what one side found and the other did not, per symbol (stderr).
        if (process.env.REFERENCES_DEBUG) process.stderr.write(`${file} ${symbol.namePath}: ours only ${[...ours].filter((hit) => !theirs.has(hit)).join(' ')} | theirs only ${[...theirs].filter((hit) => !ours.has(hit)).join(' ')}\n`);
      }
    }
  } finally {
    client.close();
  }
  const precision = stats.ours === 0 ? 0 : stats.shared / stats.ours;
  const recall = stats.theirs === 0 ? 0 : stats.shared / stats.theirs;
  const note = `${stats.symbols} symbols, ${stats.ours} ours, ${stats.theirs} theirs, ${stats.shared} shared, ${stats.textual} textual apart, ${stats.unanswered} unanswered by the server`;
  return [
    { name: `references ${name} precision (${note})`, unit: '', codeward: precision, baseline: null, ratio: null, target: '>= 0.95', pass: precision >= 0.95 },
    { name: `references ${name} recall`, unit: '', codeward: recall, baseline: null, ratio: null, target: '>= 0.85', pass: recall >= 0.85 },
  ];
}

export async function run() {
  const base = join(FIXTURES, 'references');
  rmSync(base, { recursive: true, force: true });
  ensureDir(base);
  const rows = [];
  const ts = join(base, 'ts');
  if (ONLY !== 'python') {
    cpSync(join(ROOT, 'node_modules/@ai-sdk/provider-utils/src'), join(ts, 'src'), { recursive: true });
    writeFileSync(join(ts, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true }, include: ['src'] }));
    rows.push(...(await measure('TypeScript (@ai-sdk/provider-utils)', ts, '.ts', { command: join(ROOT, 'node_modules/.bin/typescript-language-server'), args: ['--stdio'] }, 'typescript')));
  }
  const python = readdirSync('/usr/lib').filter((entry) => /^python3\.\d+$/.test(entry)).map((entry) => join('/usr/lib', entry, 'json')).find((dir) => existsSync(dir));
  if (python !== undefined && ONLY !== 'typescript') {
    const py = join(base, 'py');
    cpSync(python, join(py, 'json'), { recursive: true, filter: (source) => !source.includes('__pycache__') });
    rows.push(...(await measure('Python (json)', py, '.py', { command: join(ROOT, 'node_modules/.bin/pyright-langserver'), args: ['--stdio'] }, 'python')));
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await run()) console.log(`${row.name}: ${row.codeward?.toFixed(3)} (target ${row.target})`);
}
