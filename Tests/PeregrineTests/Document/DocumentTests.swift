import Peregrine
import Testing

@Suite struct DocumentTests {
    static let text = #"{"user": {"id": 7, "name": "A\u00e9", "tags": ["a", {"deep": [1, 2]}, null], "ok": false, "n": null}, "big": 18446744073709551615, "pi": 3.25}"#

    @Test func readsNestedValuesInPlace() throws {
        let root = try JSON.Document(parsing: Self.text).root
        #expect(root.count == 3)
        #expect(root["user"]["id"].int == 7)
        #expect(root["user"]["name"].string == "Aé")
        #expect(root["user"]["tags"].count == 3)
        #expect(root["user"]["tags"][1]["deep"][1].int == 2)
        #expect(root["user"]["ok"].bool == false)
        #expect(root["big"].number?.uint64 == UInt64.max)
        #expect(root["big"].int == nil)
        #expect(root["pi"].double == 3.25)
        #expect(root["user"]["tags"][2].isNull)
    }

    @Test func missingIsNotNull() throws {
        let root = try JSON.Document(parsing: Self.text).root
        #expect(root["user"]["n"].exists && root["user"]["n"].isNull)
        #expect(!root["user"]["nope"].exists && !root["user"]["nope"].isNull)
        #expect(!root["user"]["tags"][3].exists)
        #expect(!root["user"]["tags"][-1].exists)
        #expect(!root["pi"]["x"][0].exists)
        #expect(root["user"]["id"].string == nil)
        #expect(root["missing"].count == 0)
        #expect(root["missing"].value == nil)
    }

    @Test func materializesSubtrees() throws {
        let document = try JSON.Document(parsing: Self.text)
        #expect(document.root["user"]["tags"].value == ["a", ["deep": [1, 2]], nil])
        #expect(document.root.value == (try JSON(parsing: Self.text)))
    }

    @Test func matchesEscapedKeys() throws {
        let root = try JSON.Document(parsing: #"{"a\u0062": 1, "c\"": 2}"#).root
        #expect(root["ab"].int == 1)
        #expect(root["c\""].int == 2)
    }
}
