import Foundation
import Testing

/// What the documents say about the project is what the project is: CONTRIBUTING's layout
/// lists the package's targets, its CI section the commands, scripts and packages `.ci/run`
/// runs and installs, BENCHMARKS.md the bench's groups; a file header that says how CI checks
/// the file is true; the long documents keep their size.
@Suite("Documents: the project as it is")
struct ProjectDocumentsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text of the Markdown section titled `title` (to the next heading of its level or above).
    static func section(_ title: String, of text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("#") && $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == title },
                                 "no section \"\(title)\"")
        let level = lines[start].prefix { $0 == "#" }.count
        let end = lines[(start + 1)...].firstIndex { line in
            line.hasPrefix("#") && line.prefix { $0 == "#" }.count <= level && !line.hasPrefix("#!")
        } ?? lines.endIndex
        return lines[start ..< end].joined(separator: "\n")
    }

    /// Every `code span` of `text`.
    static func codeSpans(_ text: String) -> [String] {
        text.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }
    }

    /// The package's targets, each with its directory (Package.swift's `path:`, or the
    /// default `Sources/NAME` and `Tests/NAME`), read from the manifest's text.
    static func targets() throws -> [(name: String, path: String)] {
        let manifest = try read("Package.swift")
        let declaration = /\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([^"]+)"/
        let starts = manifest.matches(of: declaration)
        return starts.enumerated().map { index, match in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.upperBound ..< end]
            let name = String(match.output.2)
            if let path = body.firstMatch(of: /\bpath:\s*"([^"]+)"/) { return (name, String(path.output.1)) }
            return (name, (match.output.1 == "testTarget" ? "Tests/" : "Sources/") + name)
        }
    }

    @Test func contributingsLayoutListsEveryTargetAndNothingElse() throws {
        let layout = try Self.section("Layout", of: Self.read("CONTRIBUTING.md"))
        let rows = layout.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { row in
            row.firstMatch(of: /^\| `([^`]+)`/).map { String($0.output.1) }
        }
        #expect(!rows.isEmpty)
        let targets = try Self.targets()
        #expect(targets.count > 10, "Package.swift read as \(targets)")
        for target in targets {
            if target.path.hasPrefix("Sources/") {
                #expect(rows.contains(target.path), "CONTRIBUTING's layout has no row for the target \(target.name) (\(target.path))")
            } else {
                let top = String(target.path.prefix { $0 != "/" }) + "/"
                #expect(rows.contains(top), "CONTRIBUTING's layout has no row for \(top), where the target \(target.name) is")
            }
        }
        for row in rows {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(row).path, isDirectory: &isDirectory),
                    "CONTRIBUTING's layout names \(row), which does not exist")
            // A module's row is a target's directory; a deeper row (a folder of a module) is under one.
            if row.hasPrefix("Sources/"), row.split(separator: "/").count == 2 {
                #expect(targets.contains { $0.path == row }, "CONTRIBUTING's layout names \(row), which no target of Package.swift builds")
            }
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        for directory in sources { #expect(rows.contains("Sources/" + directory), "CONTRIBUTING's layout has no row for Sources/\(directory)") }
    }

    /// A `.ci/run` line's command as a document names it: no time limit, no pipe into a log,
    /// and a test filter's pattern shown as `...`.
    static func normalized(_ command: String) -> String {
        var text = command.trimmingCharacters(in: .whitespaces)
        if let limit = text.firstMatch(of: #/^limited(_tests)? \d+ /#) { text.removeSubrange(limit.range) }
        if let pipe = text.range(of: " 2>&1") { text = String(text[..<pipe.lowerBound]) }
        if let separator = text.range(of: " || ") { text = String(text[..<separator.lowerBound]) }
        text.replace(/--filter "[^"]*"/, with: "--filter \"...\"")
        return text
    }

    @Test func contributingsCISectionNamesWhatCIRunsAndInstalls() throws {
        let ci = try Self.read(".ci/run")
        let section = try Self.section("What CI runs", of: Self.read("CONTRIBUTING.md"))
        let spans = Self.codeSpans(section)
        let runLines = ci.split(separator: "\n").map { Self.normalized(String($0)) }.filter { !$0.hasPrefix("#") && !$0.hasPrefix("echo") }
        // Every command the section quotes is one CI runs, as it runs it (traits and all).
        let quoted = spans.filter { ($0.hasPrefix("swift ") || $0.hasPrefix("bash ")) && $0 != "bash .ci/run" }
        #expect(quoted.count >= 5, "the section quotes \(quoted)")
        for command in quoted {
            #expect(runLines.contains(command), "CONTRIBUTING says CI runs `\(command)`; .ci/run does not")
        }
        // Every swift command CI runs is quoted, but the soaks, which the section sums up.
        for line in runLines where line.hasPrefix("swift ") && !line.contains(" soak ") {
            #expect(quoted.contains(line), ".ci/run runs `\(line)`; CONTRIBUTING's CI section does not say so")
        }
        // Every script CI runs is named.
        let scripts = Set(ci.matches(of: /(?:bash|python3) ((?:\.ci|Fuzz)\/[A-Za-z0-9_.\-\/]+)/).map { String($0.output.1) })
        #expect(scripts.count >= 5, "scripts read from .ci/run: \(scripts)")
        for script in scripts {
            #expect(section.contains("`\(script)`") || section.contains("`bash \(script)"), "CONTRIBUTING's CI section does not name \(script), which CI runs")
        }
        // The packages CI installs where missing, and no others.
        let installed = Set(ci.matches(of: /apt-get install -y -qq ([^\n]+)/).flatMap { $0.output.1.split(separator: " ").map(String.init) })
        #expect(installed.count >= 5)
        let installs = try #require(section.firstMatch(of: /Installs what the machine lacks:([^;]+);/)?.output.1, "no sentence on what CI installs")
        let named = Set(Self.codeSpans(String(installs)))
        #expect(named == installed, "CONTRIBUTING names \(named.sorted()); .ci/run installs \(installed.sorted())")
    }

    @Test func benchmarksDocumentListsTheBenchsGroupsAndShowsEachOne() throws {
        let main = try Self.read("Benchmarks/Sources/bench/main.swift")
        let list = try #require(main.firstMatch(of: /let groups = \[([^\]]+)\]/)?.output.1, "no groups in bench's main.swift")
        let groups = list.matches(of: /"([a-z]+)"/).map { String($0.output.1) }
        #expect(groups.count >= 10)
        let document = try Self.read("BENCHMARKS.md")
        let sentence = try #require(document.firstMatch(of: /Groups for `--only`:([^.]+)\./)?.output.1, "BENCHMARKS.md lists no groups")
        let named = sentence.matches(of: /`([a-z]+)`/).map { String($0.output.1) }
        #expect(Set(named) == Set(groups), "BENCHMARKS.md names \(named); the bench's --only takes \(groups)")
        // Every group's results are in a table, but `chain`, which `incremental` includes.
        let shown = Set(document.matches(of: /<!-- bench:([^>]+)-->/).flatMap { $0.output.1.split(separator: " ").map(String.init) })
        #expect(Set(groups).subtracting(shown) == ["chain"], "groups in no table of BENCHMARKS.md: \(Set(groups).subtracting(shown).sorted())")
        // CONTRIBUTING sends the reader there rather than listing them again.
        let contributing = try Self.section("Benchmarks", of: Self.read("CONTRIBUTING.md"))
        #expect(contributing.contains("BENCHMARKS.md"))
    }

    @Test func aHeaderThatSaysHowCIChecksAnAppleOnlyFileIsTrue() throws {
        // .ci/apple-check.sh type-checks every library against tvOS, iOS and macOS SDKs, but
        // reads no SwiftUI for macOS: SwiftUI over AppKit is the only code it cannot reach.
        let sources = FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        let files = (sources?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        #expect(files.count > 100)
        var appleOnly = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let header = text.split(separator: "\n").prefix { $0.hasPrefix("//") }.map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            let condition = text.split(separator: "\n").first { $0.hasPrefix("#if ") } ?? ""
            guard text.hasPrefix("//"), condition.contains("canImport(UIKit)") || condition.contains("canImport(AppKit)") || condition.contains("canImport(Darwin)")
            else { continue }
            appleOnly += 1
            let name = file.lastPathComponent
            let unreachable = text.contains("import SwiftUI") && condition.contains("canImport(AppKit)") && condition.contains("!canImport(UIKit)")
            let saysByEye = header.contains("by eye")
            let saysCIChecks = header.contains("by .ci/run's Apple check") || header.contains("Type-checked against")
            if unreachable {
                #expect(saysByEye && !saysCIChecks, "\(name): CI's Apple check cannot reach SwiftUI over AppKit; its header must say it is checked by eye, and not that CI checks it")
            } else {
                #expect(!saysByEye, "\(name): CI's Apple check type-checks this file; its header says it is checked by eye")
            }
        }
        #expect(appleOnly >= 8, "Apple-only files found: \(appleOnly)")
    }

    @Test func theLongDocumentsKeepTheirSize() throws {
        for (path, limit) in [("BENCHMARKS.md", 20_000), ("Fuzz/README.md", 8_000), ("README.md", 16_000)] {
            let size = try Self.read(path).utf8.count
            #expect(size <= limit, "\(path) is \(size) bytes; it keeps under \(limit): move depth to the DocC catalogs, history to git")
        }
    }
}
