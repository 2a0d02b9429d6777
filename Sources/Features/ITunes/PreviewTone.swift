import Foundation

/// What the embedded source hands out for a preview: two seconds of a soft 440 Hz tone as a
/// WAV file, made on demand, so `play` works offline end to end without shipping audio.
enum PreviewTone {
    static let wav: Data = {
        let sampleRate = 8000, seconds = 2
        let count = sampleRate * seconds
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(count * 2))
        for index in 0..<count {
            let fade = min(1, Double(min(index, count - index)) / 400)
            append(Int16(sin(Double(index) * 2 * .pi * 440 / Double(sampleRate)) * 6000 * fade))
        }
        return data
    }()
}
