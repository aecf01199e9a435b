// What a sandboxed run without a network says when it failed for lack of one (issue 19, issue 28): the
// flag that opens the network, and for a package manager (npm install, npx pkg) the way to work from the
// user's own package cache instead, which the sandbox otherwise replaces by an empty private one.

const NETWORK_HINT = 'the OS sandbox blocks the network for exec and test; a person can pass --sandbox-network (or set "sandboxNetwork": true) to allow it';
// npm-family programs: their cache is pointed at the private temp folder in the sandbox (sandbox/policy.ts).
const NPM_FAMILY = /(?:^|[\s;&|(`/])(?:npm|npx|pnpm|yarn|bun|bunx|corepack)(?=\s|$)/;
// npm without a cached copy (--offline, --prefer-offline), or a cache it could not write.
const CACHE_FAILURE = /ENOTCACHED|only-if-cached|no cached response|(?:EROFS|EACCES|EPERM)\b[^\n]*(?:\.npm\b|_cacache|\.cache\/(?:yarn|pnpm))/i;
const CACHE_HINT = 'or, to install from the npm cache already on this machine without a network: the user adds "sandboxWritable": ["~/.npm"] to ~/.codeward/config.json, runs codeward with npm_config_cache=~/.npm in its environment, and the command uses --offline';

// The hint for a failed run's message, or undefined when the failure does not look like a missing
// network or package cache. `network`: whether the output says a lookup or connection failed.
export function networkHint(command: string, output: string, network: boolean): string | undefined {
  const npm = NPM_FAMILY.test(command);
  if (npm && (network || CACHE_FAILURE.test(output))) return `${NETWORK_HINT}; ${CACHE_HINT}`;
  return network ? NETWORK_HINT : undefined;
}
