import Foundation

/// A configuration mistake, with where it was made.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = "config: " + message }
    public var description: String { message }
}
