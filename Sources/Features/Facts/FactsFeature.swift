import ExplorerCore
import ExplorerImages
import ExplorerText
import Foundation
import Reactive

/// Facts: a document of facts (About Canada), a screen's worth at a time, each with its image
/// loaded concurrently, prefetched and cached; the network being unavailable told apart from
/// every other failure.
@MainActor
public final class FactsFeature: ScreenFeature, FavouritesListing {
    public nonisolated static let descriptor = FeatureDescriptor(
        id: FactsViewModel.featureID,
        title: "Facts",
        summary: "a list of facts whose images load concurrently, prefetched and cached",
        embedded: FactsEmbeddedData.responder,
        cachesResponses: true,
        endpoints: ["{path…}", "{imageHref}"],
        screens: ["list", "detail", "favourite", "favourites", "view"],
        settings: settings,
        tour: ["open 1", "back"],
        make: { context in FactsFeature(context: context) }
    )

    public let viewModel: FactsViewModel
    public let view: FactsView
    private let environment: [String: String]
    /// The terminal's status line: says a viewer is running and that Ctrl-C stops it.
    private let announce: @MainActor (String) -> Void

    public init(context: FeatureContext) {
        environment = context.environment
        announce = context.progress
        let settings = context.settings
        let perHost = Self.maxConcurrentImagesPerHostSetting.int(in: settings, default: 6)
        // Each image is given its own timeout; all of them together, never longer than a
        // request may take (`--timeout`), so a host that hangs cannot hold the command longer.
        let timeout = min(Self.imageTimeoutSetting.double(in: settings, default: 5), context.timeout)
        let loader = ImageLoader(cache: context.images, http: context.http, maxPerHost: perHost,
                                 timeout: .milliseconds(Int(timeout * 1000)), loadTimeout: .milliseconds(Int(context.timeout * 1000)))
        let configuredPageSize = Self.pageSizeSetting.int(in: settings)
        let terminal = context.terminal
        viewModel = FactsViewModel(
            service: .http(context.http, path: Self.pathSetting.string(in: settings, default: FactsService.defaultPath)),
            loader: loader, favourites: context.favourites, selection: context.selection, clock: context.clock,
            pageFits: { state in
                // A screen's worth: as many facts as the window shows with the prompt below them,
                // laid out at its width (a fact takes a line or several); 20 facts when there is
                // no window to measure (piped, or --width), so scripts page the same everywhere;
                // `pageSize` fixes the number.
                guard let height = configuredPageSize == nil ? terminal.currentHeight : nil else {
                    return state.rows.count <= (configuredPageSize ?? 20)
                }
                let text = TextRenderer(width: terminal.currentWidth).render(FactsView.list(state))
                return text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } < height
            },
            pageMeasure: {
                guard let height = configuredPageSize == nil ? terminal.currentHeight : nil else { return [configuredPageSize ?? 20] }
                return [terminal.currentWidth, height]
            },
            tracer: context.tracer)
        view = FactsView(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
    }

    public var location: [String] {
        viewModel.location { $0.shownTitle }
    }

    public var model: FactsViewModel { viewModel }

    public func back() async throws -> Bool {
        viewModel.stopBackgroundWork()
        return viewModel.back()
    }

    public func didLeave() {
        viewModel.stopBackgroundWork()
        view.disappear()
    }

    public func didInterrupt() {
        viewModel.stopBackgroundWork()
    }

    public var commands: [Command] {
        let viewModel = self.viewModel
        let environment = self.environment
        let announce = self.announce
        return [
            .page(viewModel, summary: "show the next, previous or Nth screen of facts, or all of them, with their images",
                  details: """
                      The facts came in one document and are shown a screen's worth at a time: `page next` (or `n`), \
                      `page prev` (or `p`) and `page 3` show one screen, `page all` every fact as one list with all \
                      their images (no more is asked of the document, so `page all MAX` lists them all too).
                      """),
            .open(viewModel, summary: "show fact N whole, with its image (drawn inline where the terminal can)"),
            .favourite(viewModel),
            Command("view", summary: "on a detail: open the image with $EXPLORER_VIEWER or xdg-open (or print where it is)",
                    arguments: .none,
                    run: { _ in
                        let (fact, file, isStandIn) = try viewModel.openedImage()
                        if let name = environment["EXPLORER_VIEWER"], !name.isEmpty {
                            let viewer: ExternalProgram
                            do {
                                viewer = try ExternalProgram.resolve(name, environment: environment)
                            } catch {
                                throw CommandError("EXPLORER_VIEWER=\(name.sanitizedForTerminal): \(error)")
                            }
                            announce("viewing the image of “\(fact.shownTitle.sanitizedForTerminal)” with \(viewer.name) (Ctrl-C stops)")
                            let status = try await viewer.run([file.path])
                            return .reply(FactsView.viewed(OpenOutcome(target: file.path, opener: viewer.name, status: status),
                                                           fact: fact, isStandIn: isStandIn))
                        }
                        return .reply(FactsView.viewed(try await DesktopOpener(environment: environment).open(file: file), fact: fact,
                                                       isStandIn: isStandIn))
                    }).intent(FactsViewModel.self, "openedImage()").endingAtInterrupt(),
            .refresh(viewModel, summary: "load the facts again (never from the cache) and revalidate the images"),
        ]
    }
}
