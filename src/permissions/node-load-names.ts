// The names a JavaScript file loads by a literal, one reader for the hook walk's work-tree scripts (hook-scripts.ts
// nodeReach) and an installed package's own files (node-package-reach.ts): a quoted `require`/`import`/`from`
// name, or a template literal without `${` (red team R26-8; rows28's LEFT: the hook walk read only quoted ones).
// A template with `${` is computed (node-package-computed.ts judges it; the hook walk: unknown). A name's escapes
// (`\u002e\u002e/`, `\x2e`, `\/`, quoted or template) are decoded as JavaScript does before the name is followed.
export const STATIC = /\b(?:require\s*\(\s*|import\s*\(\s*|(?:import|export)\b[^'"`;]*?\bfrom\s*|import\s*)(['"])([^'"\n]+)\1/g;
// A template literal without a substitution, as regular-expression source (its body is group 1 where used alone).
export const TEMPLATE_BODY = String.raw`\`((?:[^\`\\$]|\\[^]|\$(?!\{))*)\``;
const TEMPLATE = new RegExp(String.raw`\b(?:require|import)\s*\(\s*${TEMPLATE_BODY}\s*[,)]`, 'g');
const CONTROL: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
const decoded = (name: string): string =>
  name.includes('\\')
    ? name.replace(/\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|\r?\n|([^]))/g, (_all, x?: string, braced?: string, u?: string, other?: string) =>
        x ?? braced ?? u ? String.fromCodePoint(Math.min(parseInt((x ?? braced ?? u)!, 16), 0x10ffff)) : other === undefined ? '' : (CONTROL[other] ?? other))
    : name;

// Every literal name `code` loads: quoted or a template without substitutions, decoded.
export const loadNames = (code: string): string[] => [...[...code.matchAll(STATIC)].map((found) => found[2]!), ...[...code.matchAll(TEMPLATE)].map((found) => found[1]!)].map(decoded);
