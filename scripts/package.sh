#!/usr/bin/env bash
# Builds the Debian package an operator installs without Swift: dist/tidings_VERSION_ARCH.deb.
#
#   scripts/package.sh [OUTPUT_FOLDER]     # default: dist
#   scripts/package.sh --build-only        # the build alone (CI starts it early, in the background)
#
# What it holds (docs/operations.md, "Deploying"):
#   /usr/lib/tidings/tidings              the release binary with the Swift runtime linked in
#   /usr/lib/tidings/*.resources          its pages, assets, demo files, OpenAPI document (Bundle.module
#                                         looks for them beside the binary)
#   /usr/lib/tidings/swift-backtrace      Swift's crash backtracer, built for static binaries
#   /usr/bin/tidings                      runs the binary with that backtracer set up
#   /etc/tidings/config.yaml              the settings (a conffile: an upgrade keeps your edits)
#   /lib/systemd/system/tidings.service   deploy/tidings.service
# and its scripts (deploy/debian/) make the `tidings` system user, /var/lib/tidings and
# /var/cache/tidings, and enable and start the unit where systemd runs.
# TIDINGS_PACKAGE_SCRATCH names the build folder (default .build-static; not the one `swift test`
# builds in, whose objects cannot be linked with the static runtime); TIDINGS_PACKAGE_CONFIG the
# build (default release; CI packages a debug build, to check the packaging in less time — a
# package for a machine is release). A debug build is made without debug information (-gnone,
# -g0: about a third less CPU; the package strips it anyway), so its crash addresses have no file
# and line to look up; a release build keeps it in the build folder for that.
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=
if [ "${1:-}" = --build-only ]; then build_only=1 && shift; fi
out=${1:-dist}
scratch=${TIDINGS_PACKAGE_SCRATCH:-.build-static}
config=${TIDINGS_PACKAGE_CONFIG:-release}
case $config in release | debug) ;; *) echo "package: TIDINGS_PACKAGE_CONFIG is release or debug, not $config" >&2 && exit 2 ;; esac
version=$(sed -n 's/.*public static let current = "\([^"]*\)".*/\1/p' Sources/TidingsModel/TidingsVersion.swift)
arch=$(dpkg --print-architecture)
[ -n "$version" ] || { echo "package: no version in Sources/TidingsModel/TidingsVersion.swift" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
backtracer=$toolchain/libexec/swift/linux/swift-backtrace-static
[ -x "$backtracer" ] || { echo "package: no $backtracer in this Swift toolchain" >&2; exit 1; }

flags=(-c "$config" --static-swift-stdlib --product tidings --scratch-path "$scratch")
if [ "$config" = debug ]; then flags+=(-Xswiftc -gnone -Xcc -g0); fi
echo "package: building tidings $version ($config, Swift runtime linked in) in $scratch"
swift build "${flags[@]}"
[ -z "$build_only" ] || exit 0
bin=$(swift build "${flags[@]}" --show-bin-path)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/tidings_${version}_${arch}
install -d "$root/DEBIAN" "$root/usr/lib/tidings" "$root/usr/bin" "$root/etc/tidings" "$root/lib/systemd/system" \
    "$root/usr/share/doc/tidings"
install -m 755 "$bin/tidings" "$root/usr/lib/tidings/tidings"
# Without the DWARF (240 → 140 MB) but with the symbol table, so llvm-symbolizer still names a
# crash's functions (docs/operations.md, "Crashes"); file and line need the build folder's binary.
strip --strip-debug "$root/usr/lib/tidings/tidings"
for resources in "$bin"/*.resources; do cp -R "$resources" "$root/usr/lib/tidings/"; done
install -m 755 "$backtracer" "$root/usr/lib/tidings/swift-backtrace"
cat >"$root/usr/bin/tidings" <<'WRAPPER'
#!/bin/sh
# A crash prints its backtrace at once, as bare addresses, through the backtracer shipped beside the
# binary (docs/operations.md, "Crashes"); set SWIFT_BACKTRACE yourself to choose otherwise.
: "${SWIFT_BACKTRACE=interactive=no,symbolicate=off,swift-backtrace=/usr/lib/tidings/swift-backtrace}"
export SWIFT_BACKTRACE
exec /usr/lib/tidings/tidings "$@"
WRAPPER
chmod 755 "$root/usr/bin/tidings"
install -m 644 deploy/config.yaml "$root/etc/tidings/config.yaml"
install -m 644 deploy/tidings.service "$root/lib/systemd/system/tidings.service"
install -m 644 LICENSE NOTICE CHANGELOG.md "$root/usr/share/doc/tidings/"
install -m 755 deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm "$root/DEBIAN/"
echo /etc/tidings/config.yaml >"$root/DEBIAN/conffiles"
cat >"$root/DEBIAN/control" <<CONTROL
Package: tidings
Version: $version
Architecture: $arch
Maintainer: Tidings developers <tidings@localhost>
Section: web
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: adduser, libc6 (>= 2.34), libcurl4, libxml2, libsqlite3-0, zlib1g, libstdc++6, libgcc-s1
Description: news-feed engine: catalog events, feeds and partner sources into localized sections
 Tidings serves composed news sections as a JSON API, RSS/Atom/JSON feeds and a web reader, from
 catalog events and RSS, Atom, JSON Feed and partner sources it polls. SQLite by default,
 PostgreSQL for several servers on one database. Licence: Apache-2.0.
CONTROL
mkdir -p "$out"
deb=$out/tidings_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz -z3 --build "$root" "$deb" >/dev/null
echo "package: $deb ($(du -h "$deb" | cut -f1))"
