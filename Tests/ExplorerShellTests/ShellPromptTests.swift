import Testing
@testable import ExplorerCore
@testable import ExplorerShell

/// The prompt says where you are in at most half the width, so that at least half the line is
/// left to type in.
@Suite("Shell.prompt(path:width:)")
struct ShellPromptTests {
    static let movie = ["moviedb", "movies popular", "Indiana Jones and the Dial of Destiny"]
    static let favourite = ["starships", "favourites", "Millennium Falcon"]

    @Test func aPathThatFitsIsWhole() {
        #expect(Shell.prompt(path: ["starships"], width: 80) == "starships› ")
        #expect(Shell.prompt(path: ["starships", "Millennium Falcon"], width: 80) == "starships › Millennium Falcon› ")
        #expect(Shell.prompt(path: Self.movie, width: 200) == "moviedb › movies popular › Indiana Jones and the Dial of Destiny› ")
    }

    @Test func theTitleGivesWayFirstThenThePlacesBetween() {
        #expect(Shell.prompt(path: Self.movie, width: 130) == "moviedb › movies popular › Indiana Jones and the Dial of Desti…› ")
        #expect(Shell.prompt(path: Self.favourite, width: 80) == "starships › favourites › Millennium F…› ")
        #expect(Shell.prompt(path: Self.movie, width: 80) == "moviedb › … › Indiana Jones and the D…› ")
        #expect(Shell.prompt(path: Self.movie, width: 40) == "moviedb › Indiana…› ")
        #expect(Shell.prompt(path: Self.movie, width: 30) == "moviedb › …› ")
    }

    @Test("at every width at least half the line is left, and the feature is named", arguments: 30...200)
    func halfTheLineIsLeft(width: Int) {
        for path in [Self.movie, Self.favourite, ["characters", "Luke Skywalker"], ["itunes"], ["moviedb", "search", "周杰倫的床邊故事 周杰倫的床邊故事"]] {
            let prompt = Shell.prompt(path: path, width: width)
            #expect(prompt.displayWidth <= width / 2, "“\(prompt)” at \(width)")
            #expect(prompt.hasPrefix(path[0]), "“\(prompt)” at \(width)")
        }
    }
}
