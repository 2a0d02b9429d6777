// What a feature builds with, re-exported on purpose: importing ExplorerCore brings the screens
// and renderers (ExplorerText) and the clocks (ExplorerClock) that its types speak in, so a
// feature states one dependency for the layers beneath it.
@_exported import ExplorerClock
@_exported import ExplorerText
