import TidingsModel

/// Interleaves a section's content with injected slots at absolute positions, one page at a time.
///
/// Positions count everything the reader has been shown since the top of the feed, content and
/// slots alike; a page starts at the position the previous one ended (the cursor carries it), so
/// slots land at the same places whatever the page size, and content is never repeated or skipped.
/// Pure: no I/O, the same input gives the same page.
public struct FeedComposer: Sendable {
    /// Asked in order at every position; the first with an item wins.
    public var providers: [any SlotProvider]

    /// A composer with providers in priority order.
    public init(providers: [any SlotProvider]) {
        self.providers = providers
    }

    /// One composed page.
    public struct Page: Sendable, Equatable {
        /// Content and slots in display order.
        public var items: [FeedItem]
        /// The absolute position the next page starts at.
        public var nextPosition: Int
    }

    /// Composes `content` (this page's content items, in order) starting at absolute `position`.
    /// Slots due after the last content item are left for the next page, which starts there; a
    /// feed with no more content (`ending`) ends without them, but for pinned stories whose
    /// places it did not reach: they follow its last item, in order.
    public func compose(
        content: [FeedItem], startingAt position: Int, context: CompositionContext = .init(), ending: Bool = false
    ) -> Page {
        let (items, next) = compose(content, startingAt: position, context: context, ending: ending) { $0 }
        return Page(items: items, nextPosition: next)
    }

    /// The same placement over content in any form — a server keeps content as encoded JSON and
    /// only encodes the few injected items (`wrap` turns one into the content's form).
    public func compose<Element>(
        _ content: [Element], startingAt position: Int, context: CompositionContext = .init(), ending: Bool = false,
        wrap: (FeedItem) -> Element
    ) -> (items: [Element], nextPosition: Int) {
        var items: [Element] = []
        items.reserveCapacity(content.count + 4)
        var position = position
        var next = content.startIndex
        while next < content.endIndex {
            if let slot = slot(at: position, context: context) {
                items.append(wrap(slot))
            } else {
                items.append(content[next])
                next += 1
            }
            position += 1
        }
        if ending {
            for pins in providers.compactMap({ $0 as? PinProvider }) {
                for item in pins.remaining(from: position, context: context) {
                    items.append(wrap(item))
                    position += 1
                }
            }
        }
        return (items, position)
    }

    /// The injected item at `position`, if any provider has one.
    public func slot(at position: Int, context: CompositionContext) -> FeedItem? {
        for provider in providers {
            if let item = provider.item(at: position, context: context) { return item }
        }
        return nil
    }
}
