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
}
