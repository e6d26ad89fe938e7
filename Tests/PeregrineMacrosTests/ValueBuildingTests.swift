import Peregrine
import PeregrineMacros
import Testing

/// A struct whose body declares no initializer: its decoder builds the
/// value in one call of the memberwise initializer, which takes a private
/// property too and leaves out constants with a value and ignored properties.
@JSONCodable
struct Shapes: Equatable {
    let id: Int
    private var secret: Int
    let kind: String = "fixed"
    @Ignored var note: String = "local"
    @Ignored var later: Int?
    var tags: [String]?

    var revealed: Int { secret }
}

/// A struct declaring its own initializer (so it has no memberwise one):
/// its decoder sets the properties one by one.
@JSONCodable
struct OwnInitializer: Equatable {
    var id: Int
    var name: String?
    @Ignored var note: String = "local"

    init(id: Int) {
        self.id = id
        self.name = nil
    }
}

/// How generated decoders build structs, with and without a memberwise initializer.
@Suite struct ValueBuildingTests {
    @Test func memberwiseBuildKeepsValuesItDoesNotDecode() throws {
        let text = #"{"id": 1, "secret": 7, "kind": "remote", "note": "remote", "later": 3, "tags": ["a"]}"#
        let value = try JSON.Decoder().decode(Shapes.self, from: text)
        #expect(value.id == 1 && value.revealed == 7 && value.kind == "fixed" && value.note == "local" && value.later == nil && value.tags == ["a"])
        #expect(try JSON.Decoder().decode(Shapes.self, from: #"{"id": 2, "secret": 0}"#).tags == nil)
        #expect(expectSameDecoding(Shapes.self, text) == nil)
    }

    @Test func memberwiseBuildReportsTheFirstError() {
        let mismatch = expectSameDecoding(Shapes.self, #"{"id": "x", "secret": "y"}"#)
        #expect(mismatch?.hasPrefix("typeMismatch(Int) [id#-]") == true, "\(mismatch ?? "none")")
        let missing = expectSameDecoding(Shapes.self, #"{"id": 1}"#)
        #expect(missing?.hasPrefix("keyNotFound(secret) []") == true, "\(missing ?? "none")")
    }

    @Test func ownInitializerSetsProperties() throws {
        let text = #"{"id": 4, "name": "n", "note": "remote"}"#
        let value = try JSON.Decoder().decode(OwnInitializer.self, from: text)
        #expect(value.id == 4 && value.name == "n" && value.note == "local")
        #expect(expectSameDecoding(OwnInitializer.self, text) == nil)
        let missing = expectSameDecoding(OwnInitializer.self, #"{"name": 3}"#)
        #expect(missing?.hasPrefix("keyNotFound(id) []") == true, "\(missing ?? "none")")
    }
}
