/// What a `Content-Encoding` header says about a request body.
enum ContentEncoding {
    /// Whether `header` names gzip as the body's one coding (`gzip`, or
    /// `x-gzip` as RFC 9110 still asks servers to read it), beside any
    /// `identity`: another coding, or gzip applied twice, is not inflated.
    ///
    /// ```swift
    /// ContentEncoding.isGzip("GZip")   // true
    /// ContentEncoding.isGzip("br")     // false
    /// ```
    ///
    /// - Complexity: O(header), which the HTTP parser bounds.
    static func isGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip = 0
        for coding in header.split(separator: ",") {
            switch coding.filter({ $0 != " " && $0 != "\t" }).lowercased() {  // a coding is a token: no spaces within
            case "identity", "": continue
            case "gzip", "x-gzip": gzip += 1
            default: return false
            }
        }
        return gzip == 1
    }
}
