# codeward's warm-engine client for launchers that start codeward once per call (the ChatCLI wrapper,
# docs/chatcli-plugin.md): `perl warm-call.pl <codeward's argv>`. It hands the call to the warm engine
# (`codeward serve`) of the call's workspace exactly as the bin's client does (src/doors/serve/client.ts,
# socket.ts, folder.ts, protocol.ts), without starting node (~70 ms of CPU a call), and on anything else runs
# `node codeward.js` (next to this file) with the same argv and environment: node then decides as it always does
# (a terminal, CODEWARD_NO_SERVE=1, no server, a socket folder that is not private: node warns, a call the server
# sends back, a -C/--workspace call, --debug-timing, words that are not UTF-8, no JSON::PP in this perl).
# test/doors/serve/warm-call-perl.test.ts pins the socket path rule to socket.ts's answer and each answer to node's.
use strict;
use warnings;
use Socket qw(AF_UNIX SOCK_STREAM pack_sockaddr_un);
use Cwd ();

my $CLI = $0 =~ m{^(.*)/[^/]*$} ? "$1/codeward.js" : 'codeward.js';

sub cold {
  $SIG{PIPE} = 'DEFAULT';
  exec { 'node' } 'node', $CLI, @ARGV or do {
    print STDERR "codeward: cannot start node: $!\n";
    exit 127;
  };
}

# path.join's lexical normalisation of an absolute path (socket.ts, folder.ts and cache-dir.ts join theirs).
sub joined {
  my @parts;
  for my $part (split m{/+}, join('/', @_)) {
    next if $part eq '' || $part eq '.';
    if ($part eq '..') { pop @parts; next; }
    push @parts, $part;
  }
  return '/' . join('/', @parts);
}

# folder.ts serveFolder + cache-dir.ts codewardCacheDir; undef when the answer is not an absolute path.
sub serve_folder {
  my $absolute = sub { defined $_[0] && $_[0] =~ m{^/} };
  return joined($ENV{XDG_RUNTIME_DIR}, 'codeward') if $absolute->($ENV{XDG_RUNTIME_DIR});
  return joined($ENV{CODEWARD_STATE_DIR}, 'serve') if $absolute->($ENV{CODEWARD_STATE_DIR});
  return joined($ENV{XDG_CACHE_HOME}, 'codeward', 'serve') if $absolute->($ENV{XDG_CACHE_HOME});
  my $home = defined $ENV{HOME} && $ENV{HOME} ne '' ? $ENV{HOME} : (getpwuid($<))[7];
  return $absolute->($home) ? joined($home, '.cache', 'codeward', 'serve') : undef;
}

# socket.ts socketPath: 64-bit FNV-1a of the workspace's UTF-16 units, in two 32-bit halves (the prime is 2^40 + 0x1b3).
sub socket_name {
  my ($workspace) = @_;
  my ($high, $low) = (0xcbf29ce4, 0x84222325);
  for my $code (map { ord } split //, $workspace) {
    my @units = $code > 0xffff ? (0xd800 + (($code - 0x10000) >> 10), 0xdc00 + (($code - 0x10000) & 0x3ff)) : ($code);
    for my $unit (@units) {
      $low ^= $unit;
      my $product = $low * 0x1b3;
      $high = ($high * 0x1b3 + int($product / 4294967296) + (($low << 8) & 0xffffffff)) & 0xffffffff;
      $low = $product & 0xffffffff;
    }
  }
  return sprintf('%08x%08x.sock', $high, $low);
}

# Text as node reads it (UTF-8); undef when it is not UTF-8 (node would read it otherwise: it answers that call).
sub text {
  my ($bytes) = @_;
  my $copy = $bytes;
  return utf8::decode($copy) ? $copy : undef;
}

# `--print-socket <workspace>`: the socket path this client would use (the test compares it with socket.ts's).
if (@ARGV == 2 && $ARGV[0] eq '--print-socket') {
  my $folder = serve_folder();
  my $workspace = text($ARGV[1]);
  print defined $folder && defined $workspace ? joined($folder, socket_name($workspace)) : '', "\n";
  exit 0;
}

# What the bin asks before it loads its client (src/bin/codeward.ts handOff, folder.ts mayHaveWarmEngine) and
# what this client leaves to node.
cold() if -t STDIN || -t STDOUT || ($ENV{CODEWARD_NO_SERVE} // '') eq '1' || ($ENV{CODEWARD_DEBUG_TIMING} // '') eq '1';
# The hash's halves need 64-bit integers.
cold() if ~0 <= 4294967295;
cold() if grep { $_ eq '-C' || $_ eq '--workspace' || $_ eq '--debug-timing' } @ARGV;
my $folder = serve_folder() // cold();
# socket.ts folderProblem: a folder (not a symlink), this user's, 0700.
my @folder = lstat $folder or cold();
cold() unless -d _ && $folder[4] == $< && ($folder[2] & 0o077) == 0;
my $cwd = Cwd::getcwd() // cold();
my $workspace = text(Cwd::abs_path($cwd) // $cwd) // cold();
my $path = joined($folder, socket_name($workspace));
# socket.ts ownSocket: a socket of this user's.
my @socket = lstat $path or cold();
cold() unless -S _ && $socket[4] == $<;
eval { require JSON::PP; 1 } or cold();

# The call as the bin sends it (protocol.ts WarmCall): its environment after ca-bundle.ts restoreDeferredCaBundle.
my %env;
for my $name (keys %ENV) {
  my ($key, $value) = (text($name), text($ENV{$name}));
  cold() unless defined $key && defined $value;
  $env{$key} = $value;
}
my $deferred = delete $env{CODEWARD_NODE_EXTRA_CA_CERTS};
$env{NODE_EXTRA_CA_CERTS} = $deferred if defined $deferred && $deferred ne '' && !($env{NODE_EXTRA_CA_CERTS} // '');
my @argv = map { text($_) // cold() } @ARGV;
my $line = JSON::PP->new->utf8->encode({ argv => \@argv, env => \%env, cwd => text($cwd) // cold(), umask => umask() + 0, framed => JSON::PP::true() }) . "\n";

# client.ts exchange: nothing handed over until connected (then this process answers); a server that goes away
# after that is a failure (the call may have run).
my $address = eval { pack_sockaddr_un($path) } // cold();
socket(my $socket, AF_UNIX, SOCK_STREAM, 0) or cold();
connect($socket, $address) or cold();
$SIG{PIPE} = 'IGNORE';
my $lost = sub {
  print STDERR "error C216: the warm engine (codeward serve) stopped during the call; check the result before running it again\n";
  exit 1;
};
for (my $at = 0; $at < length $line;) {
  my $wrote = syswrite($socket, $line, length($line) - $at, $at);
  $lost->() unless defined $wrote;
  $at += $wrote;
}
my $bytes = '';
while (1) {
  my $read = sysread($socket, $bytes, 1 << 20, length $bytes);
  $lost->() unless defined $read;
  last if $read == 0;
}
close $socket;

# protocol.ts readAnswer: one JSON line, or (framed) the line without stdout and then stdout's bytes as they are.
my $end = index($bytes, "\n");
my $head = eval { JSON::PP->new->utf8->decode($end < 0 ? $bytes : substr($bytes, 0, $end)) };
$lost->() unless ref $head eq 'HASH';
cold() if exists $head->{fallback};
my $framed = JSON::PP::is_bool($head->{framed}) && $head->{framed};
my $stdout = $framed ? ($end < 0 ? '' : substr($bytes, $end + 1)) : $head->{stdout} // '';
utf8::encode($stdout) unless $framed;
my $stderr = $head->{stderr} // '';
utf8::encode($stderr);
binmode STDOUT;
binmode STDERR;
print STDOUT $stdout;
print STDERR $stderr;
close STDOUT;
exit($head->{code} // 1);
