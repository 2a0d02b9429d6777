import ExplorerCore
import ExplorerText
import Foundation

extension ScreenPrinter {
    /// Lets commands such as `watch` show screens as they go: drawn in place at a terminal
    /// (with `keyWait` to stop on a key), one after the other otherwise.
    public func connect(_ display: LiveDisplay, interactive: Bool, keyWait: ((TimeInterval) -> Bool)?) {
        display.connect(
            redrawsInPlace: interactive,
            show: { [unowned self] screen, replacing in
                if interactive && format == .text && !writesToFile {
                    if !replacing { endInPlace() }
                    printInPlace(screen)
                } else {
                    endInPlace()
                    try await print(screen)
                }
            },
            keyWait: keyWait)
    }
}
