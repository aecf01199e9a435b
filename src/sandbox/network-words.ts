// What the network of a sandbox with the network on is (red team R16-3): bwrap then keeps the host's network
// namespace (bwrap.ts: no --unshare-net), so a run reaches every service listening on 127.0.0.1 (TCP and UDP),
// not only the internet. An outbound-only namespace needs a user-mode network helper codeward does not ship
// (pasta, slirp4netns), so every place that names the network (the approval question, `policy check`, `doctor`,
// --sandbox-network's help) says it in these words. The host's abstract unix sockets (X11, some D-Bus buses,
// any local IPC) belong to the same namespace: a seccomp filter refuses unix sockets instead (seccomp.ts).
export const SHARED_NETWORK = "shared with this machine: services on its 127.0.0.1 are reachable (its unix sockets are not)";

// Why a run with the network on fails to open a unix socket (EACCES from seccomp.ts), said with a refused run's hint.
export const NO_LOCAL_SOCKETS = 'with --sandbox-network a sandboxed process cannot open unix sockets (socketpair pipes between its own processes work), so this machine\'s local services (X11, D-Bus) stay out of reach: run a program that needs one without --sandbox-network';
