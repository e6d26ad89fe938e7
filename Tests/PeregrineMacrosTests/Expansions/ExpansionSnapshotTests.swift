import Testing

/// The expansion check itself: it fails on an expansion or a diagnostic
/// other than the expected one, so that a passing snapshot means something.
@Suite struct ExpansionSnapshotTests {
    static let source = "@JSONCodable\nstruct S {\n    @Key(\"a\", \"a\") var a: Int\n}"
    static let expanded = "struct S {\n    var a: Int\n}"
    static let diagnostic = DiagnosticSpec(message: "this key is given twice", line: 3, column: 5)

    @Test func theRightExpansionAndDiagnosticPass() async {
        await expectExpansion(Self.source, Self.expanded, diagnostics: [Self.diagnostic])
    }

    @Test func anotherExpansionFails() async {
        await withKnownIssue { await expectExpansion(Self.source, "struct S {\n    var b: Int\n}", diagnostics: [Self.diagnostic]) }
    }

    @Test func aMissingOrMisplacedDiagnosticFails() async {
        await withKnownIssue { await expectExpansion(Self.source, Self.expanded) }
        var moved = Self.diagnostic
        moved.column += 1
        await withKnownIssue { await expectExpansion(Self.source, Self.expanded, diagnostics: [moved]) }
    }

    /// Attributes are found outside string literals and comments only, and
    /// a type's body ends at its own closing brace.
    @Test func theScanSkipsStringsCommentsAndNestedBraces() {
        let scan = AttachedMacroScan(
            "// @JSONCodable struct Fake {}\n@JSONCodable\nstruct Outer {\n    var text = \"@Key(\\\"}\\\") }\"\n    /* } */ @Key(\"b\") var b: Int { get { 1 } }\n    @JSONCodable struct Inner {}\n}")
        let declarations = scan.all
        #expect(declarations.map(\.typeName) == ["Outer", nil, nil, "Outer.Inner"])
        #expect(declarations.map { $0.attributes.map(\.name) } == [["JSONCodable"], [], ["Key"], ["JSONCodable"]])
        #expect(declarations.first?.closingBrace == scan.bytes.count - 1)
    }
}
