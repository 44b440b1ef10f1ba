import Foundation
import TidingsModel

/// How a section is shown.
public enum RenderMode: Sendable, Hashable {
    /// Items for native cells.
    case native
    /// Always this web page.
    case web(URL)
    /// Native unless the source's last response asked for its web page (`renderAsWeb`).
    case auto

    /// The mode's name in the configuration and the API: `native`, `web` or `auto`.
    public var name: String {
        switch self {
        case .native: "native"
        case .web: "web"
        case .auto: "auto"
        }
    }
}
