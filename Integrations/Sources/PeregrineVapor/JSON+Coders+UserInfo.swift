import Peregrine

// Vapor passes a `userInfo` per call (`req.content.get(at:)` its path). The
// coders are shared by every request, so it cannot be set on them: each such
// call gets a copy, as Vapor copies Foundation's `JSONDecoder`. A setting
// added to the coders must be added to these copies too.

extension JSON.Decoder {
    /// A new decoder with these settings and `userInfo` added to them.
    func copy(addingUserInfo userInfo: [CodingUserInfoKey: any Sendable]) -> JSON.Decoder {
        let copy = JSON.Decoder()
        copy.keyDecodingStrategy = keyDecodingStrategy
        copy.dateDecodingStrategy = dateDecodingStrategy
        copy.dataDecodingStrategy = dataDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        copy.parseOptions = parseOptions
        copy.leniency = leniency
        copy.assumesTopLevelDictionary = assumesTopLevelDictionary
        copy.userInfo = self.userInfo.merging(userInfo) { $1 }
        return copy
    }
}

extension JSON.Encoder {
    /// A new encoder with these settings and `userInfo` added to them.
    func copy(addingUserInfo userInfo: [CodingUserInfoKey: any Sendable]) -> JSON.Encoder {
        let copy = JSON.Encoder()
        copy.outputFormatting = outputFormatting
        copy.keyEncodingStrategy = keyEncodingStrategy
        copy.dateEncodingStrategy = dateEncodingStrategy
        copy.dataEncodingStrategy = dataEncodingStrategy
        copy.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        copy.userInfo = self.userInfo.merging(userInfo) { $1 }
        return copy
    }
}
