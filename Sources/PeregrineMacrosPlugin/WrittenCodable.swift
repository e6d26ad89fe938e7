/// The `Codable` conformance the macro writes itself for a model whose
/// properties use options synthesis cannot express (key paths, defaults,
/// lossy collections, date strategies, a collector of unknown members):
/// `init(from:)` and `encode(to:)` that read and write the members as the
/// generated coders do, in the same order, through the helpers of
/// `KeyedDecodingContainer` and `KeyedEncodingContainer` in `Peregrine`,
/// so Foundation's coders and the `Codable` path give the same results
/// and errors.
extension GeneratedCode {
    /// The keyed decoding container of `node`: `container` for the model's
    /// object, `nested<node>` (optional: `nil` when missing or `null`) for a nested one.
    private func container(_ node: Int) -> String { node == 0 ? "container" : "nested\(node)" }

    /// Whether a decoded property's key is in `node` or below it.
    private func decodes(below node: Int) -> Bool {
        model.properties.indices.contains { index in
            model.properties[index].decodedType != nil
                && (layout.places[index].node == node || layout.chain(to: layout.places[index].node).contains(node))
        }
    }

    /// `init(from:)`: the nested objects opened first, then each property in
    /// declaration order, as `init(generatedFrom:at:)` does.
    var codableInitializer: String {
        let usesContainer = model.properties.contains { $0.decodedType != nil }
        var lines = [(usesContainer ? "let container = " : "_ = ") + "try decoder.container(keyedBy: CodingKeys.self)"]
        for node in 1..<layout.nodes.count where decodes(below: node) || model.collector != nil {
            let parent = layout.nodes[node].parent
            let open = parent == 0 ? "container." : "\(container(parent))?."
            lines.append("let \(container(node)) = try \(open)nestedMemberContainer(forKey: \(key(ofNode: node)))")
        }
        for (index, property) in model.properties.enumerated() {
            guard let type = property.decodedType else { continue }
            let node = layout.places[index].node
            let key = key(ofProperty: index)
            let value: String
            if let defaultValue = property.defaultValue {
                let read = property.lossy?.wrapper ?? property.dateCoded ?? Self.spelling(of: type)
                let unwrap = property.lossy != nil ? "?.wrappedValue" : property.dateCoded != nil ? "?.date" : ""
                let keys = node == 0 ? "CodingKeys" : "Peregrine.NestedPathKey"
                value =
                    "KeyedDecodingContainer<\(keys)>.decodeDefaulted(\(read).self, in: \(container(node)), forKey: \(key), "
                    + "path: container.codingPath + \(keyPath(ofProperty: index)))\(unwrap) ?? \(defaultValue)"
            } else if let lossy = property.lossy {
                let open = node == 0 ? "container." : "\(container(node))?."
                value = "\(open)decodeMember(Swift.Optional<\(lossy.wrapper)>.self, forKey: \(key))?.wrappedValue" + (lossy.optional ? "" : " ?? \(lossy.empty)")
            } else if node == 0 {
                let (read, unwrap) = Self.reading(property, type)
                value = "container.decodeMember(\(read).self, forKey: \(key))\(unwrap)"
            } else if property.isOptional {
                let (read, unwrap) = Self.reading(property, type)
                value = "\(container(node))?.decodeMember(\(read).self, forKey: \(key))\(unwrap)"
            } else {
                let (read, unwrap) = Self.reading(property, type)
                // Missing or `null` on the way: the error of opening it, as `requireNested` gives it.
                let reopen = layout.chain(to: node).map {
                    ".nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(self.key(ofNode: $0)))"
                }.joined()
                value = "(\(container(node)) ?? container\(reopen)).decodeMember(\(read).self, forKey: \(key))\(unwrap)"
            }
            lines.append("self.\(property.name) = try \(value)")
        }
        if let collector = model.collector {
            if layout.nodes.count == 1 {
                lines.append("self.\(collector) = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)")
            } else {
                lines.append("var collected = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)")
                for node in 1..<layout.nodes.count {
                    // The object's decoder, where the collected members are read as `unknownMembers(of:named:)` reads them.
                    let parent = layout.nodes[node].parent
                    lines.append("if \(container(node)) != nil" + (parent == 0 ? " {" : ", let \(container(parent)) {"))
                    lines.append("    let nestedDecoder = try \(container(parent)).superDecoder(forKey: \(key(ofNode: node)))")
                    lines.append(
                        "    collected.insertUnknownMembers(try Peregrine.JSON.Object(unknownMembersFrom: nestedDecoder, named: \(nestedKeys(node))), at: \(namePath(node)))")
                    lines.append("}")
                }
                lines.append("self.\(collector) = collected")
            }
        }
        return """
            \(access)init(from decoder: any Decoder) throws\(classRequirements) {
            \(Self.indented(lines))
            }
            """
    }

    /// `encode(to:)`: the members in the order `encode(generatedTo:)` writes them.
    var codableEncodingMethod: String {
        let writes = !layout.nodes[0].entries.isEmpty
        var lines = [(writes ? "var container = " : "_ = ") + "encoder.container(keyedBy: CodingKeys.self)"]
        encodeCodableMembers(of: 0, container: "container", into: &lines, indent: "")
        if let collector = model.collector {
            lines.append("try self.\(collector).encodeUnknownMembers(named: Self.generatedKeys, to: encoder)")
        }
        return """
            \(access)func encode(to encoder: any Encoder) throws {
            \(Self.indented(lines))
            }
            """
    }

    /// The lines that write the members of `node` into the keyed encoding
    /// container `container` (also the fallback of `encode(generatedTo:)`
    /// for a nested object a sink cannot take directly).
    func encodeCodableMembers(of node: Int, container: String, into lines: inout [String], indent: String) {
        for entry in layout.nodes[node].entries {
            switch entry {
            case .property(let index):
                lines.append(indent + "try \(container).encodeMember(\(encodedValue(ofProperty: index)), forKey: \(key(ofProperty: index)))")
            case .object(let nested):
                lines.append(indent + "do {")
                if let collected = collected(nested) {
                    // The object's encoder, for a second container that writes the collected members as they are.
                    lines.append(indent + "    let encoder\(nested) = \(container).superEncoder(forKey: \(key(ofNode: nested)))")
                    lines.append(indent + "    var nested\(nested) = encoder\(nested).container(keyedBy: Peregrine.NestedPathKey.self)")
                    encodeCodableMembers(of: nested, container: "nested\(nested)", into: &lines, indent: indent + "    ")
                    lines.append(indent + "    try \(collected).encodeUnknownMembers(named: \(nestedKeys(nested)), to: encoder\(nested))")
                } else {
                    lines.append(
                        indent + "    var nested\(nested) = \(container).nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(key(ofNode: nested)))")
                    encodeCodableMembers(of: nested, container: "nested\(nested)", into: &lines, indent: indent + "    ")
                }
                lines.append(indent + "}")
            }
        }
    }
}
