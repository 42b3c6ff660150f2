import Foundation

/// An identifier as `watch --json` prints it (`1`, `"x"`, `{"real": 2.5}`,
/// `{"blob": "0102"}`), read back as the SQL literal it stands for (`1`, `'x'`, `2.5`,
/// `x'0102'`): tests compare printed lists in that one form, which keeps `1` and `'1'`
/// apart. `nil` for a value no identifier prints as.
enum PrintedIdentifier {
    static func literal(_ value: Any) -> String? {
        if let text = value as? String { return "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        if let object = value as? [String: Any] {
            guard object.count == 1 else { return nil }
            if let real = object["real"] as? Double { return "\(real)" }
            if let blob = object["blob"] as? String { return "x'\(blob)'" }
            return nil
        }
        if let integer = value as? Int { return String(integer) }
        return nil
    }

    /// The literals of a printed array of identifiers; `nil` when it is not one.
    static func literals(_ value: Any?) -> [String]? {
        guard let values = value as? [Any] else { return nil }
        let literals = values.compactMap(literal)
        return literals.count == values.count ? literals : nil
    }
}
