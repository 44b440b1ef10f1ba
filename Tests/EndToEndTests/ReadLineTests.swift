import Foundation
import Testing
import TidingsModel

@testable import tidings

/// One line style per item type, and lines cut to the terminal's width by characters.
@Suite("tidings read: list lines")
struct ReadLineTests {
    let format = ReadFormat(language: .en, timeZone: TimeZone(identifier: "UTC")!)

    func styled(_ item: FeedItem) -> String {
        ReadLine.item(item, format: format).rendered(width: nil, styled: true)
    }

    @Test("a price drop is green, a rise red, and the old price is struck through")
    func prices() {
        let drop = styled(ReadFixtures.drop)
        #expect(drop.hasPrefix("\u{1B}[32m▼ Скидка 5%: Масло подсолнечное, 1 л"), "\(drop.debugDescription)")
        #expect(drop.contains("\u{1B}[9;32m96,20 ₽\u{1B}[0m"))
        #expect(drop.contains("\u{1B}[32m → 91,40 ₽"))
        let rise = styled(ReadFixtures.rise)
        #expect(rise.hasPrefix("\u{1B}[31m▲ Подорожание 5%: "))
        #expect(rise.contains("\u{1B}[9;31m87,10 ₽\u{1B}[0m"))
        #expect(styled(ReadFixtures.newProduct) == "+ Новый продукт: Масло подсолнечное, 1 л  91,40 ₽", "new is plain")
    }

    @Test("on a narrow terminal a price line cuts the product's name, never the prices", arguments: [50, 40, 30])
    func priceCutLast(_ width: Int) {
        let line = ReadLine.item(ReadFixtures.drop, format: format).rendered(width: width, styled: false)
        #expect(line.count <= width, "\(line)")
        #expect(line.hasSuffix("96,20 ₽ → 91,40 ₽"), "\(line)")
        #expect(line.contains("…"))
        // Styled, the same: the old price still struck through, the name cut.
        let styled = ReadLine.item(ReadFixtures.drop, format: format).rendered(width: width, styled: true)
        #expect(styled.contains("\u{1B}[9;32m96,20 ₽\u{1B}[0m"))
        // Too narrow for the prices alone: cut at the end as any line.
        let tiny = ReadLine.item(ReadFixtures.drop, format: format).rendered(width: 12, styled: false)
        #expect(tiny.count == 12 && tiny.hasSuffix("…"))
    }

    @Test("teasers have a bold title and a dim source and time; cards, ads and widgets their own style")
    func kinds() {
        #expect(
            styled(ReadFixtures.teaser)
                == "\u{1B}[1mHarbour ferry returns after storm repairs\u{1B}[0m"
                + "\u{1B}[2m · The Daily Courier — World · Nov 20 at 17:30\u{1B}[0m")
        // The author, when the feed names one, between the source and the time (issue 34).
        guard case .teaser(var credited) = ReadFixtures.teaser else { return }
        credited.author = "Ingrid Holm"
        #expect(
            styled(.teaser(credited))
                == "\u{1B}[1mHarbour ferry returns after storm repairs\u{1B}[0m"
                + "\u{1B}[2m · The Daily Courier — World · Ingrid Holm · Nov 20 at 17:30\u{1B}[0m")
        #expect(styled(ReadFixtures.ad) == "\u{1B}[2mAd · banner\u{1B}[0m")
        #expect(styled(ReadFixtures.card) == "\u{1B}[33m★ Turn on notifications.\u{1B}[0m")
        #expect(styled(ReadFixtures.carousel) == "▸ From Economy (carousel, 2 stories)")
        #expect(styled(ReadFixtures.unknown) == "\u{1B}[2m(unsupported item: poll)\u{1B}[0m")
    }

    @Test("without colour there is not one escape sequence, and the text is the same")
    func noColour() {
        for item in ReadFixtures.all {
            let plain = ReadLine.item(item, format: format).rendered(width: nil, styled: false)
            #expect(!plain.contains("\u{1B}"), "\(plain)")
            #expect(plain == ReadFixtures.unstyled(styled(item)))
        }
        let drop = ReadLine.item(ReadFixtures.drop, format: format).rendered(width: nil, styled: false)
        #expect(drop == "▼ Скидка 5%: Масло подсолнечное, 1 л  96,20 ₽ → 91,40 ₽", "old → new reads without strikes")
    }

    @Test("lines are cut to the width by characters, Cyrillic ones too, with the escapes kept whole")
    func truncation() {
        // A plain line (price lines keep their prices instead: see the test above).
        let line = ReadLine("▲ Подорожание 5%: Масло подсолнечное, 1 л  ", .red) + ReadLine("87,10 ₽", [.red, .strike])
        let plain = line.rendered(width: 20, styled: false)
        #expect(plain == "▲ Подорожание 5%: М…")
        #expect(plain.count == 20)
        let styled = line.rendered(width: 20, styled: true)
        #expect(ReadFixtures.unstyled(styled) == plain)
        #expect(styled.hasSuffix("\u{1B}[0m…"), "the style is closed before the ellipsis")
        #expect(line.rendered(width: 200, styled: false).count == line.plain.count, "short lines stay whole")
        #expect(ReadLine("Вкусно").rendered(width: 6, styled: false) == "Вкусно", "exactly the width is not cut")
    }

    @Test("control characters in the server's text cannot reach the terminal")
    func controlCharacters() {
        let hostile = FeedItem.notification(NotificationCard(id: "x", kind: "k", text: "hi\u{1B}[2J\nthere\u{9B}31m"))
        let text = ReadLine.item(hostile, format: format).rendered(width: nil, styled: false)
        #expect(text == "★ hi [2J there 31m")
    }

    @Test("long text wraps at spaces, and words longer than the width are split")
    func wrapping() {
        let lines = ReadLine.wrapped("Новые материалы появятся здесь очень скоро", width: 12).map(\.plain)
        #expect(lines == ["Новые", "материалы", "появятся", "здесь очень", "скоро"])
        #expect(ReadLine.wrapped("abcdefghij", width: 4).map(\.plain) == ["abcd", "efgh", "ij"])
    }
}
