import Testing
import TidingsTesting

@testable import FeedParsing

/// The JSON reader's rules, one small document each: what `JSONSerialization` accepted is still
/// accepted, and strings come out as XML-safe text.
@Suite("JSON parser", .ownThreads)
struct JSONParserTests {
    func value(_ text: String) throws -> (JSONValue, dropped: Bool) {
        var dropped = false
        let value = try JSONValue(parsing: Array(text.utf8), dropped: &dropped)
        return (value, dropped)
    }

    func text(_ json: String) throws -> (String?, dropped: Bool) {
        let (value, dropped) = try value(json)
        return (value.string, dropped)
    }

    /// The error for `text`, with its line and column.
    func failure(_ text: String) -> String? {
        var dropped = false
        do {
            _ = try JSONValue(parsing: Array(text.utf8), dropped: &dropped)
            return nil
        } catch {
            return error.reason(in: Array(text.utf8))
        }
    }

    @Test("the short escapes and \\u escapes read as their characters")
    func escapes() throws {
        #expect(try text(#""a\"b\\c\/d\ne\tf\rg""#) == ("a\"b\\c/d\ne\tf\rg", false))
        #expect(try text(#""caf\u00e9 \u00E9 \u20ac""#) == ("café é €", false))
        #expect(try text(#""plain ascii""#) == ("plain ascii", false))
        #expect(try text("\"é€😀 raw\"") == ("é€😀 raw", false))
    }

    @Test("a surrogate pair joins; a surrogate without its other half becomes U+FFFD")
    func surrogates() throws {
        #expect(try text(#""\ud83d\ude00""#).0 == "😀")
        #expect(try text(#""\uD83D\uDE00x""#).0 == "😀x")
        #expect(try text(#""a\ud83db""#).0 == "a\u{FFFD}b")
        #expect(try text(#""\ude00""#).0 == "\u{FFFD}")
        #expect(try text(#""\ud83d\u0041""#).0 == "\u{FFFD}A")
        #expect(try text(#""\ud83d\ud83d\ude00""#).0 == "\u{FFFD}😀")
        #expect(try text(#""\ud83d""#).0 == "\u{FFFD}")
    }

    @Test("characters XML forbids are dropped from values, escaped or raw, and reported")
    func forbidden() throws {
        #expect(try text(#""a\u0000b""#) == ("ab", true))
        #expect(try text(#""a\bb\fc\u0001d\u001Fe""#) == ("abcde", true))
        #expect(try text(#""a\uFFFEb\uffffc""#) == ("abc", true))
        #expect(try text("\"a\u{FFFE}b\u{FFFF}c\"") == ("abc", true))
        #expect(try text("\"a\u{1}b\u{0}c\"") == ("abc", true))
        // Allowed neighbours: tab, line feed, carriage return, U+FFFD, U+FF0C (also led by 0xEF).
        #expect(try text(#""a\tb\nc\rd\ufffde""#) == ("a\tb\nc\rd\u{FFFD}e", false))
        #expect(try text("\"，\u{FFFD}\u{F8FF}\"") == ("，\u{FFFD}\u{F8FF}", false))
    }

    @Test("strings longer than a small String read the same, as text, as numbers and as bytes")
    func longStrings() throws {
        let long = String(repeating: "x", count: 40)
        #expect(try text("\"\(long)\"") == (long, false))
        #expect(try text("\"\(long)\\u0000\\n\"") == (long + "\n", true))
        #expect(try value("\"0000000000000001234.5\"").0.number == 1234.5)
        #expect(try value("\"\(long)é\"").0.withText { Array($0) } == Array((long + "é").utf8))
        #expect(try value("\"short\"").0.withText { Array($0) } == Array("short".utf8))
        #expect(try value("12").0.withText { $0.count } == nil)
    }

    @Test("the byte ending a plain run is found at every offset within an eight-byte word")
    func everyOffset() throws {
        for before in 0..<20 {
            let head = String(repeating: "a", count: before)
            for (middle, expected, dropped) in [
                (#"\n"#, "\n", false), (#"\""#, "\"", false), ("\u{FFFF}", "", true), ("\u{1}", "", true),
                ("，", "，", false), ("\t", "\t", false), (#"\u00e9"#, "é", false),
            ] {
                let json = "\"\(head)\(middle)bcdefghij\""
                #expect(try text(json) == (head + expected + "bcdefghij", dropped), "\(json.debugDescription)")
            }
        }
    }

    @Test("raw tabs and line breaks in a string are text, as lenient readers take them")
    func rawControls() throws {
        #expect(try text("\"line one\nline\ttwo\r\"") == ("line one\nline\ttwo\r", false))
    }

    @Test("keys are kept as written, and the last of a repeated key wins")
    func keys() throws {
        let (object, dropped) = try value(#"{"a\u0000":1,"a":2,"b":3,"a":4}"#)
        #expect(!dropped)
        #expect(object["a"]?.number == 4)
        #expect(object["a\u{0}"]?.number == 1)
        #expect(object["b"]?.number == 3)
        #expect(object["c"] == nil)
        #expect(try value(#"{"caf\u00e9":"x"}"#).0["café"]?.string == "x")
    }

    @Test("numbers: exact integers, fractions and exponents, and numbers too large for a Double")
    func numbers() throws {
        #expect(try value("1.5E+3").0.number == 1500)
        #expect(try value("[0.1]").0.array?.first?.number == 0.1)
        #expect(try value("-12").0.string == "-12")
        #expect(try value("-0").0.string == "0")
        #expect(try value("123456789012345").0.string == "123456789012345")
        #expect(try value("12345678901234567890").0.number == 12_345_678_901_234_567_168)
        #expect(try value("2e-3").0.number == 0.002)
        #expect(try value("1e-400").0.number == 0)
        #expect(try value("1e400").0.number == .infinity)
        // An id of 1e400 is no id: the field is lost, not the document.
        #expect(try value("1e400").0.string == nil)
        for bad in ["01", "-01", "1.", ".5", "+1", "1e", "1e+", "-", "0x10", "1.5e", "[1true]"] {
            #expect(failure(bad) != nil, "\(bad)")
        }
    }

    @Test("true, false and null are their own kinds, not numbers")
    func literals() throws {
        let (list, _) = try value("[true, 1, false, 0, null]")
        let items = try #require(list.array)
        #expect(items.map(\.string) == [nil, "1", nil, "0", nil])
        guard case .bool(true) = items[0], case .bool(false) = items[2], case .null = items[4] else {
            Issue.record("literals read as \(items)")
            return
        }
        for bad in ["tru", "nul", "[true1]", "True", "[nan]"] { #expect(failure(bad) != nil, "\(bad)") }
    }

    @Test("only space, tab, line feed and carriage return separate tokens")
    func whitespace() throws {
        #expect(try value(" \t\n\r{ \"a\" :\n1 , \"b\":[ ] } \r\n").0["a"]?.number == 1)
        #expect(failure("\u{0C}{}") != nil)
        #expect(failure("{\"a\"\u{0B}:1}") != nil)
        #expect(failure("{}\u{0}") != nil)
        #expect(failure("{}\u{A0}") != nil)
    }

    @Test("one trailing comma is allowed, as JSONSerialization allowed it; an empty member is not")
    func commas() throws {
        #expect(try value("[1,]").0.array?.count == 1)
        #expect(try value(#"{"a":1 , }"#).0["a"]?.number == 1)
        for bad in ["[,]", "{,}", "[1,,2]", "[,1]", #"{"a":1,,}"#, "[1 2]", #"{"a":1 "b":2}"#, #"{"a" 1}"#, "{1:2}"] {
            #expect(failure(bad) != nil, "\(bad)")
        }
    }

    @Test("a byte-order mark before the document is skipped")
    func byteOrderMark() throws {
        #expect(try value("\u{FEFF}{\"a\":1}").0["a"]?.number == 1)
    }

    @Test("512 levels of nesting are read; the 513th is refused without recursing further")
    func depth() throws {
        #expect(try value(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).0.array != nil)
        let object = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        #expect(try value(object).0["a"] != nil)
        let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(failure(deeper) == "more than 512 nested arrays and objects at line 1, column 513")
        #expect(failure(String(repeating: "[", count: 1_000_000))?.hasPrefix("more than 512") == true)
        #expect(failure(String(repeating: #"{"a":"#, count: 1_000_000))?.hasPrefix("more than 512") == true)
    }

    @Test("an error says what was expected, and where, on one line")
    func reasons() {
        #expect(failure("{\n  \"a\" 1}") == "expected ':' after the key \"a\", found '1' at line 2, column 7")
        #expect(failure("{} x") == "unexpected 'x' after the JSON value at line 1, column 4")
        #expect(failure(#"{"version": "#) == "the document ends where a value was expected at line 1, column 13")
        #expect(failure(#"["abc"#) == "the document ends inside a string at line 1, column 6")
        #expect(failure(#"["a\x"]"#) == #"unknown escape '\x' in a string at line 1, column 5"#)
        #expect(failure(#"["\u12"]"#) == #"expected a hexadecimal digit in a \u escape, found '"' at line 1, column 7"#)
        #expect(failure(#"["\uZZZZ"]"#)?.hasPrefix("expected a hexadecimal digit") == true)
        #expect(failure("[1,2") == "the document ends inside an array at line 1, column 5")
        #expect(failure("é} ") == "expected a value, found byte 0xc3 at line 1, column 1")
    }
}
