import Foundation

/// Reads a SQLite write-ahead log (`explorer.sqlite-wal`) to tell whether it is damaged.
///
/// SQLite itself never says so: it stops reading the log at the first frame whose checksum does
/// not match and carries on without the transactions after it (and ignores a log whose header
/// does not check out), so favourites vanish silently and the next checkpoint makes the loss
/// permanent. The log is judged as SQLite reads it: what comes after the last frame that
/// commits a transaction was never committed, so it is no loss. A frame of the log's current
/// generation (its salts match the header's) whose checksum fails is damage only when a
/// committing frame of the generation comes after it (its checksum continuing from the ones
/// the frames before it hold): then SQLite drops a committed transaction. A log that ends inside
/// a frame, or whose last frames fail their checksums with no commit after them, is what a kill
/// or a power loss while writing leaves (a transaction that never committed): not damage. A
/// header that does not check out on a log holding more than a header is damage. Frames of an
/// older generation after the current ones are what a log reused after a checkpoint normally
/// holds, not damage either.
///
/// A frame's salts are outside its checksum, so damage there passes for an older generation,
/// and SQLite drops that frame and every one after it. It is told apart two ways: the frame's
/// checksum continues the current generation's (only the salts were changed), or a frame of
/// the current generation comes after it — a reused log holds the current generation first,
/// then the older one, never the other way round.
///
/// The format: https://www.sqlite.org/fileformat2.html#walformat
struct WriteAheadLog {
    let bytes: [UInt8]

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// What is wrong with the log, in a few words; nil when nothing is.
    var problem: String? {
        guard !bytes.isEmpty else { return nil }
        guard bytes.count >= 32 else { return "it is shorter than its header" }
        let magic = word(at: 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, word(at: 4) == 3_007_000 else {
            return "its header is not a write-ahead log's"
        }
        let pageSize = Int(word(at: 8) == 1 ? 65536 : word(at: 8))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            return "its header gives no valid page size"
        }
        let bigEndian = magic & 1 == 1
        var sum = checksum(0..<24, bigEndian: bigEndian, from: (0, 0))
        guard sum == (word(at: 24), word(at: 28)) else { return "its header fails its checksum" }
        let salts = (word(at: 16), word(at: 20))

        let frameSize = 24 + pageSize
        var offset = 32
        var frame = 1
        while offset + 24 <= bytes.count {
            let current = (word(at: offset + 8), word(at: offset + 12)) == salts
            // SQLite writes a frame in two writes, its header then its page: a log that ends
            // right after a frame's header is what a kill between the two leaves. That frame's
            // transaction never committed and SQLite ignores it; nothing that was is lost.
            guard offset + frameSize <= bytes.count else { return nil }
            var next = checksum(offset..<offset + 8, bigEndian: bigEndian, from: sum)
            next = checksum(offset + 24..<offset + frameSize, bigEndian: bigEndian, from: next)
            let checksumHolds = word(at: offset) != 0 && next == (word(at: offset + 16), word(at: offset + 20))
            guard current else {
                // An older generation, unless it is a current frame whose salts were changed.
                let laterCurrentFrame = stride(from: offset + frameSize, to: bytes.count - 23, by: frameSize).contains { at in
                    (word(at: at + 8), word(at: at + 12)) == salts
                }
                return checksumHolds || laterCurrentFrame ? "frame \(frame)'s salts are not its header's" : nil
            }
            guard checksumHolds else {
                return commitFollows(offset + frameSize, chain: (word(at: offset + 16), word(at: offset + 20)), salts: salts,
                                     frameSize: frameSize, bigEndian: bigEndian) ? "frame \(frame) fails its checksum" : nil
            }
            sum = next
            offset += frameSize
            frame += 1
        }
        // Less than a frame header left: a frame cut short, never committed.
        return nil
    }

    /// Whether a frame of the current generation from `offset` on commits a transaction (its
    /// header's database size is not 0) and checks out, its checksum continued from `chain`,
    /// the sums the frame before it holds: a committed transaction after a damaged frame. The
    /// damage may run on into the frames after it (their salts, their sums): each is passed
    /// over, its stored sums carried on.
    private func commitFollows(_ offset: Int, chain: (UInt32, UInt32), salts: (UInt32, UInt32), frameSize: Int, bigEndian: Bool) -> Bool {
        var chain = chain
        var at = offset
        while at + frameSize <= bytes.count {
            let stored = (word(at: at + 16), word(at: at + 20))
            if (word(at: at + 8), word(at: at + 12)) == salts, word(at: at + 4) != 0 {
                var next = checksum(at..<at + 8, bigEndian: bigEndian, from: chain)
                next = checksum(at + 24..<at + frameSize, bigEndian: bigEndian, from: next)
                if next == stored { return true }
            }
            chain = stored
            at += frameSize
        }
        return false
    }

    /// The big-endian 32-bit word at `offset`.
    private func word(at offset: Int) -> UInt32 {
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// SQLite's WAL checksum over `range` (a multiple of 8 bytes), continuing from `start`; the
    /// words are big-endian when the magic number says so, little-endian otherwise.
    private func checksum(_ range: Range<Int>, bigEndian: Bool, from start: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = start
        var index = range.lowerBound
        while index < range.upperBound {
            let x0 = bigEndian ? word(at: index) : word(at: index).byteSwapped
            let x1 = bigEndian ? word(at: index + 4) : word(at: index + 4).byteSwapped
            s0 = s0 &+ x0 &+ s1
            s1 = s1 &+ x1 &+ s0
            index += 8
        }
        return (s0, s1)
    }
}
