import Foundation

/// The page: `Page/explorer.html` with `explorer.css` and `explorer.js` put inline, so one document holds it
/// all (no other request, nothing fetched from anywhere). A static export (`app-host run --html`) also carries
/// the run itself as JSON, and plays it with no server.
public enum ExplorerPage {
    public struct MissingResource: Error, CustomStringConvertible {
        public let description: String
    }

    static func resource(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw MissingResource(description: "the explorer page's \(name) is missing from the Explorer module's resources")
        }
        return text
    }

    /// The page; with `staticData` (a `run` message's JSON and the screens), a page that plays that run alone.
    public static func html(staticData: String?) throws -> String {
        var page = try resource("explorer.html")
        page = page.replacingOccurrences(of: "/*EXPLORER_CSS*/", with: try resource("explorer.css"))
        // `</` would end the script element early (inside a trace string, say): written as `<\/`, the same string.
        let data = staticData.map { $0.replacingOccurrences(of: "</", with: "<\\/") } ?? "null"
        page = page.replacingOccurrences(of: "/*EXPLORER_DATA*/null", with: data)
        page = page.replacingOccurrences(of: "/*EXPLORER_JS*/", with: try resource("explorer.js"))
        return page
    }

    /// A static page for a finished run: the greeting (screens) and the run's steps, replayed by the page's own
    /// scrubber.
    public static func staticHTML(hello: ExplorerMessage, run: ExplorerMessage) throws -> String {
        let data = #"{"hello":\#(hello.json),"run":\#(run.json)}"#
        return try html(staticData: data)
    }
}
