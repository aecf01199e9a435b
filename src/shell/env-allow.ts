// Which environment variables a command exec or test starts may see at all (red team R5-4 and H6: secret
// values under harmless names, `DEPLOY_HOOK=https://hooks.slack.com/...`, a URL split over two variables,
// a percent-encoded key; a list of secret shapes never converges). The default is the other way round:
// only the names below pass, then the secret filters (engine/secret-variables.ts: names, then value
// shapes) drop what is secret among them. The user adds a name with `--pass-env NAME` or `passEnv` in
// ~/.codeward/config.json (both layers then let it through); a repository cannot.

// Exact names: the session (who, where, which terminal and language), certificates and proxies (a proxy
// URL with a password is dropped by its value), build tools' common variables.
const NAMES = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TERM', 'TZ', 'TMPDIR', 'TEMP', 'TMP', 'CI', 'HOSTNAME', 'COLUMNS',
  'LINES', 'PWD', 'OLDPWD', 'SHLVL', 'NO_COLOR', 'COLORTERM', 'SOURCE_DATE_EPOCH', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'FTP_PROXY', 'CC', 'CXX', 'CPP', 'LD', 'AR', 'CFLAGS', 'CXXFLAGS',
  'CPPFLAGS', 'LDFLAGS', 'PKG_CONFIG_PATH', 'LD_LIBRARY_PATH', 'LIBRARY_PATH', 'CPATH', 'C_INCLUDE_PATH', 'CPLUS_INCLUDE_PATH',
  'MAKEFLAGS', 'VIRTUAL_ENV', 'VIRTUAL_ENV_PROMPT', 'JAVA_HOME', 'JAVA_OPTS', 'JDK_JAVA_OPTIONS', 'JAVA_TOOL_OPTIONS', 'MAVEN_OPTS',
  'MAVEN_HOME', 'M2_HOME', 'GRADLE_USER_HOME', 'GRADLE_OPTS', 'GRADLE_HOME', 'NUGET_PACKAGES', 'GEM_HOME', 'GEM_PATH', 'PNPM_HOME',
  'BUN_INSTALL', 'VOLTA_HOME', 'GO111MODULE', 'RUSTFLAGS', 'RUSTDOCFLAGS', 'RUSTC', 'RUSTC_WRAPPER', 'RUSTDOC',
]);

// Name families of the toolchains (toolchains.ts) and the locale: a variable of the family passes the
// allow list; a secret of the family (CARGO_REGISTRY_TOKEN, NODE_AUTH_TOKEN, npm_config_//x/:_authToken)
// is still dropped by its name.
const FAMILIES = [
  /^LC_[A-Z]+$/, /^XDG_[A-Z_]+$/, /^GO[A-Z0-9]*$/, /^CGO_/, /^CARGO_/, /^RUSTUP_/, /^RUST_/, /^PYTHON/, /^PIP_/, /^PIPX_/, /^UV_/,
  /^POETRY_/, /^PYENV/, /^CONDA_/, /^NODE_/, /^npm_/i, /^YARN_/, /^COREPACK_/, /^NVM_/, /^FNM_/, /^DENO_/, /^DOTNET_/, /^SDKMAN_/,
  /^RBENV_/, /^CMAKE_/, /^GIT_(?:AUTHOR|COMMITTER)_/, /^GIT_CONFIG_(?:NOSYSTEM|GLOBAL|SYSTEM)$/, /^GIT_(?:CEILING_DIRECTORIES|EXEC_PATH|TEMPLATE_DIR)$/,
];

// Whether a variable of this name may reach the command (before the secret filters).
export function allowedVariable(name: string): boolean {
  const upper = name.toUpperCase();
  // Proxies are spelled either way (`https_proxy` too).
  return NAMES.has(name) || (upper.endsWith('_PROXY') && NAMES.has(upper)) || FAMILIES.some((family) => family.test(name));
}
