import Testing

/// A diagnostic an expansion test expects: its message, at a 1-based line
/// and UTF-8 column of the test's source.
struct DiagnosticSpec: CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int

    var description: String { "\(line):\(column): \(message)" }
}

/// Expands the attached macros of a Swift source through the plugin
/// (``MacroPlugin``) and lays the expansions out as swift-syntax's
/// `assertMacroExpansion` does: each macro attribute removed with the
/// space after it, members added at the end of their type's body, peers
/// after their declaration, extensions at the end of the file.
enum ExpansionSnapshot {
    /// The macros, by attribute name: the type that implements each, and its roles.
    static let macros: [String: (type: String, roles: [MacroPlugin.Role])] = [
        "JSONCodable": ("JSONCodableMacro", [.member, .peer, .extension]),
        "Discriminator": ("DiscriminatorMacro", [.peer]),
        "Untagged": ("DiscriminatorMacro", [.peer]),
        "UnwrapSingleValues": ("DiscriminatorMacro", [.peer]),
        "Inherits": ("InheritsMacro", [.peer]),
    ].merging(
        [
            "Key", "Defaulted", "Ignored", "LossyDecoding", "DateStrategy", "Coerced", "UnknownMembers", "CodedBy", "DecodedOnly",
            "EncodedOnly", "EncodedUnless", "NilAsNull", "Flattened",
        ].map { ($0, ("PropertyOptionMacro", [.peer])) }
    ) { $1 }

    /// The protocols `@JSONCodable`'s extension and member roles are told a
    /// type lacks (the compiler leaves out those a type has already, such as
    /// a subclass's inherited ones; the snapshots list them all unless told).
    static let conformances = "Decodable, Encodable, DirectDecodable, DirectEncodable"

    /// The expanded source, and the diagnostics as `line:column: message`;
    /// the macros' roles told the type lacks `conformances` (none when empty).
    static func expand(_ source: String, conformances: String = conformances) async throws -> (source: String, diagnostics: [DiagnosticSpec]) {
        let scan = AttachedMacroScan(source)
        var requests: [MacroPlugin.Request] = []
        // What each request's expansion is for: the declaration it belongs to.
        var owners: [AttachedMacroScan.Declaration] = []
        for declaration in scan.all {
            for attribute in declaration.attributes {
                guard let macro = macros[attribute.name] else { continue }
                for role in macro.roles {
                    requests.append(
                        MacroPlugin.Request(
                            macro: attribute.name, type: macro.type, role: role,
                            attribute: syntax("attribute", attribute.range, in: scan),
                            declaration: syntax("declaration", declaration.range, in: scan),
                            extendedType: role == .extension ? declaration.typeName.map { .init(kind: "type", source: $0, offset: 0, line: 1, column: 1) } : nil,
                            conformances: (role == .extension || role == .member) && !conformances.isEmpty
                                ? .init(kind: "declaration", source: "struct Conformances: \(conformances) {}", offset: 0, line: 1, column: 1) : nil))
                    owners.append(declaration)
                }
            }
        }
        let expansions = try await MacroPlugin.expand(requests)

        // Edits of the source, as (range replaced, replacement); none overlap.
        var edits: [(Range<Int>, String)] = []
        var extensions: [String] = []
        for declaration in scan.all {
            for attribute in declaration.attributes where macros[attribute.name] != nil {
                var end = attribute.range.upperBound
                while end < scan.bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(scan.bytes[end]) { end += 1 }
                edits.append((attribute.range.lowerBound..<end, ""))
            }
        }
        var diagnostics: [DiagnosticSpec] = []
        for (index, (request, expansion)) in zip(requests, expansions).enumerated() {
            let owner = owners[index]
            for diagnostic in expansion.diagnostics {
                let (line, column) = scan.lineAndColumn(of: diagnostic.offset)
                diagnostics.append(DiagnosticSpec(message: diagnostic.message, line: line, column: column))
            }
            guard let text = expansion.source, !text.isEmpty else { continue }
            switch request.role {
            case .member:
                guard let close = owner.closingBrace else { continue }
                var start = close
                while start > 0, [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(scan.bytes[start - 1]) { start -= 1 }
                let closeIndentation = scan.indentation(ofLineAt: close)
                edits.append((start..<close, "\n\n" + indented(text, by: closeIndentation + "    ") + "\n" + closeIndentation))
            case .peer:
                let end = owner.range.upperBound
                edits.append((end..<end, "\n\n" + indented(text, by: scan.indentation(ofLineAt: owner.range.lowerBound))))
            case .extension:
                extensions.append(text)
            }
        }
        var bytes = scan.bytes
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
        let expanded = ([trimmingTrailingSpace(String(decoding: bytes, as: UTF8.self))] + extensions).joined(separator: "\n\n")
        return (expanded, diagnostics.sorted { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) })
    }

    private static func syntax(_ kind: String, _ range: Range<Int>, in scan: AttachedMacroScan) -> MacroPlugin.Syntax {
        let (line, column) = scan.lineAndColumn(of: range.lowerBound)
        return MacroPlugin.Syntax(kind: kind, source: scan.text(range), offset: range.lowerBound, line: line, column: column)
    }

    private static func indented(_ text: String, by indentation: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indentation + $0 }.joined(separator: "\n")
    }

    static func trimmingTrailingSpace(_ text: String) -> String {
        String(text.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}

/// Expects `source` to expand to `expected` (trailing space aside), with
/// exactly the diagnostics given, wherever they are reported.
func expectExpansion(
    _ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], conformances: String = ExpansionSnapshot.conformances,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    do {
        let (expanded, reported) = try await ExpansionSnapshot.expand(source, conformances: conformances)
        let wanted = ExpansionSnapshot.trimmingTrailingSpace(expected)
        if expanded != wanted {
            let got = expanded.split(separator: "\n", omittingEmptySubsequences: false)
            let want = wanted.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(got, want)).firstIndex { $0 != $1 } ?? min(got.count, want.count)
            Issue.record(
                "the expansion differs at line \(line + 1):\n  got:  \(line < got.count ? String(got[line]) : "(end)")\n  want: \(line < want.count ? String(want[line]) : "(end)")\n--- whole expansion:\n\(expanded)",
                sourceLocation: sourceLocation)
        }
        let expectedDiagnostics = diagnostics.sorted { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) }
        #expect(reported.map(\.description) == expectedDiagnostics.map(\.description), sourceLocation: sourceLocation)
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}
