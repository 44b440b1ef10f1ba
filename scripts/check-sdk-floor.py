#!/usr/bin/env python3
"""Keeps the SDK at its floor, iOS 16 / macOS 13, where no Apple SDK can compile it (Linux).

    scripts/check-sdk-floor.py              check TidingsKit, every target of ours it imports, and
                                            every other target built without `serverOnApple`
    scripts/check-sdk-floor.py --self-test  prove each rule fires on a small bad source

Swift on Linux ignores Apple availability, so `swift build` here cannot see an iOS 18 API in the
SDK. This reads the SDK's sources instead (the targets TidingsKit reaches, from Package.swift)
and fails, naming the file and line, on what the floor forbids:

- `Mutex`, `Atomic`, `import Synchronization` (iOS 18): use `Locked` (TidingsModel);
- a typed-throws function type written as a type (a typealias, property, parameter or generic
  argument): its metadata needs the iOS 18 runtime, and a stored closure needs its metadata, so
  let such a closure return a `Result`. Typed `throws` on a declared function, `do throws(E)` and
  a closure literal passed straight to a call are fine (no function-type metadata);
- APIs newer than the floor that have come up in this code base's neighbourhood (discarding task
  groups, spans, 128-bit integers, `#Predicate`, `RangeSet`, `String(validating:)`, named tasks,
  `isolated deinit`, typed `AsyncSequence<Element, Failure>`, and Observation outside a
  declaration marked `@available` for iOS 17 / macOS 14);
- unsafe build flags in a target of a library product (SwiftPM refuses such a product to an app
  that depends on this package by version);
- in the SDK's targets, Apple's "required reason" APIs (user defaults, file timestamps, disk space,
  boot time, active keyboards): TidingsKit's privacy manifest declares none.

It is a list, not a compiler: README.md says what is verified on Linux and what is not.
"""
import json
import pathlib
import plistlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SDK = "TidingsKit"

# (pattern, what it is, what to do instead), matched against code with comments and strings blanked.
DENIED = [
    (r"\bimport\s+Synchronization\b", "Synchronization (iOS 18 / macOS 15)", "use Locked (TidingsModel)"),
    (r"\bMutex\b", "Mutex (iOS 18 / macOS 15)", "use Locked (TidingsModel)"),
    (r"\bAtomic(<|\b)", "Atomic (iOS 18 / macOS 15)", "use Locked (TidingsModel)"),
    (r"\bwith(Throwing)?DiscardingTaskGroup\b", "discarding task groups (iOS 17 / macOS 14)", "use a task group"),
    (r"\b(Raw|UTF8|Mutable|Output)?Span\b|[\w)\]]\.(mutableS|s)pan\b|\bInlineArray\b", "spans and InlineArray (iOS 26)",
     "use arrays or unsafe buffers"),
    (r"\bU?Int128\b", "128-bit integers (iOS 18 / macOS 15)", "use two 64-bit halves"),
    (r"#Predicate\b|\bPredicate<", "Foundation predicates (iOS 17 / macOS 14)", "use a closure"),
    (r"\bRangeSet\b", "RangeSet (iOS 18 / macOS 15)", "use an array of ranges"),
    (r"\bString\(\s*validating:", "String(validating:) (iOS 18 / macOS 15)", "decode, then compare with the bytes"),
    (r"\bTask(\.detached)?\s*\(\s*name:|\bTask\.immediate\b", "named and immediate tasks (iOS 26)",
     "use Task { }"),
    (r"\bisolated\s+deinit\b", "isolated deinit (iOS 18.4 / macOS 15.4)", "do the work before release"),
    (r"\bAsyncSequence<[^<>]*,", "AsyncSequence with a typed Failure (iOS 18 / macOS 15)",
     "use AsyncSequence<Element> or a concrete stream"),
]
# Apple's "required reason" APIs (privacy manifests): TidingsKit's PrivacyInfo.xcprivacy declares
# none, so none may appear in the SDK's targets.
REQUIRED_REASON = [
    (r"\bUserDefaults\b", "UserDefaults"),
    (r"\battributesOf(Item|FileSystem)\b|\b(creation|modification|contentModification)Date(Key)?\b"
     r"|\bfileModificationDate\b|\b(get|f)attrlist\w*|\b(f|l)?stat(at|fs|vfs)?\s*\(",
     "file timestamp or disk space APIs"),
    (r"\bsystemUptime\b|\bmach_absolute_time\b", "system boot time APIs"),
    (r"\bvolume(Available|Total)Capacity\w*|\bsystem(Free)?Size\b", "disk space APIs"),
    (r"\bactiveInputModes\b", "active keyboard APIs"),
]
OBSERVATION = re.compile(r"@Observable\b|\bwithObservationTracking\b|\bObservations\b")
AVAILABLE_17 = re.compile(r"@available\((iOS|macOS)\s+(1[7-9]|[2-9]\d|14|15)")
DECLARATION_BEFORE_PARAMETERS = re.compile(r"(\bfunc\s+[^\s(<]+|\binit[?!]?|\bsubscript)\s*(<[^(){}]*>)?\s*$")


def blank(text):
    """The source with comments and string literals replaced by spaces (lines and columns kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (min(j + 1, n) - i))
            i = min(j + 1, n)
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def typed_throws_function_types(code):
    """Offsets of `throws(` that make a function type: not a declaration, `do` or closure literal."""
    for match in re.finditer(r"\bthrows\s*\(", code):
        before = code[:match.start()].rstrip()
        if before.endswith("async"):
            before = before[:-len("async")].rstrip()
        if re.search(r"\bdo$", before) or not before.endswith(")"):
            continue  # `do throws(E) {` or a closure literal's `{ value throws(E) in`
        depth, k = 0, len(before) - 1
        while k >= 0:
            depth += {")": 1, "(": -1}.get(before[k], 0)
            if depth == 0:
                break
            k -= 1
        opener = before[:k]
        if DECLARATION_BEFORE_PARAMETERS.search(opener) or opener.rstrip().endswith("{"):
            continue  # a declared function, or a closure literal's `{ (value) throws(E) -> T in`
        yield match.start()


def problems_in(path, text, sdk=True):
    code = blank(text)
    line_of = lambda offset: code.count("\n", 0, offset) + 1
    found = []
    for pattern, what in REQUIRED_REASON if sdk else []:
        for match in re.finditer(pattern, code):
            found.append((line_of(match.start()), "%s: a \"required reason\" API, which TidingsKit's privacy "
                          "manifest says the SDK does not use (declare a reason there, or do without)" % what))
    for pattern, what, instead in DENIED:
        for match in re.finditer(pattern, code):
            found.append((line_of(match.start()), "%s: %s" % (what, instead)))
    for offset in typed_throws_function_types(code):
        found.append((line_of(offset), "a typed-throws function type (iOS 18 / macOS 15 runtime): "
                      "let the closure return a Result"))
    if OBSERVATION.search(code) and not AVAILABLE_17.search(code):
        found.append((line_of(OBSERVATION.search(code).start()),
                      "Observation (iOS 17 / macOS 14) without @available(iOS 17, macOS 14, …)"))
    return ["%s:%d: %s" % (path, line, message) for line, message in sorted(set(found))]


def package():
    return json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)


def closure(targets, name):
    ours = {target["name"]: target for target in targets}
    seen, stack = set(), [name]
    while stack:
        current = stack.pop()
        if current in seen or current not in ours:
            continue
        seen.add(current)
        for dependency in ours[current].get("dependencies", []):
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target"):
                stack.append(value[0])
    return seen


def check():
    manifest = package()
    targets = manifest["targets"]
    sdk = closure(targets, SDK)
    unsafe = {t["name"] for t in targets if any("unsafeFlags" in x["kind"] for x in t.get("settings", []))}
    # Every target built with availability checking on is held to the floor: the SDK's, and the
    # other libraries and tests that have no server code.
    checked = {t["name"] for t in targets} - unsafe
    problems = ["Package.swift: %s, which TidingsKit imports, has unsafe flags" % name for name in sorted(sdk & unsafe)]
    for target in targets:
        if target["name"] not in checked:
            continue
        default = {"test": "Tests/", "plugin": "Plugins/"}.get(target["type"], "Sources/")
        folder = ROOT / (target.get("path") or default + target["name"])
        if not folder.is_dir():
            problems.append("Package.swift: no folder %s for target %s" % (folder.relative_to(ROOT), target["name"]))
        for source in sorted(folder.rglob("*.swift")):
            problems += problems_in(source.relative_to(ROOT), source.read_text(), sdk=target["name"] in sdk)
    floor = {p["platformName"]: p["version"] for p in manifest.get("platforms", [])}
    if floor.get("ios") != "16.0" or floor.get("macos") != "13.0":
        problems.append("Package.swift: platforms are %s, the SDK's floor is iOS 16 / macOS 13" % floor)
    for product in manifest["products"]:
        if "library" not in product["type"]:
            continue
        for name in sorted(set().union(*(closure(targets, t) for t in product["targets"]))):
            target = next(t for t in targets if t["name"] == name)
            if any("unsafeFlags" in setting["kind"] for setting in target.get("settings", [])):
                problems.append("Package.swift: %s (in library %s) has unsafe flags, which SwiftPM refuses to "
                                "an app depending on it" % (name, product["name"]))
    manifest_path = ROOT / "Sources/TidingsKit/PrivacyInfo.xcprivacy"
    try:
        privacy = plistlib.loads(manifest_path.read_bytes())
        expected = {"NSPrivacyTracking": False, "NSPrivacyTrackingDomains": [], "NSPrivacyCollectedDataTypes": [],
                    "NSPrivacyAccessedAPITypes": []}
        if privacy != expected:
            problems.append("%s: says %s; this check assumes %s" % (manifest_path.relative_to(ROOT), privacy, expected))
    except (OSError, plistlib.InvalidFileException) as error:
        problems.append("%s: %s" % (manifest_path.relative_to(ROOT), error))
    for problem in problems:
        print(problem, file=sys.stderr)
    print("sdk floor: iOS 16 / macOS 13 in the SDK (%s) and the %d other target(s) without server code: %s" % (
        ", ".join(sorted(sdk)), len(checked - sdk), "%d problem(s)" % len(problems) if problems else "ok"))
    return 1 if problems else 0


SELF_TEST = {
    # source: how many problems it must show
    "import Synchronization\nlet a = Mutex(0)\n": 2,
    "let b = Atomic<Int>(0)\n": 1,
    "typealias L = @Sendable (String?) async throws(E) -> Int\n": 1,
    "let c = { (x: Int) throws(E) -> Int in x }\n": 0,
    "let d = list.map { value throws(E) in value }\n": 0,
    "var e: (() async throws(E) -> Void)?\n": 1,
    "let f = Box<(Int) throws(E) -> Int>()\n": 1,
    "func f(_ g: () throws(E) -> Void) {}\n": 1,
    "func f<T>(x: T) async throws(E) -> T { x }\ninit(y: Int) throws(E) {}\n": 0,
    "func g() {\n    do throws(E) { try h() } catch {}\n}\n": 0,
    "// Mutex in a comment\nlet s = \"Mutex in a string\"\n": 0,
    "@Observable final class M {}\n": 1,
    "@available(iOS 17, macOS 14, *)\n@Observable final class M {}\n": 0,
    "await withDiscardingTaskGroup { _ in }\nlet x: Int128 = 0\n": 2,
    "func s() -> some AsyncSequence<Int, Never> { fatalError() }\n": 1,
    "func s() -> some AsyncSequence<Int> { fatalError() }\n": 0,
    "let d = UserDefaults.standard\nlet a = try fm.attributesOfItem(atPath: p)\n": 2,
    "let u = ProcessInfo.processInfo.systemUptime\nlet k = URLResourceKey.creationDateKey\n": 2,
    "let s = stat(path, &buffer)\nlet status = 0\n": 1,
}


def self_test():
    failures = 0
    for source, expected in SELF_TEST.items():
        got = problems_in("Sample.swift", source)
        if len(got) != expected:
            failures += 1
            print("self-test: %r: expected %d problem(s), got %s" % (source, expected, got), file=sys.stderr)
    print("sdk floor self-test: %d case(s), %s" % (len(SELF_TEST), "%d failed" % failures if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else check())
