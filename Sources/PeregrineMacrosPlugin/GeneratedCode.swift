import SwiftSyntax
import SwiftSyntaxBuilder

/// The code `@JSONCodable` writes for a model, as text. Field `n` of a
/// node of the ``KeyLayout`` is its `n`th name: its slot in the member
/// lookup, its name in the node's key table and its member when encoding.
struct GeneratedCode {
    let model: ModelDeclaration

    /// `public ` or `package ` for the protocol witnesses of a type that is.
    var access: String { model.access.map { "\($0) " } ?? "" }

    /// `required ` for the initializers of a class that is not final:
    /// its subclasses must have them, so that `Self(generatedFrom:at:)`
    /// and `init(from:)` make an instance of the dynamic type.
    var required: String { model.isOpenClass || model.inherits ? "required " : "" }

    /// `override ` for the encoding methods of a subclass (`@Inherits`).
    var overriding: String { model.inherits ? "override " : "" }

    /// What holds the key tables: the type, or a subclass's storage
    /// (``ModelDeclaration/keyStorage``), named directly.
    var keysOwner: String { model.inherits ? model.keyStorage ?? "Self" : "Self" }

    /// The access of the encoding methods: `open ` in an `open` class, so
    /// that subclasses in other modules override them; else ``access``.
    var methodAccess: String { model.isOpenAccess ? "open " : access }

    /// `CodingKeys` as `Codable` synthesis would make them, with `@Key`'s
    /// names: a property's first name in the model's object is its case; a
    /// nested object of key paths has a case `__path<node>`, and another
    /// name of a property (an alternative key, the key it is written at)
    /// a case `__key<field>`.
    var codingKeys: DeclSyntax {
        let root = layout.nodes[0]
        guard !root.names.isEmpty else { return "enum CodingKeys: CodingKey {}" }
        let cases = root.names.indices.map { field in
            let name = caseName(ofField: field)
            return name.trimmingBackticks == root.names[field] ? "    case \(name)" : "    case \(name) = \(Self.literal(root.names[field]))"
        }
        return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}"
    }

    /// The `CodingKeys` case of field `field` of the model's object.
    private func caseName(ofField field: Int) -> String {
        switch layout.nodes[0].entries[field] {
        case .property(let index):
            let first = layout.nodes[0].entries.firstIndex {
                if case .property(index) = $0 { return true }
                return false
            }
            return first == field ? model.properties[index].name : "__key\(field)"
        case .object(let node):
            return "__path\(node)"
        }
    }

    /// The key bytes: one table for the model's object, and one for each
    /// nested object of key paths; their names, types and values.
    private var keyTables: [(name: String, type: String, value: String)] {
        func table(_ node: Int) -> String {
            "Peregrine.MemberKeys.permanent([" + layout.nodes[node].names.map(Self.literal).joined(separator: ", ") + "])"
        }
        var tables = [("generatedKeys", "Peregrine.MemberKeys", table(0))]
        if let key = model.inheritedKey {
            tables.append(("generatedSuperKeys", "Peregrine.MemberKeys", "Peregrine.MemberKeys.permanent([\(Self.literal(key))])"))
        }
        if layout.nodes.count > 1 {
            tables.append(("generatedNestedKeys", "[Peregrine.MemberKeys]", "[" + (1..<layout.nodes.count).map(table).joined(separator: ", ") + "]"))
        }
        return tables
    }

    /// The key tables as the model's static members: constants, or for a
    /// generic model (which cannot hold static stored properties) computed
    /// properties reading them from ``keyStorageDeclaration``.
    var keyTable: String {
        keyTables.map { name, type, value in
            guard let storage = model.keyStorage else { return "private static let \(name) = \(value)" }
            return "private static var \(name): \(type) {\n    \(storage).\(name)\n}"
        }.joined(separator: "\n\n")
    }

    /// The key tables of the members the model's object holds: its own,
    /// then those each `@Flattened` property's type claims; for a subclass
    /// (`@Inherits`) then its superclass's, or with `@Inherits(key:)` the
    /// table of that key, whose object the superclass reads.
    private var claimedKeys: String {
        let own = model.inheritedKey == nil ? "[\(keysOwner).generatedKeys]" : "[\(keysOwner).generatedKeys, \(keysOwner).generatedSuperKeys]"
        let superclass = model.inheritedKey == nil ? model.superclass.map { " + \($0).claimedMemberKeys" } ?? "" : ""
        return own + model.flattened.map { " + \(Self.spelling(of: $0.type)).claimedMemberKeys" }.joined() + superclass
    }

    /// `claimedMemberKeys`, the model's ``claimedKeys``: what a model that
    /// holds this one `@Flattened` leaves out of its `@UnknownMembers`, so
    /// that it collects exactly the members nothing claims. A class that is
    /// not final has it in its body as a `class var`, which a subclass's
    /// overrides (`Truck.claimedMemberKeys` is then the subclass's, not
    /// the superclass's it would inherit as a `static var`).
    var claimedMemberKeys: String {
        let declaration = model.inherits ? "\(methodAccess)override class var" : model.isOpenClass ? "\(methodAccess)class var" : "\(access)static var"
        return "\(declaration) claimedMemberKeys: [Peregrine.MemberKeys] { \(claimedKeys) }"
    }

    /// `claimedMemberKeys(sharingObjectWith:)`, in the body of a class that
    /// is not final and of an `@Inherits(key:)` subclass: what every class
    /// of the instance claims in the object that class `asker` reads. The
    /// classes that share one object are those between the instance's
    /// class and the nearest `@Inherits(key:)` subclass above it (whose
    /// superclass reads another object); there, the claims of the
    /// instance's class, else those of that subclass's superclass, asked
    /// as if it were the instance's class. An `@Inherits` subclass without
    /// a key inherits its superclass's.
    var claimedMemberKeysOfSharedObject: String? {
        let signature = "class func claimedMemberKeys(sharingObjectWith asker: Swift.AnyObject.Type) -> [Peregrine.MemberKeys]"
        if model.inherits {
            guard model.inheritedKey != nil, let superclass = model.superclass else { return nil }
            return """
                \(methodAccess)override \(signature) {
                    asker is \(model.name).Type ? claimedMemberKeys : \(superclass).claimedMemberKeys(sharingObjectWith: asker)
                }
                """
        }
        return model.isOpenClass ? "\(methodAccess)\(signature) {\n    claimedMemberKeys\n}" : nil
    }

    /// What the `@UnknownMembers` property leaves out: the model's key
    /// table, or beside `@Flattened` properties or in a subclass
    /// ``claimedKeys``. A class that is not final leaves out what all the
    /// instance's classes claim in its object
    /// (``claimedMemberKeysOfSharedObject``), so a subclass's members are
    /// not collected by its superclass as well.
    var collectorExclusions: String {
        if model.isOpenClass { return "Self.claimedMemberKeys(sharingObjectWith: \(model.name).self)" }
        return model.flattened.isEmpty && !model.inherits ? "\(keysOwner).generatedKeys" : claimedKeys
    }

    /// A generic model's key tables, in an enum beside it (the macro's peer).
    var keyStorageDeclaration: DeclSyntax? {
        guard let storage = model.keyStorage else { return nil }
        let tables = keyTables.map { "    static let \($0.name) = \($0.value)" }.joined(separator: "\n")
        return "fileprivate enum \(raw: storage) {\n\(raw: tables)\n}"
    }

    /// `where Item: Decodable, …`: the generic parameters that decoded
    /// properties name, each required to be `protocol` (`Decodable` or
    /// `Encodable`); "" when none is named. A parameter no coded property
    /// names (a phantom type) is left free.
    func requirements(_ protocol: String, decodedOnly: Bool) -> String {
        let named = model.properties.filter { !decodedOnly || $0.decodedType != nil }.reduce(into: Set<String>()) { $0.formUnion($1.genericParameters) }
        let parameters = model.genericParameters.filter(named.contains)
        return parameters.isEmpty ? "" : " where " + parameters.map { "\($0): \(`protocol`)" }.joined(separator: ", ")
    }

    /// `source.decode(`, or `source.decode(generic: ` for a property whose
    /// type names a generic parameter (dispatched when decoded).
    private func decodeCall(_ property: ModelProperty) -> String {
        property.isGeneric ? "source.decode(generic: " : "source.decode("
    }

    var layout: KeyLayout { model.layout }

    /// The coding key of `place`: its `CodingKeys` case in the model's
    /// object, a path key in a nested one.
    func key(of place: KeyLayout.Place) -> String {
        place.node == 0 ? "CodingKeys.\(caseName(ofField: place.field))" : Self.pathKey(layout.nodes[place.node].names[place.field])
    }

    /// The coding key of nested object `node` in its parent.
    func key(ofNode node: Int) -> String {
        let parent = layout.nodes[node].parent
        return parent == 0 ? "CodingKeys.__path\(node)" : Self.pathKey(layout.nodes[parent].names[layout.nodes[node].field])
    }

    /// The keys from the model's object down to `place`.
    func keyPath(of place: KeyLayout.Place) -> String {
        "[" + (layout.chain(to: place.node).map { key(ofNode: $0) } + [key(of: place)]).joined(separator: ", ") + "]"
    }

    /// The key table of nested object `node`.
    func nestedKeys(_ node: Int) -> String { "\(keysOwner).generatedNestedKeys[\(node - 1)]" }

    /// The names from the model's object down to nested object `node`, as an array literal.
    func namePath(_ node: Int) -> String {
        "[" + layout.chain(to: node).map { Self.literal(layout.nodes[layout.nodes[$0].parent].names[layout.nodes[$0].field]) }.joined(separator: ", ") + "]"
    }

    /// The collector's members for nested object `node` (its unknown members, kept under its path).
    func collected(_ node: Int) -> String? {
        model.collector.map { "self.\($0).unknownMembers(at: \(namePath(node)))" }
    }

    static func pathKey(_ name: String) -> String { "Peregrine.NestedPathKey(\(literal(name)))" }

    /// The generated decoder's variables of `node`: its slots and its object.
    private func members(_ node: Int) -> String { node == 0 ? "members" : "members\(node)" }
    private func object(_ node: Int) -> String { node == 0 ? "object" : "object\(node)" }
    private func slot(_ node: Int, _ field: Int) -> String {
        layout.nodes[node].names.count == 1 ? members(node) : "\(members(node)).\(field)"
    }

    /// Whether a struct's decoder reads every value into a local and then
    /// builds the value in one call of the struct's implicit memberwise
    /// initializer (which it has when its body declares none): assigning the
    /// properties of `self` one by one has the compiler copy the finished
    /// value out and destroy the original, which the memberwise initializer
    /// does not. Properties the decoder does not read keep their initial
    /// values (the memberwise initializer's defaults).
    var buildsInOneCall: Bool {
        model.hasMemberwiseInitializer && !model.properties.contains(where: \.isWrapped)
            && (model.collector != nil || !model.flattened.isEmpty || model.properties.contains { $0.decodedType != nil })
    }

    /// Where the decoder puts the value of a property: `self.name`, or the
    /// local `nameValue` of its declared type when ``buildsInOneCall``.
    private func target(_ name: String, _ type: String) -> String {
        buildsInOneCall ? "let \(name.trimmingBackticks)Value: \(type)" : "self.\(name)"
    }

    /// `init(generatedFrom:at:)`: the members found by their key bytes in
    /// one pass (and those of nested objects that are read, one pass each),
    /// then each property decoded in declaration order (so the first error
    /// is the one the `Codable` path throws). A property with alternative
    /// keys reads the first that holds a value (``MemberPresence``), each
    /// as a property with that one key would read it.
    var decodingInitializer: DeclSyntax {
        var lines: [String] = []
        for (node, entry) in layout.nodes.enumerated() where node == 0 || entry.isDecoded || model.collector != nil {
            let count = entry.names.count
            if count == 0 {
                if model.collector == nil {
                    lines.append("// No members: synthesised `init(from:)` reads nothing either, whatever the value.")
                }
                continue
            }
            let slots = count == 1 ? "-1" : "(" + Array(repeating: "-1", count: count).joined(separator: ", ") + ")"
            let find =
                node == 0
                ? "source.members(of: index, keys: \(keysOwner).generatedKeys, into: $0)"
                : "source.nestedMembers(member: \(slot(entry.parent, entry.field)), keys: \(keysOwner).generatedNestedKeys[\(node - 1)], into: $0)"
            lines.append("var \(members(node)) = \(slots)")
            lines.append("let \(object(node)) = try Swift.withUnsafeMutableBytes(of: &\(members(node))) {")
            lines.append("    try \(find)")
            lines.append("}")
        }
        for (index, property) in model.properties.enumerated() {
            guard let type = property.decodedType else { continue }
            let places = layout.places[index].decoded
            guard places.count > 1 else {
                lines += decoding(property, at: places[0], into: target(property.storage, type.trimmedDescription))
                continue
            }
            let value = buildsInOneCall ? "\(property.name.trimmingBackticks)Value" : "self.\(property.storage)"
            if buildsInOneCall { lines.append("let \(value): \(type.trimmedDescription)") }
            let presences = places.map { "source.presence(of: \(slot($0.node, $0.field)))" }
            lines.append("switch Peregrine.MemberPresence.first(\(presences.joined(separator: ", "))) {")
            for (position, place) in places.enumerated().dropFirst() {
                // Chosen only when its member is there, so its objects are.
                lines.append("case \(position):")
                lines += decoding(property, at: place, into: value, alternative: true).map { "    " + $0 }
            }
            lines.append("default:")
            lines += decoding(property, at: places[0], into: value).map { "    " + $0 }
            lines.append("}")
        }
        if let collector = model.collector {
            if layout.nodes.count == 1 {
                lines.append("\(target(collector, "Peregrine.JSON.Object")) = try source.unknownMembers(of: index, named: \(collectorExclusions))")
            } else {
                // The members of key paths' nested objects that no property names, under their paths.
                lines.append("var collected = try source.unknownMembers(of: index, named: \(collectorExclusions))")
                for node in 1..<layout.nodes.count {
                    lines.append("if \(object(node)) >= 0 {")
                    lines.append("    collected.insertUnknownMembers(try source.unknownMembers(of: \(object(node)), named: \(nestedKeys(node))), at: \(namePath(node)))")
                    lines.append("}")
                }
                lines.append("\(target(collector, "Peregrine.JSON.Object")) = collected")
            }
        }
        for flattened in model.flattened {
            // Its members are the model object's own.
            lines.append("\(target(flattened.name, flattened.type.trimmedDescription)) = try source.decodeGenerated(\(Self.spelling(of: flattened.type)).self, at: index)")
        }
        if buildsInOneCall {
            // The memberwise initializer takes the stored properties in declaration order.
            let values = model.storedOrder.filter { name in
                name == model.collector || model.flattened.contains { $0.name == name } || model.properties.contains { $0.name == name && $0.decodedType != nil }
            }
            lines.append("self.init(" + values.map { "\($0.trimmingBackticks): \($0.trimmingBackticks)Value" }.joined(separator: ", ") + ")")
        }
        if let key = model.inheritedKey {
            // The superclass's object: a second scan, for its one name.
            lines += [
                "var superMember = -1",
                "let superObject = try Swift.withUnsafeMutableBytes(of: &superMember) {",
                "    try source.members(of: index, keys: \(keysOwner).generatedSuperKeys, into: $0)",
                "}",
                "try source.requireNested(member: superMember, key: \(Self.pathKey(key)), in: superObject)",
                "try super.init(generatedFrom: source, at: superMember)",
            ]
        } else if model.inherits {
            lines.append("try super.init(generatedFrom: source, at: index)")
        }
        // An object no line reads (every member below it is optional, in nested objects) is scanned for its members only.
        for node in layout.nodes.indices {
            let declaration = "let \(object(node)) = try "
            guard let line = lines.firstIndex(where: { $0.hasPrefix(declaration) }),
                !lines.indices.contains(where: { $0 != line && Self.mentions(lines[$0], object(node)) })
            else { continue }
            lines[line] = "_ = try " + lines[line].dropFirst(declaration.count)
        }
        return """
            \(raw: required)\(raw: access)init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws\(raw: classRequirements) {
            \(raw: Self.indented(lines))
            }
            """
    }

    /// The lines that decode `property` from `place` into `assign`
    /// (`let nameValue: Type`, `nameValue` or `self.name`); an `alternative`
    /// place other than the first is read only when its member is there.
    private func decoding(_ property: ModelProperty, at place: KeyLayout.Place, into assign: String, alternative: Bool = false) -> [String] {
        guard let type = property.decodedType else { return [] }
        let (node, field) = (place.node, place.field)
        let member = "member: \(slot(node, field)), key: \(key(of: place)), in: \(object(node))"
        let defaulted = property.defaultValue.map {
            " ?? source.defaulted(\($0), member: \(slot(node, field)), in: object, keys: \(keyPath(of: place)))"
        }
        let decode = decodeCall(property)
        if property.tolerant {
            let (read, unwrap) = Self.tolerantReading(property, type)
            return [
                "\(assign) = source.tolerating(member: \(slot(node, field)), in: object, keys: \(keyPath(of: place)), takesDefault: \(property.defaultValue != nil)\(Self.ifInvalid(property))) {",
                "    try \(decode)\(read).self, \(member))\(unwrap)",
                "}" + (property.defaultValue.map { " ?? \($0)" } ?? ""),
            ]
        }
        if let lossy = property.lossy {
            let fallback = defaulted ?? (lossy.optional ? "" : " ?? \(lossy.empty)")
            return ["\(assign) = try \(decode)Swift.Optional<\(lossy.wrapper)>.self, \(member))?.wrappedValue\(fallback)"]
        }
        if let defaulted {
            let read = property.codedAs?.type ?? type.trimmedDescription
            let unwrap = property.codedAs.map { "?.\($0.value)" } ?? ""
            return ["\(assign) = try \(decode)Swift.Optional<\(read)>.self, \(member))\(unwrap)\(defaulted)"]
        }
        var lines: [String] = []
        if node > 0, !property.hasValueWhenMissing, !alternative {
            lines.append("if \(object(node)) < 0 {")
            for nested in layout.chain(to: node) {
                let parent = layout.nodes[nested].parent
                lines.append(
                    "    try source.requireNested(member: \(slot(parent, layout.nodes[nested].field)), key: \(key(ofNode: nested)), in: \(object(parent)))")
            }
            lines.append("}")
        }
        if property.isWrapped {
            // The wrapper's type, which the macro cannot spell, is the storage's.
            lines.append("\(assign) = try source.decode(\(member))")
            return lines
        }
        let (read, unwrap) = Self.reading(property, type)
        lines.append("\(assign) = try \(decode)\(read).self, \(member))\(unwrap)")
        return lines
    }

    /// Whether `line` names the identifier `name` (not as part of a longer one).
    static func mentions(_ line: String, _ name: String) -> Bool {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { $0 == name }
    }

    /// `, ifInvalid: value` for a `@Defaulted(_:ifInvalid:)` property, else "".
    static func ifInvalid(_ property: ModelProperty) -> String {
        property.invalidValue.map { ", ifInvalid: \($0)" } ?? ""
    }

    /// What a tolerant property (`@LossyDecoding`, not a collection) reads
    /// inside ``DirectDecodingSource/tolerating``, giving an optional: its
    /// type, or the optional of it with a default, or the type it is coded
    /// as (``ModelProperty/codedAs``) and its value.
    static func tolerantReading(_ property: ModelProperty, _ type: TypeSyntax) -> (type: String, unwrap: String) {
        if let coded = property.codedAs { return ("Swift.Optional<\(coded.type)>", "?.\(coded.value)") }
        return property.defaultValue == nil ? (spelling(of: type), "") : ("Swift.Optional<\(type.trimmedDescription)>", "")
    }

    /// The type a property without a default is read as, and what follows
    /// to have its value: the declared type, or the type it is coded as and its value.
    static func reading(_ property: ModelProperty, _ type: TypeSyntax) -> (type: String, unwrap: String) {
        guard let coded = property.codedAs else { return (spelling(of: type), "") }
        return property.isOptional ? ("Swift.Optional<\(coded.type)>", "?.\(coded.value)") : (coded.type, ".\(coded.value)")
    }

    /// The value written for property `index`: the property, or it as the
    /// type it is coded as (`@DateStrategy`, `@Coerced`).
    func encodedValue(ofProperty index: Int) -> String {
        let property = model.properties[index]
        guard let coded = property.codedAs?.type else { return "self.\(property.storage)" }
        return property.isOptional ? "self.\(property.name).map(\(coded).init)" : "\(coded)(self.\(property.name))"
    }

    /// The `where` clause of a generic class's initializers, which live in
    /// its body rather than in the conditional extension: "" otherwise.
    var classRequirements: String { model.isClass ? requirements("Decodable", decodedOnly: true) : "" }

    /// The `where` clause of a generic class's encoding methods when they
    /// live in its body (a class that is not final): "" otherwise.
    var classEncodingRequirements: String { model.isOpenClass ? requirements("Encodable", decodedOnly: false) : "" }

    /// For an `@Inherits` class, a type whose one function compiles only when
    /// the superclass has generated coders (it is never called): the
    /// compiler's error names the requirement when the macro could not see
    /// it (``InheritsDiagnostic/problem(of:_:lacking:)``). None for a
    /// generic class, whose superclass conforms under its initializers'
    /// requirements, or one that keeps a coder of its own.
    var superclassCheck: DeclSyntax? {
        guard let superclass = model.superclass, model.genericParameters.isEmpty, !model.hasOwnDecoder, !model.hasOwnEncoder else { return nil }
        return """
            enum PeregrineSuperclassCheck {
                static func superclassHasGeneratedCoders() {
                    PeregrineMacros.superclassMustHaveGeneratedCoders(\(raw: superclass).self)
                }
            }
            """
    }

    /// A class's `init()`, which the generated initializer would otherwise hide.
    var emptyInitializer: DeclSyntax { "\(raw: access)init() {}" }

    /// The JSON entry point, so the compiler specialises the decoder for the JSON tape.
    var jsonDecodingEntry: String {
        """
        \(access)static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
            try Self(generatedFrom: source, at: index)
        }
        """
    }

    /// The binary entry point, so the compiler specialises the decoder for the binary tape.
    var binaryDecodingEntry: String {
        """
        \(access)static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
            try Self(generatedFrom: source, at: index)
        }
        """
    }

    /// `encode(generatedTo:)`: each member in declaration order (optionals
    /// left out when `nil`, as synthesised `encode(to:)` does), at the key
    /// it is written at, a nested object of key paths where the first
    /// property written in it is.
    var encodingMethod: String {
        var lines = ["let object = sink.beginObject(keys: \(keysOwner).generatedKeys)"]
        encodeMembers(of: 0, into: &lines, indent: "")
        for flattened in model.flattened {
            lines.append("try self.\(flattened.name).encode(generatedTo: Peregrine.MergingSink(sink, into: object))")
        }
        if let collector = model.collector {
            lines.append("try sink.encodeUnknownMembers(self.\(collector), named: \(collectorExclusions), in: object)")
        }
        if let key = model.inheritedKey {
            // The object continued with the table of the super key's one name, whose value is the superclass's object.
            lines += [
                "let superSink = Peregrine.MergingSink(sink, into: object)",
                "let superNamed = superSink.beginObject(keys: \(keysOwner).generatedSuperKeys)",
                "if sink.beginMember(0, key: \(Self.pathKey(key)), in: superNamed, tracksPath: true) {",
                "    try super.encode(generatedTo: sink)",
                "} else {",
                "    try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in try super.encode(to: encoder) }, key: \(Self.pathKey(key)), in: superNamed)",
                "}",
                "superSink.end(superNamed)",
            ]
        } else if model.inherits {
            lines.append("try super.encode(generatedTo: Peregrine.MergingSink(sink, into: object))")
        }
        lines.append("sink.end(object)")
        return """
            \(methodAccess)\(overriding)func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws\(classEncodingRequirements) {
            \(Self.indented(lines))
            }
            """
    }

    private func encodeMembers(of node: Int, into lines: inout [String], indent: String) {
        for (field, entry) in layout.encodedFields(of: node) {
            switch entry {
            case .property(let index):
                let encode = model.properties[index].dispatches ? "sink.encode(generic: " : "sink.encode("
                let key = key(of: KeyLayout.Place(node: node, field: field))
                lines += encoding(ofProperty: index, indent: indent) { value in
                    "try \(encode)\(value), member: \(field), key: \(key), in: \(self.object(node)))"
                } null: {
                    "try sink.encodeNull(member: \(field), key: \(key), in: \(self.object(node)))"
                }
            case .object(let nested):
                let keys = "\(keysOwner).generatedNestedKeys[\(nested - 1)]"
                lines.append(indent + "if let \(object(nested)) = sink.beginNestedObject(\(field), key: \(key(ofNode: nested)), in: \(object(node)), keys: \(keys)) {")
                encodeMembers(of: nested, into: &lines, indent: indent + "    ")
                if let collected = collected(nested) {
                    lines.append(indent + "    try sink.encodeUnknownMembers(\(collected), named: \(keys), in: \(object(nested)))")
                }
                lines.append(indent + "    sink.end(\(object(nested)))")
                lines.append(indent + "} else {")
                lines.append(indent + "    try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in")
                lines.append(indent + "        var nested\(nested) = encoder.container(keyedBy: Peregrine.NestedPathKey.self)")
                encodeCodableMembers(of: nested, container: "nested\(nested)", into: &lines, indent: indent + "        ")
                if let collected = collected(nested) {
                    lines.append(indent + "        try \(collected).encodeUnknownMembers(named: \(keys), to: encoder)")
                }
                lines.append(indent + "    }, key: \(key(ofNode: nested)), in: \(object(node)))")
                lines.append(indent + "}")
            }
        }
    }

    /// The encoding methods: `encode(generatedTo:)`, its JSON and binary
    /// entry points, and `encode(to:)` when the macro writes it.
    var encodingMembers: [String] {
        // A subclass inherits the entry points, which call its `encode(generatedTo:)`.
        (model.inherits ? [encodingMethod] : [encodingMethod, jsonEncodingEntry, binaryEncodingEntry]) + (model.writesCodable ? [codableEncodingMethod] : [])
    }

    /// The JSON entry point of encoding.
    var jsonEncodingEntry: String {
        """
        \(methodAccess)func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws\(classEncodingRequirements) {
            try encode(generatedTo: output)
        }
        """
    }

    /// The binary entry point of encoding.
    var binaryEncodingEntry: String {
        """
        \(methodAccess)func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws\(classEncodingRequirements) {
            try encode(generatedTo: output)
        }
        """
    }

    static func indented(_ lines: [String]) -> String {
        lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }

    /// `type` as an expression can name it before `.self`: `T!` becomes
    /// `T?`, and types that are not plain names are parenthesised (`(any P)`).
    static func spelling(of type: TypeSyntax) -> String {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return spelling(of: TypeSyntax(OptionalTypeSyntax(wrappedType: unwrapped.wrappedType.trimmed)))
        }
        let plain =
            type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) || type.is(ArrayTypeSyntax.self)
            || type.is(DictionaryTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
        return plain ? type.trimmedDescription : "(\(type.trimmedDescription))"
    }
}
