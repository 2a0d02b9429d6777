import ExplorerCore
import ExplorerHTTP
import ExplorerText

extension ExplorerOptions {
    /// Reads a well-formed command line without ArgumentParser, whose reflection over
    /// ``ExplorerCommand`` costs milliseconds at every start. Only what it reads exactly as
    /// ArgumentParser would is taken: each option at most once (`-c` and `--fail` any number of
    /// times), as `--name value` or `--name=value` (`-c value` for the short one), a value that
    /// does not begin with `-` and is not empty, and file names that do not begin with `-` (or
    /// are `-`, stdin).
    /// Anything else (`--help`, `--version`, completion scripts, `--`, unknown or repeated
    /// options, a value it cannot read, options that fail ``validate()``) gives nil, and
    /// ArgumentParser then reads the command line itself: its help, messages and exit statuses
    /// are the only ones there are.
    init?(fastParsing arguments: some Collection<String>) {
        self.init()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                guard !argument.isEmpty else { return nil }
                files.append(argument)
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            let repeatable = name == "-c" || name == "--fail"
            guard seen.insert(name).inserted || repeatable else { return nil }
            if name == "--no-pager" || name == "--bail" {
                guard attached == nil else { return nil }
                if name == "--bail" { bail = true } else { noPager = true }
                continue
            }
            guard let value = attached ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "-c": commands.append(value)
            case "--fail": fail.append(value)
            case "--source": guard let value = DataSource(rawValue: value) else { return nil }; source = value
            case "--config": config = value
            case "--data-dir": dataDirectory = value
            case "--width": guard let value = Int(value) else { return nil }; width = value
            case "--rows": guard let value = Int(value) else { return nil }; rows = value
            case "--color": guard let value = ColorChoice(rawValue: value) else { return nil }; color = value
            case "--format": guard let value = OutputFormat(rawValue: value) else { return nil }; format = value
            case "--timeout": guard let value = Double(value) else { return nil }; timeout = value
            case "--clock": clock = value
            case "--images": guard let value = InlineImages.Choice(rawValue: value) else { return nil }; images = value
            case "--latency": latency = value
            case "--record": record = value
            case "--replay": replay = value
            default: return nil
            }
        }
        guard (try? validate()) != nil else { return nil }
    }
}
