// What the network of a sandbox with the network on is (red team R16-3): bwrap then keeps the host's network
// namespace (bwrap.ts: no --unshare-net), so a run reaches every service listening on 127.0.0.1 and the host's
// abstract unix sockets (X11, some D-Bus buses, any local IPC), not only the internet. An outbound-only
// namespace needs a user-mode network helper codeward does not ship (pasta, slirp4netns), so every place that
// names the network (the approval question, `policy check`, `doctor`) says it in these words.
export const SHARED_NETWORK = 'shared with this machine, including services on 127.0.0.1 and local sockets';
