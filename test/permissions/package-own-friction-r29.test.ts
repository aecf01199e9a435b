// The friction dirname28's reading made over real packages (dirname29): files vite/vitest/ts-node reach went leaving,
// each on a false reading, now read as they are: a base given to `import.meta.resolve(x, parent)` (vitest's
// nativeModuleMocker resolves a test's mock from the test file: a runtime value, no place), options without `paths`
// (jest-snapshot), an object literal's key (rolldown's load-config defines `__dirname: name` for its config bundle),
// an array's concat (esbuild spawns `args.concat("--ping")`, args holding its own bin), a conditional's test
// (`!isAbsolute(file) ? a : b`), an own module resolved by a relative name (ts-node hands it to a helper). The same
// forms still leave when a value in them is cut or climbed, or a relative name is found from a literal base.
import { describe, expect, it } from 'vitest';
import { CUT, leaving } from './package-own-leaving.js';

describe('free: the real packages\' forms', () => {
  it.each([
    ['a resolve from a runtime parent, through a method (vitest)', 'class M {\n  importMock(rawId, importer) {\n    const resolvedId = import.meta.resolve(rawId, pathToFileURL(importer).toString());\n    const filename = fileURLToPath(resolvedId);\n    const redirect = this.findMockRedirect(filename);\n    if (redirect) return import(pathToFileURL(redirect).toString());\n  }\n}'],
    ['a conditional\'s test on another package\'s file', 'const file = require.resolve("y");\nconst id = !isAbsolute(file) || isDir(file) ? normalize(name) : null;\nrequire(find(id));'],
    ['an object literal\'s keys named like own places (rolldown)', 'async function b(configFile) {\n  const bundle = await rolldown({ input: configFile, define: { __dirname: "d", "import.meta.url": "u" } });\n  const result = await bundle.write({ dir: "x" });\n  const entry = path.join(dir, result.output[0].fileName);\n  return import(pathToFileURL(entry).href);\n}'],
    ['a key named like a cut name', `const root = ${CUT};\nconst cfg = { root: "x" };\nrequire(cfg.file);`],
    ['a package found from the working folder and the caller\'s (browserslist)', 'module.exports = {\n  loadQueries: function loadQueries(ctx, name) {\n    var queries = require(require.resolve(name, { paths: [\'.\', ctx.path] }))\n    return queries\n  }\n};'],
    ['options without paths (jest-snapshot)', 'const semver = require(require.resolve(\'semver\', {\n  [Symbol.for(\'jest-resolve-outside-vm-option\')]: true\n}));'],
    ['a relative name found from the own folder', 'await import(import.meta.resolve("./y.js", import.meta.url));\nconst u = import.meta.resolve("../x/y.js", new URL("./", import.meta.url).href);\nawait import(u);'],
    ['an own module resolved and handed to a helper (ts-node)', 'let transpiler = undefined;\nif (options.transpiler) transpiler = options.transpiler;\nelse if (options.swc) transpiler = require.resolve(\'./transpilers/swc.js\');\nfunction init() {\n  const transpilerName = typeof transpiler === \'string\' ? transpiler : transpiler[0];\n  const transpilerPath = helper(transpilerName, true);\n  return require(transpilerPath).create;\n}'],
    ['an array of the own bin concatenated (esbuild)', 'const path = require("path");\nfunction cmd() {\n  if (process.env.X) return [process.env.X, []];\n  return ["node", [path.join(__dirname, "..", "bin", "esbuild")]];\n}\nconst [command, args] = cmd();\nchild_process.spawn(command, args.concat(`--service=${"1"}`, "--ping"));'],
  ])('%s', (_name, code) => {
    expect(leaving(code)).toBeUndefined();
  });
});

describe('leaving: the same forms given a cut or climbed value', () => {
  it.each([
    ['a resolve from a cut base', `const u = import.meta.resolve("./tools/y.js", "file://" + ${CUT});\nawait import(u);`],
    ['a resolve from a literal base (the working folder)', 'const f = require.resolve("./tools/y", { paths: ["."] });\nrequire(f);'],
    ['a relative name from the own folder and the working folder', 'require(require.resolve("./tools/y", { paths: [__dirname, "."] }));'],
    ['a relative name from a quoted paths key', 'require(require.resolve("./tools/y", { "paths": ["."] }));'],
    ['a relative name from spread options', 'const o = { paths: ["."] };\nrequire(require.resolve("./tools/y", { ...o, x: "1" }));'],
    ['a relative name from paths after another option', 'require(require.resolve("./tools/y", { a: [1], paths: ["."] }));'],
    ['a package found from the working folder, climbed', 'const path = require("path");\nconst f = require.resolve("y", { paths: ["."] });\nrequire(path.join(path.dirname(path.dirname(f)), "..", "tools/y"));'],
    ['a relative name climbing out of the package, through a name', 'const f = require.resolve("../../../tools/y.js");\nrequire(f);'],
    ['a resolve from a literal URL', 'await import(import.meta.resolve("./tools/y.js", "file:///"));'],
    ['a resolve from another package\'s place, climbed', 'const path = require("path");\nconst f = require.resolve("y", { paths: [path.dirname(require.resolve("z"))] });\nrequire(path.join(f, "..", "..", "..", "tools/y"));'],
    ['a resolve from a cut name as parent', `const top = ${CUT};\nrequire(require.resolve("./tools/y", { paths: [top] }));`],
    ['a conditional whose branch is cut', `const r = ok ? ${CUT} : __dirname;\nrequire(r + "tools/y");`],
    ['a value past a key', `const o = { root: ${CUT} };\nrequire(o.root + "tools/y");`],
    ['a shorthand own place in an object, cut', 'const o = { __dirname };\nrequire(o.__dirname.split("node_modules")[0] + "tools/y");'],
    ['a string concat climbing', 'require(__dirname.concat("/../../../tools/y"));'],
    ['a concat of a cut place', `require(${CUT}.concat("tools/y"));`],
    ['an array concat then joined', 'require([__dirname].concat(["..", ".."]).join("/") + "/tools/y");'],
  ])('%s', (_name, code) => {
    expect(leaving(code)).toBeDefined();
  });
});
