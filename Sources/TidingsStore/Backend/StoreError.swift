import Foundation
import TidingsCatalog
import TidingsModel

/// Storage failures that are not the caller's fault.
public struct StoreError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = "store: " + message }
    public var description: String { message }
}
