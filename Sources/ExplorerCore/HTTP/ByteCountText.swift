/// Sizes as people read them: `512 bytes`, `34 KB`, `32 MB`.
public enum ByteCountText {
    public static func describe(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: return "\(bytes) bytes"
        case ..<(1 << 20): return "\(bytes >> 10) KB"
        case ..<(1 << 30): return "\(bytes >> 20) MB"
        default: return "\(bytes >> 30) GB"
        }
    }
}
