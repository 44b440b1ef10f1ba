import Foundation
import Testing

@testable import FeedParsing

@Suite("Month names")
struct MonthNameTests {
    @Test("the table is written folded, twelve months a language, each form naming one month")
    func table() {
        var seen: [String: Int] = [:]
        for months in MonthName.languages {
            #expect(months.count == 12)
            for (index, forms) in months.enumerated() {
                for form in forms.split(separator: " ") {
                    #expect(MonthName.fold(form) == String(form), "\(form) is not written folded")
                    if let other = seen[String(form)] { #expect(other == index + 1, "\(form) names two months") }
                    seen[String(form)] = index + 1
                }
            }
        }
    }

    @Test(
        "whole words of many languages, any case, accents or none",
        arguments: [
            ("Desember", 12), ("des", 12), ("Décembre", 12), ("DECEMBRE", 12), ("декабря", 12), ("Май", 5),
            ("mayıs", 5), ("Września", 9), ("joulukuuta", 12), ("März", 3), ("marz", 3), ("Sept", 9),
            ("diciembre", 12), ("grudnia", 12), ("грудня", 12), ("mei", 5),
        ])
    func names(_ word: String, _ month: Int) {
        #expect(MonthName.number(word) == month)
    }

    @Test("no prefix, no other word", arguments: ["marathon", "desserts", "may-be", "de", "mo", "", "juneau"])
    func others(_ word: String) {
        #expect(MonthName.number(word) == nil)
    }
}
