import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `posix_spawn` attributes for a child that starts as one started from a
/// shell would: no signal blocked and every signal at its default action. The
/// test runner's threads block some, and a tmux server that inherited that mask
/// outlived `kill-server` (dozens were left per run).
///
/// ```swift
/// let attributes = SpawnAttributes(flags: 0x80)   // and POSIX_SPAWN_SETSID
/// posix_spawn(&pid, path, &actions, &attributes.raw, argv, envp)
/// ```
public final class SpawnAttributes {
  /// The attributes, for `posix_spawn`.
  public var raw = posix_spawnattr_t()

  /// Attributes with `flags` besides the signal mask and defaults.
  public init(flags: Int32 = 0) {
    posix_spawnattr_init(&raw)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&raw, &none)
    var every = sigset_t()
    sigfillset(&every)
    sigdelset(&every, SIGKILL)
    sigdelset(&every, SIGSTOP)
    posix_spawnattr_setsigdefault(&raw, &every)
    posix_spawnattr_setflags(&raw, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
  }

  deinit {
    posix_spawnattr_destroy(&raw)
  }
}
