// Node parses the PEM bundle NODE_EXTRA_CA_CERTS names when every process starts, before any JavaScript runs:
// ~35 ms of CPU each, most of what a call handed to the warm engine costs (issue 31). A launcher that starts
// codeward for one call (the ChatCLI wrapper, docs/chatcli-plugin.md) may hold the variable back under
// DEFERRED_CA_BUNDLE: this process then starts without the bundle, and every process it starts (exec's, the
// warm engine's calls, which get this call's environment) gets NODE_EXTRA_CA_CERTS back as it was.
export const DEFERRED_CA_BUNDLE = 'CODEWARD_NODE_EXTRA_CA_CERTS';

// Gives `env` (the process's own, before anything reads it) NODE_EXTRA_CA_CERTS back from DEFERRED_CA_BUNDLE,
// which no program this process starts sees. Whether this process runs without the bundle it was meant to
// have: then it must not open a TLS connection itself (doors/cli/main.ts refuses the entry points that may).
// A NODE_EXTRA_CA_CERTS that is set wins: that is the bundle this process loaded.
export function restoreDeferredCaBundle(env: Record<string, string | undefined>): boolean {
  const deferred = env[DEFERRED_CA_BUNDLE];
  if (deferred === undefined) return false;
  delete env[DEFERRED_CA_BUNDLE];
  if (deferred === '' || env['NODE_EXTRA_CA_CERTS']) return false;
  env['NODE_EXTRA_CA_CERTS'] = deferred;
  return true;
}
