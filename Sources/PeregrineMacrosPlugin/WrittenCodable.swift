/// The `Codable` conformance the macro writes itself for a model whose
/// properties use options synthesis cannot express (key paths, alternative
/// keys, keys for encoding, defaults, lossy values, date strategies, a
/// collector of unknown members):
/// `init(from:)` and `encode(to:)` that read and write the members as the
/// generated coders do, in the same order, through the helpers of
/// `KeyedDecodingContainer` and `KeyedEncodingContainer` in `Peregrine`,
/// so Foundation's coders and the `Codable` path give the same results
/// and errors.
extension GeneratedCode {
    /// The keyed decoding container of `node`: `container` for the model's
    /// object, `nested<node>` (optional: `nil` when missing or `null`) for a nested one.
    private func container(_ node: Int) -> String { node == 0 ? "container" : "nested\(node)" }

    /// `init(from:)`: the nested objects opened first, then each property in
    /// declaration order, as `init(generatedFrom:at:)` does (with the same
    /// choice among alternative keys).
    var codableInitializer: String {
        var lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
        for node in 1..<layout.nodes.count where layout.nodes[node].isDecoded || model.collector != nil {
            let parent = layout.nodes[node].parent
            let open = parent == 0 ? "container." : "\(container(parent))?."
            lines.append("let \(container(node)) = try \(open)nestedMemberContainer(forKey: \(key(ofNode: node)))")
        }
        for (index, property) in model.properties.enumerated() {
            guard property.decodedType != nil else { continue }
            let places = layout.places[index].decoded
            guard places.count > 1 else {
                lines.append("self.\(property.storage) = \(codableValue(property, at: places[0]))")
                continue
            }
            let presences = places.map { place in
                place.node == 0
                    ? "container.presence(of: \(key(of: place)))" : "\(container(place.node))?.presence(of: \(key(of: place))) ?? .missing"
            }
            lines.append("switch try Peregrine.MemberPresence.first(\(presences.joined(separator: ", "))) {")
            for (position, place) in places.enumerated().dropFirst() {
                lines.append("case \(position):")
                lines.append("    self.\(property.storage) = \(codableValue(property, at: place))")
            }
            lines.append("default:")
            lines.append("    self.\(property.storage) = \(codableValue(property, at: places[0]))")
            lines.append("}")
        }
        for flattened in model.flattened {
            lines.append("self.\(flattened.name) = try \(Self.spelling(of: flattened.type))(from: decoder)")
        }
        if let collector = model.collector {
            if layout.nodes.count == 1 {
                lines.append("self.\(collector) = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: \(collectorExclusions))")
            } else {
                lines.append("var collected = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: \(collectorExclusions))")
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
        if !lines.dropFirst().contains(where: { Self.mentions($0, "container") }) {
            lines[0] = "_ = try decoder.container(keyedBy: CodingKeys.self)"
        }
        if let key = model.inheritedKey {
            // Missing or `null`: the error of opening it, as `requireNested` gives it.
            lines.append("let superContainer = try decoder.container(keyedBy: Peregrine.NestedPathKey.self)")
            lines.append("_ = try superContainer.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(Self.pathKey(key)))")
            lines.append("try super.init(from: superContainer.superDecoder(forKey: \(Self.pathKey(key))))")
        } else if model.inherits {
            lines.append("try super.init(from: decoder)")
        }
        return """
            \(required)\(access)init(from decoder: any Decoder) throws\(classRequirements) {
            \(Self.indented(lines))
            }
            """
    }

    /// The expression that reads `property` from `place`, as
    /// `init(generatedFrom:at:)` reads it (`try` included where it throws).
    private func codableValue(_ property: ModelProperty, at place: KeyLayout.Place) -> String {
        guard let type = property.decodedType else { return "" }
        let node = place.node
        let key = key(of: place)
        let keys = node == 0 ? "CodingKeys" : "Peregrine.NestedPathKey"
        let path = "container.codingPath + \(keyPath(of: place))"
        if property.tolerant {
            let (read, unwrap) = Self.tolerantReading(property, type)
            return "KeyedDecodingContainer<\(keys)>.decodeTolerating(in: \(container(node)), forKey: \(key), path: \(path), "
                + "takesDefault: \(property.defaultValue != nil)\(Self.ifInvalid(property))) { try $0.decodeMember(\(read).self, forKey: \(key))\(unwrap) }"
                + (property.defaultValue.map { " ?? \($0)" } ?? "")
        }
        if let defaultValue = property.defaultValue {
            let read = property.lossy?.wrapper ?? property.codedAs?.type ?? Self.spelling(of: type)
            let unwrap = property.lossy != nil ? "?.wrappedValue" : property.codedAs.map { "?.\($0.value)" } ?? ""
            return "try KeyedDecodingContainer<\(keys)>.decodeDefaulted(\(read).self, in: \(container(node)), forKey: \(key), path: \(path))\(unwrap) ?? \(defaultValue)"
        }
        if let lossy = property.lossy {
            let open = node == 0 ? "container." : "\(container(node))?."
            return "try \(open)decodeMember(Swift.Optional<\(lossy.wrapper)>.self, forKey: \(key))?.wrappedValue" + (lossy.optional ? "" : " ?? \(lossy.empty)")
        }
        let (read, unwrap) = property.isWrapped ? ("", "") : Self.reading(property, type)
        // A wrapper's type, which the macro cannot spell, is the storage's.
        let typeArgument = property.isWrapped ? "" : "\(read).self, "
        if node == 0 { return "try container.decodeMember(\(typeArgument)forKey: \(key))\(unwrap)" }
        if property.isOptional, !property.isWrapped { return "try \(container(node))?.decodeMember(\(read).self, forKey: \(key))\(unwrap)" }
        // Missing or `null` on the way: the error of opening it, as `requireNested` gives it.
        let reopen = layout.chain(to: node).map { ".nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(self.key(ofNode: $0)))" }.joined()
        return "try (\(container(node)) ?? container\(reopen)).decodeMember(\(typeArgument)forKey: \(key))\(unwrap)"
    }

    /// `encode(to:)`: the members in the order `encode(generatedTo:)` writes them.
    var codableEncodingMethod: String {
        let writes = !layout.encodedFields(of: 0).isEmpty
        var lines = [(writes ? "var container = " : "_ = ") + "encoder.container(keyedBy: CodingKeys.self)"]
        encodeCodableMembers(of: 0, container: "container", into: &lines, indent: "")
        for flattened in model.flattened {
            lines.append("try self.\(flattened.name).encode(to: encoder)")
        }
        if let collector = model.collector {
            lines.append("try self.\(collector).encodeUnknownMembers(named: \(collectorExclusions), to: encoder)")
        }
        if let key = model.inheritedKey {
            lines.append("var superContainer = encoder.container(keyedBy: Peregrine.NestedPathKey.self)")
            lines.append("try super.encode(to: superContainer.superEncoder(forKey: \(Self.pathKey(key))))")
        } else if model.inherits {
            lines.append("try super.encode(to: encoder)")
        }
        return """
            \(methodAccess)\(overriding)func encode(to encoder: any Encoder) throws\(classEncodingRequirements) {
            \(Self.indented(lines))
            }
            """
    }

    /// The lines that write the members of `node` into the keyed encoding
    /// container `container` (also the fallback of `encode(generatedTo:)`
    /// for a nested object a sink cannot take directly).
    func encodeCodableMembers(of node: Int, container: String, into lines: inout [String], indent: String) {
        for (field, entry) in layout.encodedFields(of: node) {
            switch entry {
            case .property(let index):
                let key = key(of: KeyLayout.Place(node: node, field: field))
                lines += encoding(ofProperty: index, indent: indent) { value in
                    "try \(container).encodeMember(\(value), forKey: \(key))"
                } null: {
                    "try \(container).encodeNil(forKey: \(key))"
                }
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
