import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// Which house ad fills each ad slot of one page: a slot's own pick (by its id, so the same slot
/// shows the same ad on every view) unless the page already shows that ad, then the next of its
/// format the page has not shown. A house ad appears at most once on a page: a slot left with
/// none it has not shown collapses, as an ad server collapses a slot it cannot fill (three
/// slots and one house ad showed the one ad three times). A slot no house ad fits at all stays an
/// empty box, the place an app's ad SDK fills.
struct HouseAdPicker {
    enum Pick {
        case ad(HouseAd)
        case none
        case collapse
    }

    let ads: [HouseAd]
    private var shown: Set<Int> = []

    init(_ ads: [HouseAd]) { self.ads = ads }

    mutating func pick(for slot: AdSlot) -> Pick {
        let fitting = ads.indices.filter { ads[$0].format == nil || ads[$0].format == slot.format }
        guard !fitting.isEmpty else { return .none }
        let first = Int(UInt32(StableHash.hex(slot.id).prefix(8), radix: 16) ?? 0) % fitting.count
        for step in 0..<fitting.count {
            let index = fitting[(first + step) % fitting.count]
            if shown.insert(index).inserted { return .ad(ads[index]) }
        }
        return .collapse
    }
}
