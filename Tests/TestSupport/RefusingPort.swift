import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP port that refuses connections for as long as this object lives: a socket is
/// bound to it and never listens. A connect gets a reset ("connection refused"), and no other
/// test's server can be given the port meanwhile — the kernel hands out for `bind(0)` only
/// ports nothing is bound to (the fake servers all bind port 0). The socket is closed on exec,
/// so no child process keeps the port after this object goes. (Closing the socket at once, as a free-port helper does, let a
/// fake server started by another test take the port while this test's explorer waited its
/// turn, and that server answered instead of a refusal.)
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    /// A port the kernel picks.
    public convenience init() throws {
        try self.init(binding: 0, reusingAddress: false)
    }

    /// `port` itself, as a server that just stopped leaves it (`SO_REUSEADDR`, so the
    /// server's connections still in TIME_WAIT do not stand in the way).
    public convenience init(holding port: Int) throws {
        try self.init(binding: port, reusingAddress: true)
    }

    private init(binding port: Int, reusingAddress: Bool) throws {
        #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw SetupError("socket: \(String(cString: strerror(errno)))") }
        if reusingAddress {
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw SetupError("cannot hold 127.0.0.1:\(port): \(reason)")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
