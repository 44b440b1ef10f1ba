extension SanitizerPass {
    /// Writes `<name` and the tag's allowed attributes (first occurrence wins, in the order written)
    /// and, except for iframes, `>`. Returns whether a URL attribute was kept (iframes need their src).
    @discardableResult
    mutating func writeStartTag(_ element: HTMLElement) -> Bool {
        if plain != nil {
            if element.lineBreak { plain!.lineBreak() }
            if element.block { plain!.blockBoundary() }
            if element.separatesWords { plain!.space() }
        }
        output.append(tables.startTags[element.id])
        var seen: UInt64 = 0
        var keptURL = false
        var imageCandidate: String?
        var pixel = false
        for attribute in attributes {
            guard let name = tables.attribute(bytes, attribute.name), element.attributes & name.bit != 0,
                seen & name.bit == 0
            else { continue }
            seen |= name.bit
            if name == .controls || name == .reversed {
                writeAttribute(name, value: nil)
                continue
            }
            let referenced =
                ByteScan.index(
                    of: UInt8(ascii: "&"), in: bytes, from: attribute.value.lowerBound, to: attribute.value.upperBound)
                != nil
            if !referenced, name.isURL, element.handling != .iframe,
                let url = writeDirectURL(
                    name, attribute.value, asString: urlRule(name, element) == .image && image == nil)
            {
                keptURL = true
                if url != nil { imageCandidate = url }
                continue
            }
            if !referenced, name.isPlainValue {
                // Most values hold no reference: written from the input, without a copy.
                if name == .width || name == .height, ImageDetails.isPixelSize(bytes[attribute.value]) { pixel = true }
                writeAttribute(name, bytes, attribute.value)
                continue
            }
            value.removeAll(keepingCapacity: true)
            if referenced {
                HTMLEntities.decode(bytes, attribute.value, into: &value)
            } else {
                value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[attribute.value]))
            }
            switch name {
            case .href, .src, .poster, .cite:
                let rule = urlRule(name, element)
                guard SanitizedURL.check(&value, rule: rule, base: base, iframeHosts: iframeHosts) else { continue }
                keptURL = true
                if rule == .image, image == nil, SanitizedURL.isHTTP(value) {
                    imageCandidate = String(decoding: value, as: UTF8.self)
                }
                writeAttribute(name, value: value)
            case .srcset:
                srcset.removeAll(keepingCapacity: true)
                if SanitizedURL.srcset(value, into: &srcset, url: &url, base: base, limit: maxSrcsetCandidates) {
                    srcsetCut = true
                }
                if !srcset.isEmpty { writeAttribute(name, value: srcset) }
            default:
                if name == .width || name == .height, ImageDetails.isPixelSize(value) { pixel = true }
                writeAttribute(name, value: value)
            }
        }
        if element.handling == .iframe { return keptURL }
        if keptURL, element.attributes & HTMLAttribute.href.bit != 0 {
            output.append(#" rel="noopener noreferrer""#)
        }
        output.append(UInt8(ascii: ">"))
        if !pixel, let imageCandidate {
            image = imageCandidate
            imageDetails = describedImage()
        }
        return keptURL
    }

    /// What the image tag just read says of its picture: `width`, `height` and `alt`, the first
    /// of each. Read once per field, for the tag that gave its image.
    private mutating func describedImage() -> ImageDetails {
        var details = ImageDetails()
        var seen: UInt64 = 0
        for attribute in attributes {
            guard let name = tables.attribute(bytes, attribute.name), seen & name.bit == 0 else { continue }
            seen |= name.bit
            switch name {
            case .width: details.width = ImageDetails.pixels(bytes[attribute.value])
            case .height: details.height = ImageDetails.pixels(bytes[attribute.value])
            case .alt:
                value.removeAll(keepingCapacity: true)
                HTMLEntities.decode(bytes, attribute.value, into: &value)
                details.alt = ImageDetails.altText(value)
            default: continue
            }
        }
        return details
    }

    /// Writes a URL attribute straight from the input when its value is a canonical http(s) URL
    /// or a plain relative reference (most links; see ``SanitizedURL/check(_:rule:base:iframeHosts:)``,
    /// which the rest go through): no copy of the value, the base's prefix written in front of it.
    /// Nil when the value needs the full check; else the URL as a string when `asString`.
    private mutating func writeDirectURL(_ name: HTMLAttribute, _ range: Range<Int>, asString: Bool) -> String?? {
        let reference = UnsafeBufferPointer(rebasing: bytes[range])
        var kind: HTTPURLParser.PlainReference?
        // A canonical URL starts with "http"; anything else can only be a plain reference.
        if reference.first != UInt8(ascii: "h") || HTTPURLParser.canonicalForm(reference) != .canonical {
            guard let base, let plain = base.plainReference(reference), preparePrefix(plain) else { return nil }
            kind = plain
        }
        output.append(tables.attributeOpenings[name.rawValue])
        if kind != nil { prefix!.escaped.withUnsafeBufferPointer { output.append($0) } }
        appendEscaped(bytes, range)
        output.append(UInt8(ascii: "\""))
        guard asString else { return .some(nil) }
        let prefix = kind.flatMap { base?.prefix(for: $0) } ?? []
        return String(decoding: prefix, as: UTF8.self) + String(decoding: reference, as: UTF8.self)
    }

    /// Makes `prefix` hold the base's prefix for references of kind `kind`, escaped: made once a
    /// pass for the kind last used (the links of one field are mostly of one kind). False when the
    /// base has no such prefix.
    private mutating func preparePrefix(_ kind: HTTPURLParser.PlainReference) -> Bool {
        if prefix?.kind == kind { return true }
        guard let bytes = base?.prefix(for: kind) else { return false }
        // Escaped where the output ends, copied, then taken back.
        let mark = output.count
        bytes.withUnsafeBufferPointer { appendEscaped($0, 0..<$0.count) }
        prefix = (kind, Array(UnsafeBufferPointer(rebasing: output.bytes[mark...])))
        output.truncate(to: mark)
        return true
    }

    private func urlRule(_ name: HTMLAttribute, _ element: HTMLElement) -> SanitizedURL.Rule {
        switch (name, element.handling) {
        case (.href, _): .link
        case (.src, .iframe): .frame
        // Only <img> has both src and alt.
        case (.src, _) where element.attributes & HTMLAttribute.alt.bit != 0: .image
        default: .media
        }
    }

    /// Writes ` name="value"` escaped, or ` name` for a boolean attribute (nil value).
    private mutating func writeAttribute(_ name: HTMLAttribute, value: [UInt8]?) {
        guard let value else {
            output.append(tables.attributeNames[name.rawValue])
            return
        }
        output.append(tables.attributeOpenings[name.rawValue])
        appendEscaped(value)
        output.append(UInt8(ascii: "\""))
    }

    /// Writes ` name="value"` with `bytes[range]`, escaped, as the value.
    private mutating func writeAttribute(
        _ name: HTMLAttribute, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) {
        output.append(tables.attributeOpenings[name.rawValue])
        appendEscaped(bytes, range)
        output.append(UInt8(ascii: "\""))
    }
}
