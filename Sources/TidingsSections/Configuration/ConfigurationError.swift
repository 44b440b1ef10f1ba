import Foundation

/// A configuration mistake, with where it was made.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    /// The key path of the value at fault (`brands[0].sections[2].source.url`), when one is.
    public var path: String?
    /// What is wrong with it, without the place (`must be an http or https URL`).
    public var problem: String?

    public init(_ message: String) { self.message = "config: " + message }

    /// A mistake in the value at `path`, said at `place`.
    init(place: String, path: String, problem: String) {
        self.init("\(place): " + (path.isEmpty ? problem : "\(path) \(problem)"))
        self.path = path.isEmpty ? nil : path
        self.problem = problem
    }

    public var description: String { message }

    /// Two mistakes are the same when they say the same.
    public static func == (lhs: ConfigurationError, rhs: ConfigurationError) -> Bool { lhs.message == rhs.message }
}
