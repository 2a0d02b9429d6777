/// One part of a ``Screen``, in reading order. Text shows every block; JSON takes what the data
/// blocks hold (tables, fields, segments, command lists, notes, nested screens) and leaves the
/// words that only a reader needs (headings, hints) to the screen's facts.
public indirect enum ScreenBlock: Sendable, Equatable {
    /// An emphasised line, such as a list's heading or a detail's title, with a dim aside
    /// after it (`  (row 12)`).
    case heading(String, aside: String? = nil)
    /// A line of text as it is.
    case line(String)
    /// Lines of source (a diagram to paste elsewhere): never wrapped, whatever the width.
    case code(String)
    /// A dim line saying how to go on (`` `page next` loads more ``).
    case hint(String)
    /// Text wrapped at spaces to the width, each line indented by `indent` spaces and each
    /// after the first by `hanging` more (a long usage wraps under its command, not its label).
    case paragraph(String, indent: Int = 0, hanging: Int = 0)
    /// `note: …` in text; listed under `notes` in JSON.
    case note(String)
    /// An empty line between parts.
    case blankLine
    case segments(SegmentBar)
    case table(ScreenTable)
    /// A detail's labelled values; in JSON each is a member of the screen's object.
    case fields([ScreenField])
    /// Commands with their usage and summary, as `help` lists them; in JSON under `key`.
    case commands(CommandSummaryList)
    /// Another screen shown after this one (the list reloaded by `source live`); in JSON the
    /// nested object under `key`.
    case screen(key: String, Screen)
    /// Two layouts of the same content, as an app's size classes: text shows `compact` when the
    /// width is under `regularWidth` columns, else `regular`. JSON and CSV read `regular` (its
    /// table), so they do not depend on the width.
    case sizeClasses(compact: [ScreenBlock], regular: [ScreenBlock], regularWidth: Int)
    /// An image file, drawn inline on a terminal that can show images (kitty's graphics
    /// protocol, iTerm2's inline images) and left out everywhere else; in JSON its path
    /// under `image_file`.
    case image(file: String, format: ImageFormat)
}
