// The js names the closed inline reader knows (inline-names.ts): keywords, pure globals, and per listed module
// (inline-imports-scripts.ts JS_SAFE) and per global object that reaches modules (process, require, module, Object)
// a CLOSED attribute list. A module without a list here (http, net ...) has no attribute known.
const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

export const JS_KEYWORDS = words(`var let const function return if else for while do break continue new typeof instanceof in of delete void
  this null undefined true false class extends super try catch finally throw switch case default async await yield import export from
  as static get set NaN Infinity arguments debugger`);

// Globals whose attributes are read as a value's (no code runs from a name: no eval, Function, Reflect, Proxy,
// globalThis, global).
export const JS_GLOBALS = words(`console JSON Math Array String Number Boolean Date RegExp Map Set WeakMap WeakSet Promise Symbol BigInt
  Error TypeError RangeError SyntaxError ReferenceError AggregateError parseInt parseFloat isNaN isFinite encodeURIComponent
  decodeURIComponent encodeURI decodeURI Buffer setTimeout setInterval clearTimeout clearInterval setImmediate clearImmediate
  queueMicrotask structuredClone URL URLSearchParams TextEncoder TextDecoder ArrayBuffer SharedArrayBuffer DataView Uint8Array
  Uint16Array Uint32Array Int8Array Int16Array Int32Array Float32Array Float64Array BigInt64Array BigUint64Array Uint8ClampedArray
  Intl __dirname __filename exports fetch atob btoa AbortController AbortSignal performance Blob Headers Request Response
  FormData EventTarget Event`);

// Objects whose attributes are a closed list (module-like: never passed on, never read by a computed member).
export const JS_OBJECTS: Readonly<Record<string, ReadonlySet<string>>> = {
  process: words(`argv env exit cwd stdout stderr stdin platform version versions pid ppid exitCode on once nextTick hrtime memoryUsage
    uptime arch argv0 execPath execArgv emitWarning umask cpuUsage config release features`),
  require: words(`resolve`),
  module: words(`exports`),
  Object: words(`keys values entries assign fromEntries freeze isFrozen seal isSealed create is hasOwn`),
};

// Listed modules' attributes (`node:` dropped; a name that is a module here is a submodule: `promises` of fs).
export const JS_MODULE_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  fs: words(`readFileSync writeFileSync appendFileSync existsSync readdirSync statSync lstatSync mkdirSync copyFileSync cpSync rmSync
    unlinkSync rmdirSync renameSync rename realpathSync accessSync chmodSync symlinkSync readlinkSync mkdtempSync openSync closeSync
    readSync writeSync fstatSync truncateSync utimesSync watch watchFile createReadStream createWriteStream readFile writeFile
    appendFile readdir stat lstat mkdir copyFile cp rm unlink rmdir realpath access chmod exists mkdtemp constants promises Dirent
    Stats`),
  'fs/promises': words(`readFile writeFile appendFile readdir stat lstat mkdir copyFile cp rm unlink rmdir rename realpath access chmod
    mkdtemp open symlink readlink utimes truncate constants`),
  path: words(`join resolve dirname basename extname relative normalize sep delimiter isAbsolute parse format posix win32
    toNamespacedPath`),
  os: words(`homedir tmpdir platform EOL cpus hostname type arch release userInfo totalmem freemem networkInterfaces uptime loadavg
    endianness constants availableParallelism machine version devNull`),
  util: words(`promisify inspect format formatWithOptions types isDeepStrictEqual parseArgs styleText stripVTControlCharacters
    TextEncoder TextDecoder inherits deprecate callbackify`),
  url: words(`URL URLSearchParams fileURLToPath pathToFileURL parse format resolve`),
  crypto: words(`createHash createHmac randomUUID randomBytes randomInt timingSafeEqual getHashes webcrypto subtle`),
  events: words(`EventEmitter once on`),
  assert: words(`ok equal notEqual deepEqual deepStrictEqual strictEqual notStrictEqual throws rejects match fail strict AssertionError`),
  zlib: words(`gzipSync gunzipSync deflateSync inflateSync brotliCompressSync brotliDecompressSync createGzip createGunzip gzip gunzip
    deflate inflate constants`),
  readline: words(`createInterface`),
  buffer: words(`Buffer constants`),
  querystring: words(`parse stringify escape unescape`),
  string_decoder: words(`StringDecoder`),
  'path/posix': words(`join resolve dirname basename extname relative normalize sep isAbsolute parse format`),
  timers: words(`setTimeout setInterval setImmediate clearTimeout clearInterval`),
  'timers/promises': words(`setTimeout setInterval setImmediate`),
  stream: words(`Readable Writable Transform PassThrough pipeline finished`),
  'stream/promises': words(`pipeline finished`),
  'readline/promises': words(`createInterface`),
  perf_hooks: words(`performance`),
  http: words(`createServer get request STATUS_CODES`),
  https: words(`createServer get request`),
};

// A value's attributes that reach code, modules or globals by name (the one deny list: on a value the type is unknown;
// `_private` names are refused besides).
export const JS_VALUE_DENY = words(`constructor prototype __proto__ __defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__
  caller callee process require module mainModule binding getBuiltinModule dlopen execve globalThis global Reflect Function eval
  child_process execSync execFileSync spawnSync execFile spawn fork`);
