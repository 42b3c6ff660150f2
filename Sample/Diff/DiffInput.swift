import Foundation
import ListAdapter

/// One `sample diff` input file: `{"items": [{"id": "a", "section": "S", "summary": "1"}]}`.
///
/// `section` and `summary` are optional; ids are unique strings, compared exactly
/// (``ExactIdentifier``: `"é"` and `"e\u0301"` are two ids).
enum DiffInput {
    typealias Snapshot = ListSnapshot<ExactIdentifier, String?>

    /// Reads and validates the file at `path`.
    static func load(path: String) throws(SampleError) -> Snapshot {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
            throw SampleError("cannot read \(path): \(reason)")
        }
        return try parse(data, name: path)
    }

    /// Parses the JSON text of one input file; `name` labels error messages.
    static func parse(_ data: Data, name: String) throws(SampleError) -> Snapshot {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SampleError("\(name) is not valid JSON (\(describe(error)))")
        }
        guard let object = root as? [String: Any], let items = object["items"] as? [Any] else {
            throw SampleError(#"\#(name): expected an object with an "items" array, like {"items": [{"id": "a"}]}"#)
        }
        var builder = Snapshot.Builder()
        builder.reserveCapacity(items.count)
        var firstIndexOfID: [ExactIdentifier: Int] = [:]
        for (index, element) in items.enumerated() {
            guard let item = element as? [String: Any] else {
                throw SampleError("\(name): items[\(index)] must be an object")
            }
            let id = try ExactIdentifier(text(item["id"], field: "id", index: index, name: name, optional: false)!)
            let section = try text(item["section"], field: "section", index: index, name: name, optional: true)
            let summary = try text(item["summary"], field: "summary", index: index, name: name, optional: true)
            if let first = firstIndexOfID[id] {
                throw SampleError(#"\#(name): duplicate id "\#(id)" (items[\#(first)] and items[\#(index)]); ids must be unique"#)
            }
            firstIndexOfID[id] = index
            builder.append(id, section: section, summary: summary)
        }
        return builder.build()
    }

    private static func text(_ value: Any?, field: String, index: Int, name: String, optional: Bool) throws(SampleError) -> String? {
        switch value {
        case nil, is NSNull:
            if optional { return nil }
            throw SampleError(#"\#(name): items[\#(index)] has no "\#(field)""#)
        case let string as String:
            return string
        default:
            throw SampleError(#"\#(name): items[\#(index)].\#(field) must be a string"#)
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
        return nsError.localizedDescription
    }
}
