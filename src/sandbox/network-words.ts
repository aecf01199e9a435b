// What the network of a sandbox with the network on is (red team R16-3): the run keeps the host's network
// namespace (bwrap.ts: no --unshare-net; seatbelt's `(allow network*)`), so it reaches every service listening
// on 127.0.0.1 (TCP and UDP), not only the internet. An outbound-only namespace needs a user-mode network
// helper codeward does not ship (pasta, slirp4netns), so every place that names the network (the approval
// question, `policy check`, `doctor`, --sandbox-network's help) says it in these words. The host's abstract
// unix sockets (X11, some D-Bus buses, any local IPC) belong to the same namespace: under bwrap a seccomp
// filter refuses unix sockets instead (seccomp.ts). Seatbelt's profile lets a run connect to any unix socket
// it can name (macOS has no abstract ones; the Docker and ssh-agent sockets are files), said as such.
export const SHARED_NETWORK = 'shared with this machine: services on its 127.0.0.1 are reachable, its unix sockets are not';
const SHARED_NETWORK_SEATBELT = 'shared with this machine: services on its 127.0.0.1 and its unix sockets are reachable';

// The words for a network-on run of a sandbox backend ('bwrap', 'seatbelt', or doctor's 'seatbelt (PATH)').
export const sharedNetwork = (backend: string | null | undefined): string => (backend?.startsWith('seatbelt') ? SHARED_NETWORK_SEATBELT : SHARED_NETWORK);

// Why a run with the network on fails to open a unix socket (EACCES from seccomp.ts), said with a refused run's hint.
export const NO_LOCAL_SOCKETS = "with --sandbox-network a sandboxed process cannot open unix sockets (socketpair pipes between its own processes work), so this machine's local services (X11, D-Bus) stay out of reach: run a program that needs one without --sandbox-network";
