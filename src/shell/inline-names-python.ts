// The python names the closed inline reader knows (inline-names.ts): keywords, a short list of pure builtins, and per
// listed module (inline-imports.ts PYTHON_SAFE) its listed attributes. A module that reaches a spawn, a tree delete or
// reflection has a CLOSED list here (os, sys, shutil, tempfile, inspect, typing, string ...); the others (math,
// itertools, hashlib ...) hold no such function, so any public attribute of theirs is known unless it names a module
// (`shutil.os`, `json.codecs`: a module object reached through another: MODULE_NAMES) or is `_private`.
const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

export const PY_KEYWORDS = words(`False None True and as assert async await break class continue def del elif else except finally for from
  global if import in is lambda nonlocal not or pass raise return try while with yield match case _`);

// Builtins that neither run code nor reach attributes by name (no eval, exec, compile, getattr, setattr, vars,
// globals, locals, __import__, breakpoint, help, input).
export const PY_BUILTINS = words(`print len range str int float bool list dict set tuple frozenset bytes bytearray sorted reversed enumerate
  zip map filter min max sum abs round any all isinstance issubclass repr hash hex oct bin chr ord divmod pow iter next slice format
  open callable hasattr id object type super property staticmethod classmethod complex memoryview ascii dir exit quit
  Exception BaseException ValueError KeyError IndexError TypeError RuntimeError OSError IOError FileNotFoundError FileExistsError
  PermissionError IsADirectoryError NotADirectoryError StopIteration AttributeError NameError ZeroDivisionError AssertionError
  NotImplementedError UnicodeDecodeError UnicodeEncodeError UnicodeError KeyboardInterrupt SystemExit ImportError ModuleNotFoundError
  LookupError ArithmeticError OverflowError EOFError TimeoutError ConnectionError BrokenPipeError RecursionError Warning
  DeprecationWarning UserWarning NotImplemented Ellipsis __name__ __file__ __doc__ self cls`);

// Listed modules with a closed attribute list. A name that is itself a listed module (`path` of os) is a submodule.
export const PY_MODULE_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  os: words(`path environ getcwd getcwdb listdir scandir walk makedirs mkdir remove unlink rmdir removedirs rename replace renames stat lstat
    sep altsep linesep pathsep curdir pardir extsep defpath devnull name getenv cpu_count getpid getppid getuid geteuid getgid getegid
    urandom access chmod utime symlink link readlink truncate open read write close fsencode fsdecode get_terminal_size isatty
    umask getlogin uname strerror fspath PathLike DirEntry stat_result error get_exec_path getloadavg sched_getaffinity statvfs
    fstat fsync lseek pipe dup dup2 device_encoding get_blocking set_blocking scandir times`),
  'os.path': words(`join exists isfile isdir islink ismount isabs abspath realpath relpath normpath basename dirname split splitext
    expanduser expandvars getsize getmtime getatime getctime commonpath commonprefix sep samefile lexists normcase splitdrive pathsep
    extsep curdir pardir`),
  sys: words(`argv stdin stdout stderr exit path version version_info platform maxsize maxunicode byteorder executable getsizeof
    getrecursionlimit setrecursionlimit getdefaultencoding getfilesystemencoding float_info int_info hexversion implementation flags
    prefix base_prefix exec_prefix exc_info getrefcount api_version copyright stdlib_module_names builtin_module_names orig_argv
    platlibdir pycache_prefix dont_write_bytecode set_int_max_str_digits get_int_max_str_digits`),
  shutil: words(`copy copy2 copyfile copytree copymode copystat copyfileobj rmtree move which disk_usage get_terminal_size make_archive
    unpack_archive get_archive_formats get_unpack_formats ignore_patterns chown Error SameFileError`),
  tempfile: words(`mkdtemp mkstemp gettempdir gettempdirb gettempprefix NamedTemporaryFile TemporaryFile SpooledTemporaryFile tempdir`),
  inspect: words(`signature getsource getsourcelines getsourcefile getfile getdoc cleandoc isfunction isclass ismodule ismethod isbuiltin
    isroutine iscoroutinefunction isgeneratorfunction isgenerator iscoroutine isabstract Parameter Signature`),
  pathlib: words(`Path PurePath PosixPath PurePosixPath`),
  glob: words(`glob iglob escape has_magic`),
  io: words(`StringIO BytesIO open TextIOWrapper BufferedReader BufferedWriter SEEK_SET SEEK_CUR SEEK_END DEFAULT_BUFFER_SIZE
    UnsupportedOperation IOBase RawIOBase TextIOBase BufferedIOBase FileIO`),
  uuid: words(`uuid1 uuid3 uuid4 uuid5 UUID NAMESPACE_DNS NAMESPACE_URL NAMESPACE_OID NAMESPACE_X500 getnode SafeUUID`),
  string: words(`ascii_letters ascii_lowercase ascii_uppercase digits hexdigits octdigits punctuation printable whitespace capwords
    Template`),
  typing: words(`Any Optional Union List Dict Set Tuple FrozenSet Callable Iterable Iterator Sequence Mapping MutableMapping
    MutableSequence NamedTuple TypedDict Literal Final ClassVar TypeVar Generic Protocol cast overload Type IO TextIO BinaryIO
    Generator AsyncIterator Awaitable Coroutine DefaultDict OrderedDict Counter Deque NoReturn Never Self Annotated TYPE_CHECKING`),
  platform: words(`machine node release version python_version python_version_tuple python_implementation uname processor
    platform architecture freedesktop_os_release mac_ver libc_ver`),
  json: words(`loads load dumps dump JSONDecodeError JSONEncoder JSONDecoder`),
  dataclasses: words(`dataclass field fields asdict astuple replace is_dataclass make_dataclass FrozenInstanceError MISSING KW_ONLY
    InitVar`),
};

// Module names reached as another module's attribute (python 3.11's listed modules, `shutil.os`, `zipfile.importlib`):
// a module object passed on, never a listed attribute of an open-listed module.
// (`datetime`, `time`, `array`, `copy` are also classes and functions of their own modules: MODULE_VALUED has where
// they are modules.)
export const MODULE_NAMES = words(`codecs decoder encoder scanner copyreg enum functools abc re path st sys genericpath os stat fnmatch io
  ntpath posixpath warnings math numbers random operator binascii struct platform collections contextlib stdlib_re types
  builtins inspect itertools keyword bltns errno posix zlib bz2 lzma importlib pathlib shutil threading grp pwd ipaddress
  encodings ElementPath domreg xml entities dis linecache token tokenize array selectors termios subprocess pickle marshal ctypes
  gc runpy code pdb pydoc webbrowser multiprocessing concurrent asyncio socket signal select tempfile glob json uuid string`);

// python 3.11's module-valued attributes of the open-listed modules (where a module name is also a class elsewhere).
export const MODULE_VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  calendar: words('datetime sys'), gzip: words('builtins io os struct sys time zlib'), tarfile: words('copy grp io os pwd re shutil stat time'),
  zipfile: words('binascii bz2 importlib io os shutil sys threading time zlib'), dataclasses: words('copy inspect types'),
  socket: words('array errno io os selectors sys'),
};

// Attributes of any value that reach code, frames, modules or names by reflection (on a value the type is not known,
// so this set is the one deny list of the reader: python's `_private` and dunder names are refused besides).
export const PY_VALUE_DENY = words(`get_field get_value f_globals f_locals f_builtins f_back f_code gi_frame gi_code cr_frame ag_frame
  tb_frame tb_next func_globals modules system popen spawn fork execv execve execl execlp execvp execvpe os sys subprocess builtins
  load_module exec_module getattr_static getmembers walk_stack walk_tb`);

// Dunder names of a value that are plain data (the rest reach the object graph: parse-inline.ts DYNAMIC_APIS).
export const PY_PURE_DUNDERS = words(`__name__ __doc__ __class__ __len__ __str__ __repr__ __init__ __enter__ __exit__ __iter__ __next__
  __eq__ __hash__ __contains__ __getitem__ __setitem__ __qualname__ __module__ __file__ __version__ __all__ __slots__`);
