// What a feature builds with, re-exported on purpose: importing ExplorerCore brings the screens
// and renderers (ExplorerText), the clocks (ExplorerClock), the store (ExplorerStore: its
// favourites, caches and offline index, never GRDB), the tracer (ExplorerTrace) and the client
// stack (ExplorerHTTP) that its types speak in, so a feature states
// one dependency for the layers beneath it.
@_exported import ExplorerClock
@_exported import ExplorerText
@_exported import ExplorerStore
@_exported import ExplorerTrace
@_exported import ExplorerHTTP
