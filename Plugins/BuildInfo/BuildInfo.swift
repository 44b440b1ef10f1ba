import Foundation
import PackagePlugin

/// Records the commit a build is made from in the target (`BuildCommit.current`), so the server
/// can say which build answers (`tidings --version`, `/health/ready`, `tidings_build_info`). It
/// reads Git's files itself — no `git` needs to be installed or allowed by a sandbox — and says
/// "unknown" for a tree that is not a Git checkout (a source archive). The commit is the
/// command's argument, so a new commit runs the command again; a tree with changes not yet
/// committed reports the commit it started from.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let head = GitHead(checkout: context.package.directoryURL)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Recording the commit \(head.commit) in \(target.name)",
                executable: try context.tool(named: "BuildInfoWriter").url,
                arguments: [head.commit, output.path],
                inputFiles: head.files,
                outputFiles: [output])
        ]
    }
}

/// The commit a checkout's HEAD names, read from `.git` (a directory, or a file pointing to one
/// in a worktree), and the files that say it.
struct GitHead {
    var commit = "unknown"
    var files: [URL] = []

    init(checkout: URL) {
        let dotGit = checkout.appending(path: ".git")
        guard let gitDirectory = Self.directory(dotGit) else { return }
        let headFile = gitDirectory.appending(path: "HEAD")
        guard let head = Self.text(headFile) else { return }
        files.append(headFile)
        guard head.hasPrefix("ref: ") else {
            record(head)
            return
        }
        let ref = String(head.dropFirst(5))
        // A worktree keeps its HEAD apart but its branches in the main directory.
        let common =
            Self.text(gitDirectory.appending(path: "commondir"))
            .map { gitDirectory.appending(path: $0).standardizedFileURL } ?? gitDirectory
        for directory in [gitDirectory, common] {
            let refFile = directory.appending(path: ref)
            if let hash = Self.text(refFile) {
                files.append(refFile)
                record(hash)
                return
            }
        }
        let packed = common.appending(path: "packed-refs")
        guard let lines = Self.text(packed)?.split(separator: "\n") else { return }
        files.append(packed)
        if let line = lines.first(where: { $0.hasSuffix(" " + ref) }) { record(String(line.prefix(40))) }
    }

    private mutating func record(_ hash: String) {
        let isHash = hash.count == 40 && hash.allSatisfy(\.isHexDigit)
        if isHash { commit = String(hash.prefix(12)) }
    }

    private static func directory(_ dotGit: URL) -> URL? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let pointer = text(dotGit), pointer.hasPrefix("gitdir: ") else { return nil }
        let path = String(pointer.dropFirst(8))
        return path.hasPrefix("/")
            ? URL(fileURLWithPath: path) : dotGit.deletingLastPathComponent().appending(path: path).standardizedFileURL
    }

    private static func text(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
