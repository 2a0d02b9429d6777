/// Where a publisher's values come from, named stage by stage — `RacesInteractor.snapshot →
/// removeDuplicates → map` — for `trace` and `subscriptions`, and the tracer that a labelled
/// subscription to it is reported to.
///
/// A labelled source (an ``Observable`` or ``PassthroughStream`` given a `traceLabel`) starts
/// a chain; each operator adds its name as it is made. That happens once, while a pipeline is
/// built: values flowing through it build no names and no strings.
public struct PublisherChain: Sendable {
    /// The stages, the source first.
    public var stages: [String]
    /// Where subscriptions made with a label are reported: the labelled source's tracer.
    public var tracer: (any EmissionTracer)?

    public init(stages: [String] = [], tracer: (any EmissionTracer)? = nil) {
        self.stages = stages
        self.tracer = tracer
    }

    /// This chain with one more stage (an operator's name), reported to the same tracer.
    public func then(_ stage: String) -> PublisherChain {
        PublisherChain(stages: stages + [stage], tracer: tracer)
    }

    /// Stages as a line: `RacesInteractor.snapshot → removeDuplicates → map`.
    public static func text(_ stages: [String]) -> String {
        stages.joined(separator: " → ")
    }
}
