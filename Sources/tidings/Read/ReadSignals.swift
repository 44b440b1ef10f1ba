import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM and SIGWINCH turned into calls of a handler while the reader runs, so it can
/// put the terminal back before it exits, and redraw when the window changes size.
final class ReadSignals {
    private let numbers: [Int32]
    private var sources: [any DispatchSourceSignal] = []

    /// Catches `numbers` until ``cancel()``.
    init(_ numbers: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives the signals their default actions back.
    func cancel() {
        for source in sources { source.cancel() }
        sources = []
        for number in numbers { signal(number, SIG_DFL) }
    }
}
