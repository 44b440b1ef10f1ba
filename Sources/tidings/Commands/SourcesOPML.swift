import ArgumentParser
import FeedParsing
import FeedWriting
import Foundation
import TidingsRuntime
import TidingsSections

extension SourcesCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn an OPML subscription list into a brands file on standard output.",
            discussion: """
                Each innermost folder becomes a section merging its feeds; feeds outside folders get a \
                section each. Only http and https feeds are imported (feed://host/path is read as \
                http://host/path, feed:https://… as https://…); every outline left out is listed on \
                standard error with the reason. The output is checked by loading it before it is \
                printed, so it can be served at once: \
                tidings sources import subs.opml > reader.yaml && tidings serve --config reader.yaml
                """)
        @Argument(help: "The OPML file.") var file: String
        @Option(help: "Id of the brand to create.") var brand = "reader"
        @Option(help: "Its name (default: the OPML title).") var name: String?
        @Option(help: "Its language: en or ru.") var locale = "en"

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                // A file problem, not a usage one: one line, no usage text.
                printError("sources import: cannot read \(file)")
                throw ExitCode(1)
            }
            let document: ParsedOPML
            do {
                document = try OPMLParser().parse(Array(data))
            } catch {
                printError("sources import: \(file): \(error)")
                throw ExitCode(1)
            }
            let plan = OPMLImport(document)
            let yaml = Self.brandsFile(
                plan.groups, brand: brand, name: name ?? document.title ?? "Reader", locale: locale)
            // Checked exactly as `tidings serve --config` will read it.
            _ = try SectionsConfiguration.load(yaml: yaml, file: "<import>", baseDirectory: ".")
            print(yaml, terminator: "")
            for line in Self.report(plan, brand: brand) { printError(line) }
        }

        /// What standard error says: each outline read differently or left out, then the counts.
        /// Titles and addresses are quoted with control characters escaped, so a document cannot
        /// send escape sequences to the terminal.
        static func report(_ plan: OPMLImport, brand: String) -> [String] {
            var lines = plan.rewritten.map {
                "opml: read \(quoted($0.title)) \(quoted($0.from)) as \(quoted($0.to.absoluteString))"
            }
            for skip in plan.skipped {
                lines.append(
                    "opml: skipped \(quoted(skip.title))\(skip.url.map { " " + quoted($0) } ?? ""): \(skip.reason)")
            }
            let feeds = plan.feedCount == 1 ? "1 feed" : "\(plan.feedCount) feeds"
            let sections = plan.groups.count == 1 ? "1 section" : "\(plan.groups.count) sections"
            let skipped = plan.skipped.count == 1 ? "1 outline" : "\(plan.skipped.count) outlines"
            lines.append("Imported \(feeds) into \(sections) of brand \(brand); skipped \(skipped).")
            return lines
        }

        static func brandsFile(_ groups: [OPMLImport.Group], brand: String, name: String, locale: String) -> String {
            var used: Set<String> = []
            var lines = [
                "# Imported from OPML by `tidings sources import`.", "brands:", "  - id: \(brand)",
                "    name: \(quoted(name))", "    locale: \(locale)", "    sections:",
            ]
            for (index, group) in groups.enumerated() {
                var id = slug(group.title)
                if id.isEmpty { id = "feeds-\(index + 1)" }
                var unique = id
                var counter = 2
                while !used.insert(unique).inserted {
                    unique = "\(id.prefix(60))-\(counter)"
                    counter += 1
                }
                lines.append("      - id: \(unique)")
                lines.append("        title: \(quoted(group.title.isEmpty ? unique : group.title))")
                lines.append("        source:")
                lines.append("          type: feed")
                lines.append("          urls:")
                for url in group.urls { lines.append("            - \(quoted(url.absoluteString))") }
            }
            if groups.isEmpty { lines.append("      []") }
            return lines.joined(separator: "\n") + "\n"
        }

        /// A lowercase id: letters and digits kept, runs of anything else become one dash.
        static func slug(_ text: String) -> String {
            var out = ""
            for scalar in text.lowercased().unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if !out.isEmpty, out.last != "-" {
                    out += "-"
                }
            }
            while out.hasSuffix("-") { out.removeLast() }
            return String(out.prefix(64))
        }

        /// A YAML double-quoted scalar.
        static func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\x%02x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the configured feed sources as OPML 2.0 on standard output, a folder per section.",
            discussion: """
                With --served-at, the sections' own feeds on that server are written instead \
                (e.g. --served-at http://127.0.0.1:8080 lists /feeds/{brand}/{section}.rss).
                """)
        @OptionGroup var config: ConfigOption
        @Option(help: "Export each section's own RSS feed on this server instead of its sources.")
        var servedAt: String?

        func run() async throws {
            let sections = try resolveSettings(config: config).sections
            var brands: [OPMLOutline] = []
            for brand in sections.brands {
                var children: [OPMLOutline] = []
                for section in brand.sections {
                    let title = section.title.text(brand.locale)
                    if let servedAt {
                        guard case .web = section.source else {
                            let url = URL(string: "\(servedAt)/feeds/\(brand.id)/\(section.id).rss")
                            children.append(
                                OPMLOutline(
                                    text: title, title: title, type: "rss", xmlURL: url, htmlURL: nil, children: []))
                            continue
                        }
                        continue
                    }
                    guard case .feed(let urls) = section.source else { continue }
                    let feeds = urls.map {
                        OPMLOutline(
                            text: $0.host ?? $0.absoluteString, title: nil, type: "rss", xmlURL: $0, htmlURL: nil,
                            children: [])
                    }
                    children.append(
                        OPMLOutline(text: title, title: title, type: nil, xmlURL: nil, htmlURL: nil, children: feeds))
                }
                if !children.isEmpty {
                    brands.append(
                        OPMLOutline(
                            text: brand.name, title: brand.name, type: nil, xmlURL: nil, htmlURL: nil,
                            children: children))
                }
            }
            let document = OPMLDocument(title: "Tidings sources", dateCreated: Date(), outlines: brands)
            FileHandle.standardOutput.write(Data(document.rendered()))
        }
    }
}
