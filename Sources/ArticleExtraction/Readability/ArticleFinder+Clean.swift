import FeedParsing
import Foundation

/// Cleaning the article for reading (Readability's `_prepArticle`).
extension ArticleFinder {
    mutating func clean(_ article: HTMLTree.Node) {
        markDataTables(in: article)
        fixLazyImages(in: article)
        cleanConditionally(article, .form)
        cleanConditionally(article, .fieldset)
        // Embedded objects (but videos), footers, asides and stylesheets are not the article.
        removeAll(.object, in: article, keepingVideos: true)
        removeAll(.embed, in: article, keepingVideos: true)
        removeAll(.footer, in: article)
        removeAll(.link, in: article)
        removeAll(.aside, in: article)
        // Share bars: short elements named "share" inside the article's parts.
        var part = tree.firstElementChild(article)
        while let current = part {
            removeShareBars(in: current)
            part = tree.nextElementSibling(current)
        }
        removeAll(.iframe, in: article, keepingVideos: true)
        for kind in [ElementKind.input, .textarea, .select, .button] { removeAll(kind, in: article) }
        // Headings named like boilerplate.
        for heading in tree.descendants(of: article, where: { $0 == .h1 || $0 == .h2 }).reversed()
        where classWeight(heading) < 0 {
            tree.detach(heading)
        }
        cleanConditionally(article, .table)
        cleanConditionally(article, .ul)
        cleanConditionally(article, .div)
        // The title is shown apart: headings in the article start at h2.
        for heading in tree.descendants(of: article, where: { $0 == .h1 }) { tree.setKind(heading, .h2) }
        // Paragraphs with neither text nor media.
        for paragraph in tree.descendants(of: article, where: { $0 == .p }).reversed() {
            let stats = tree.stats[Int(paragraph)]
            if stats.images == 0, stats.embeds == 0, stats.solid == 0 { tree.detach(paragraph) }
        }
        // A line break before a paragraph.
        for br in tree.descendants(of: article, where: { $0 == .br }) {
            if let next = nextNonBlank(tree.next[Int(br)]), tree.kind[Int(next)] == .p { tree.detach(br) }
        }
        unwrapSingleCellTables(in: article)
    }

    /// Removes every element of `kind` in `node`; with `keepingVideos`, not those that embed a
    /// video from a known player.
    mutating func removeAll(_ kind: ElementKind, in node: HTMLTree.Node, keepingVideos: Bool = false) {
        for element in tree.descendants(of: node, where: { $0 == kind }).reversed() {
            if keepingVideos, embedsVideo(element) { continue }
            tree.detach(element)
        }
    }

    /// Whether any attribute (or, for an `object`, its content) points at a known video player.
    func embedsVideo(_ node: HTMLTree.Node) -> Bool {
        for index in tree.attributeRange[Int(node)] where Self.isVideoURL(tree.bytes[tree.attributes[Int(index)].value])
        {
            return true
        }
        if tree.kind[Int(node)] == .object {
            for inner in tree.descendants(of: node, where: { _ in true }) where embedsVideo(inner) { return true }
        }
        return false
    }

    static let videoHosts: [[UInt8]] = [
        "dailymotion.com", "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com", "archive.org",
        "upload.wikimedia.org", "player.twitch.tv",
    ].flatMap { ["//" + $0, "//www." + $0] }.map { Array($0.utf8) }

    static func isVideoURL(_ value: ArraySlice<UInt8>) -> Bool {
        value.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + 1 < buffer.count {
                if buffer[index] == UInt8(ascii: "/"), buffer[index + 1] == UInt8(ascii: "/") {
                    for host in videoHosts where ClassPatterns.matches(buffer, at: index, end: buffer.count, host) {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }

    mutating func removeShareBars(in part: HTMLTree.Node) {
        var current = tree.nextElement(after: part, within: part)
        while let node = current {
            if tree.flags[Int(node)].contains(.share),
                length(node, exactBelow: Self.minimumCharacters) < Self.minimumCharacters
            {
                let following = tree.nextElement(after: node, skippingChildren: true, within: part)
                tree.detach(node)
                current = following
            } else {
                current = tree.nextElement(after: node, within: part)
            }
        }
    }

    // MARK: - Data tables

    /// Tables of data (caption, summary, header cells, or many rows and columns) are kept whole;
    /// tables that lay out the page are cleaned like any container.
    mutating func markDataTables(in article: HTMLTree.Node) {
        for table in tree.descendants(of: article, where: { $0 == .table }) where isDataTable(table) {
            tree.markDataTable(table)
        }
    }

    func isDataTable(_ table: HTMLTree.Node) -> Bool {
        if tree.attribute(table, "role") == "presentation" { return false }
        if tree.attribute(table, "datatable") == "0" { return false }
        if let summary = tree.attribute(table, "summary"), !summary.isEmpty { return true }
        let inside = tree.descendants(of: table, where: { _ in true })
        if let caption = inside.first(where: { tree.kind[Int($0)] == .caption }),
            tree.firstChild[Int(caption)] != HTMLTree.none
        {
            return true
        }
        let dataKinds = KindSet([.col, .colgroup, .tfoot, .thead, .th])
        if inside.contains(where: { dataKinds.contains(tree.kind[Int($0)]) }) { return true }
        if inside.contains(where: { tree.kind[Int($0)] == .table }) { return false }
        var rows = 0
        var columns = 0
        for row in inside where tree.kind[Int(row)] == .tr {
            rows += span(row, "rowspan")
            var cells = 0
            for cell in tree.descendants(of: row, where: { $0 == .td }) { cells += span(cell, "colspan") }
            columns = max(columns, cells)
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }

    private func span(_ node: HTMLTree.Node, _ name: String) -> Int {
        guard let value = tree.attribute(node, name), let span = Int(Self.trimmed(value)), span > 0 else { return 1 }
        return min(span, 1000)
    }

    // MARK: - Lazy images

    /// Images that load by script take their source from the attribute holding an image URL; a
    /// tiny data-URL placeholder gives way to it.
    mutating func fixLazyImages(in article: HTMLTree.Node) {
        for element in tree.descendants(of: article, where: { $0 == .img || $0 == .picture || $0 == .figure }) {
            let kind = tree.kind[Int(element)]
            if kind == .img, let src = tree.rawAttribute(element, "src"), let payload = Self.base64Payload(src),
                !payload.isSVG
            {
                let others = tree.attributeRange[Int(element)].contains { index in
                    let attribute = tree.attributes[Int(index)]
                    return !tree.isNamed(attribute, "src") && Self.namesImageFile(tree.bytes[attribute.value])
                }
                if others, payload.length < 133 { tree.removeAttribute(element, "src") }
            }
            if kind == .img {
                let src = tree.rawAttribute(element, "src").map { !$0.isEmpty } ?? false
                let srcset = tree.rawAttribute(element, "srcset").map { !$0.isEmpty && !$0.elementsEqual("null".utf8) }
                if src || srcset == true, !tree.className(element).lowercased().contains("lazy") { continue }
            }
            for index in tree.attributeRange[Int(element)] {
                let attribute = tree.attributes[Int(index)]
                if ["src", "srcset", "alt"].contains(where: { tree.isNamed(attribute, $0) }) { continue }
                let value = Array(tree.bytes[attribute.value])
                let target: String
                if Self.isSrcset(value) {
                    target = "srcset"
                } else if Self.isImageURL(value) {
                    target = "src"
                } else {
                    continue
                }
                if kind == .img || kind == .picture {
                    tree.setAttribute(element, name: target, value: value)
                } else if tree.descendants(of: element, where: { $0 == .img || $0 == .picture }).isEmpty {
                    let image = tree.makeElement(.img)
                    tree.setAttribute(image, name: target, value: value)
                    tree.insert(image, into: element)
                }
            }
        }
    }

    /// `data:…;base64,…`: its type is SVG, and how long its payload is.
    static func base64Payload(_ value: ArraySlice<UInt8>) -> (isSVG: Bool, length: Int)? {
        let text = String(decoding: value, as: UTF8.self)
        let lower = text.lowercased()
        guard lower.hasPrefix("data:"), let semicolon = lower.firstIndex(of: ";") else { return nil }
        let type = lower[lower.index(lower.startIndex, offsetBy: 5)..<semicolon].trimmingCharacters(in: .whitespaces)
        guard let marker = lower.range(of: "base64") else { return nil }
        let rest = lower[marker.upperBound...].drop { $0 == " " }
        guard rest.first == "," else { return nil }
        // Readability measures from 7 characters after "base64" (the comma and what follows).
        let start = lower.distance(from: lower.startIndex, to: marker.lowerBound) + 7
        return (type == "image/svg+xml", text.count - start)
    }

    /// A `srcset`-like value: an image file followed by a width or density.
    static func isSrcset(_ value: [UInt8]) -> Bool {
        for ext in ["jpg", "jpeg", "png", "webp"] {
            let pattern = Array("." + ext).map { $0.asciiValue! }
            var index = 0
            while index + pattern.count < value.count {
                if value[index..<(index + pattern.count)].map(ClassPatterns.lower).elementsEqual(pattern) {
                    var cursor = index + pattern.count
                    var spaces = 0
                    while cursor < value.count, value[cursor] == 0x20 || value[cursor] == 0x09 || value[cursor] == 0x0A
                    {
                        cursor += 1
                        spaces += 1
                    }
                    if spaces > 0, cursor < value.count, value[cursor] >= 0x30, value[cursor] <= 0x39 { return true }
                }
                index += 1
            }
        }
        return false
    }

    /// One URL-like word (no spaces) naming an image file.
    static func isImageURL(_ value: [UInt8]) -> Bool {
        let words = value.split(whereSeparator: { $0 <= 32 })
        guard words.count == 1, let word = words.first else { return false }
        return namesImageFile(word)
    }

    // MARK: - Conditional cleaning

    /// Removes containers of `kind` that look like boilerplate: negative names; or, with few commas,
    /// more images than paragraphs, list items outside lists, forms, short linky blocks, link
    /// lists, lone embeds, no text at all. Data tables, code and figures are spared.
    mutating func cleanConditionally(_ article: HTMLTree.Node, _ kind: ElementKind) {
        guard passes.contains(.cleanConditionally) else { return }
        for node in tree.descendants(of: article, where: { $0 == kind }).reversed() where shouldRemove(node, kind) {
            tree.detach(node)
        }
    }

    func shouldRemove(_ node: HTMLTree.Node, _ kind: ElementKind) -> Bool {
        let stats = tree.stats[Int(node)]
        var isList = kind == .ul || kind == .ol
        if !isList {
            isList = Double(stats.listCharacters) / Double(stats.characters) > 0.9
        }
        if kind == .table, tree.flags[Int(node)].contains(.dataTable) { return false }
        if insideDataTable(node) { return false }
        if hasAncestor(node, .code, maximumDepth: 3) { return false }
        if stats.dataTables > 0 { return false }
        let weight = classWeight(node)
        if weight < 0 { return true }
        guard asciiCommas(node) < 10 else { return false }

        let paragraphs = Double(stats.paragraphs)
        let images = Double(stats.images)
        let listItems = Double(stats.listItems - 100)
        let inputs = Double(stats.inputs)
        let characters = Double(stats.characters)
        let contentLength = Double(length(node, exactBelow: 75))
        let headingDensity = characters > 0 ? Double(stats.headingCharacters) / characters : 0
        var embeds = 0
        if stats.embeds > 0 {
            for embed in tree.descendants(of: node, where: { $0.traits.contains(.embed) }) {
                if embedsVideo(embed) { return false }
                embeds += 1
            }
        }
        // A block that says only "Advertisement" or "Loading…".
        if stats.solid < 40, Self.isAdOrLoading(tree.innerText(node)) { return true }
        let linkDensity = tree.linkDensity(node)
        let textDensity = characters > 0 ? Double(stats.textishCharacters) / characters : 0
        let inFigure = hasAncestor(node, .figure, maximumDepth: 3)

        var remove = false
        if !inFigure, images > 1, paragraphs / images < 0.5 { remove = true }
        if !isList, listItems > paragraphs { remove = true }
        if inputs > (paragraphs / 3).rounded(.down) { remove = true }
        if !isList, !inFigure, headingDensity < 0.9, contentLength < 25, images == 0 || images > 2, linkDensity > 0 {
            remove = true
        }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (embeds == 1 && contentLength < 75) || embeds > 1 { remove = true }
        if images == 0, textDensity == 0 { remove = true }

        // A list of images, one per item, is a gallery.
        if isList, remove {
            for child in tree.children(node) where tree.isElement(child) && tree.elementChildCount(child) > 1 {
                return true
            }
            let items = tree.descendants(of: node, where: { $0 == .li }).count
            if Int(stats.images) == items { return false }
        }
        return remove
    }

    func insideDataTable(_ node: HTMLTree.Node) -> Bool {
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none {
            if tree.kind[Int(current)] == .table, tree.flags[Int(current)].contains(.dataTable) { return true }
            current = tree.parent[Int(current)]
        }
        return false
    }

    /// Commas as Readability counts them here: ASCII ones only.
    func asciiCommas(_ node: HTMLTree.Node) -> Int {
        let stats = tree.stats[Int(node)]
        guard stats.commas >= 10 else { return Int(stats.commas) }
        return tree.textContent(node).utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
    }

    static let adWords: Set<String> = [
        "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio",
    ]
    static let loadingWords: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    static func isAdOrLoading(_ text: String) -> Bool {
        let lower = text.lowercased()
        if adWords.contains(lower) { return true }
        var word = Substring(lower)
        if word.hasSuffix("…") {
            word = word.dropLast()
        } else if word.hasSuffix("...") {
            word = word.dropLast(3)
        }
        return loadingWords.contains(String(word))
    }

    // MARK: - Single-cell tables

    /// A table of one cell is its cell: a paragraph when it holds only inline content.
    mutating func unwrapSingleCellTables(in article: HTMLTree.Node) {
        for table in tree.descendants(of: article, where: { $0 == .table }) {
            guard tree.parent[Int(table)] != HTMLTree.none else { continue }
            let body = singleChild(table, of: .tbody) ?? table
            guard let row = singleChild(body, of: .tr), let cell = singleChild(row, of: .td) else { continue }
            let inline = tree.children(cell).allSatisfy { isPhrasing($0) }
            tree.setKind(cell, inline ? .p : .div)
            tree.replace(table, with: cell)
        }
    }
}
