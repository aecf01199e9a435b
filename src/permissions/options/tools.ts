import { FOLLOWS } from './common.js';
import { optionVeto, parseArgs } from './parse.js';
import { spec } from './spec.js';
import type { ParsedArgs, ProgramSpec } from './types.js';

// Interpreters only for their version (ChatCLI's -e/-c run code), and kubectl's reading subcommands.

const versionOnly = (...flags: string[]): ProgramSpec => ({
  check: (_parsed, args) => (args.length === 1 && flags.includes(args[0]!) ? undefined : `only ${flags.join(' / ')} is read-only`),
});

// kubectl (1.2x): global flags, then the subcommand's. --kubeconfig names a file whose `exec` credential
// plugin is a program; -w/--watch never ends; -k/--kustomize can run plugins.
const KUBE_GLOBAL = `-n=|--namespace= --context= --cluster= --user= --request-timeout= -v= --v= --log-flush-frequency= --warnings-as-errors
  --match-server-version --insecure-skip-tls-verify --tls-server-name= --disable-compression -h|--help`;
const KUBE_UNSAFE = {
  '--kubeconfig= --as= --as-group= --as-uid= --token= --username= --password= -s=|--server= --certificate-authority= --client-certificate= --client-key= --cache-dir= --profile= --profile-output=': 'changes which cluster or credentials kubectl uses',
  '-w|--watch --watch-only': FOLLOWS,
  '-k=|--kustomize= -f=|--filename= -R|--recursive': 'reads manifests that can run plugins',
  '--raw=': 'sends a raw request',
};
const kube = (safe: string): ProgramSpec => spec({ safe: `${KUBE_GLOBAL} ${safe}`, unsafe: KUBE_UNSAFE });
const KUBE_GLOBALS = spec({ safe: KUBE_GLOBAL, unsafe: KUBE_UNSAFE, permute: false });
const KUBE_OUTPUT = '-o=|--output= --template= --allow-missing-template-keys --show-managed-fields';
const KUBE: Readonly<Record<string, ProgramSpec>> = {
  get: kube(`${KUBE_OUTPUT} -A|--all-namespaces -l=|--selector= --field-selector= --show-labels --no-headers --sort-by= -L=|--label-columns=
    --show-kind --chunk-size= --ignore-not-found --output-watch-events --server-print --subresource=`),
  describe: kube('-A|--all-namespaces -l=|--selector= --show-events --chunk-size='),
  version: kube(`${KUBE_OUTPUT} --client`),
  'api-resources': kube(`${KUBE_OUTPUT} --api-group= --cached --namespaced --no-headers --sort-by= --verbs=`),
  'api-versions': kube(''),
  explain: kube(`${KUBE_OUTPUT} --api-version= --recursive`),
  'cluster-info': kube(''),
};

function kubectlVeto(args: readonly string[]): string | undefined {
  // Global flags may come first: the subcommand is the first word that is not an option or its value.
  const parsed = parseArgs(KUBE_GLOBALS.table!, args);
  const [sub, ...rest] = parsed.operands;
  const table = sub === undefined ? undefined : KUBE[sub];
  if (!table || sub === undefined) return `kubectl ${sub ?? ''}`.trim() + ' is not a read-only subcommand';
  if (sub === 'cluster-info' && rest.includes('dump')) return 'kubectl cluster-info dump writes files';
  // Secrets are read, but they are credentials: a person decides whether the model may see them.
  if (rest.some((r) => /^(?:secrets?|secret\/.*|secrets\/.*)$/i.test(r) || /(?:^|,)secrets?(?:,|$|\.)/i.test(r))) return 'kubectl shows secrets (credentials)';
  return optionVeto('kubectl', parsed) ?? optionVeto(`kubectl ${sub}`, parseArgs(table.table!, rest));
}

export const TOOLS: Readonly<Record<string, ProgramSpec>> = {
  node: versionOnly('-v', '--version'),
  python: versionOnly('--version', '-V'),
  python3: versionOnly('--version', '-V'),
  java: versionOnly('-version', '--version'),
  kubectl: { check: (_parsed: ParsedArgs, args: readonly string[]) => kubectlVeto(args) },
};
