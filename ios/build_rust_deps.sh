#!/usr/bin/env bash
# Builds the game library for Xcode: the "Build Rust library" phase of DokuzTas.xcodeproj
# runs this before linking. It builds libdokuz_tas_mobile.a (package dokuz-tas-mobile,
# ../mobile) for the SDK and architectures Xcode is building for and puts it in
# ios/build/$PLATFORM_NAME/, where the target's LIBRARY_SEARCH_PATHS look for it.
#
# Reads Xcode's environment:
#   PLATFORM_NAME   iphoneos (a device) or iphonesimulator
#   ARCHS           arm64 and/or x86_64 (Debug builds only the active one)
#   CONFIGURATION   Debug (cargo's dev profile) or Release (cargo's release profile)
#   IPHONEOS_DEPLOYMENT_TARGET  read by rustc and the cc crate too, so the Rust and C
#                   objects agree with the app's minimum iOS version
# By hand, from the repository root:
#   PLATFORM_NAME=iphonesimulator ARCHS=arm64 CONFIGURATION=Debug \
#       IPHONEOS_DEPLOYMENT_TARGET=15.0 ios/build_rust_deps.sh
#
# macOS ships bash 3.2: no bash 4 features here.
set -euo pipefail

ios_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$ios_dir/.." && pwd)"
lib_name=libdokuz_tas_mobile.a

# Xcode runs scripts without the user's shell setup: rustup's cargo is not on its PATH.
# Xcode also puts its toolchain's bin folder first; cargo compiles build scripts and proc
# macros for the Mac itself, which goes wrong with that toolchain and with the iOS SDKROOT
# Xcode exports ("ld: library 'System' not found"). The system's /usr/bin tools choose the
# right SDK per target through xcrun, and rustc and the cc crate find the iOS SDK on their
# own.
export PATH="$HOME/.cargo/bin:/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin:/usr/local/bin:$PATH"
unset SDKROOT

: "${PLATFORM_NAME:?run from Xcode, or set PLATFORM_NAME (iphoneos or iphonesimulator)}"
: "${ARCHS:?run from Xcode, or set ARCHS (arm64, x86_64)}"
: "${CONFIGURATION:=Debug}"

if [ "$CONFIGURATION" = "Debug" ]; then
    profile=dev
    profile_dir=debug
else
    profile=release
    profile_dir=release
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"

cd "$root"

# One library per architecture; the positional parameters collect their paths (paths
# with spaces stay whole).
set --
for arch in $ARCHS; do
    case "$PLATFORM_NAME/$arch" in
        iphoneos/arm64) triple=aarch64-apple-ios ;;
        iphonesimulator/arm64) triple=aarch64-apple-ios-sim ;;
        iphonesimulator/x86_64) triple=x86_64-apple-ios ;;
        *)
            echo "error: no Rust target for $arch on $PLATFORM_NAME" >&2
            exit 1
            ;;
    esac
    echo "Building $lib_name for $triple ($profile profile)"
    # `cargo rustc --crate-type staticlib` builds only the static library Xcode links: the
    # crate's cdylib (for Android) would be a second, unused link of the whole game.
    cargo rustc -p dokuz-tas-mobile --lib --crate-type staticlib \
        --target "$triple" --profile "$profile"
    built="$target_dir/$triple/$profile_dir/$lib_name"
    if [ ! -f "$built" ]; then
        echo "error: cargo did not produce $built" >&2
        exit 1
    fi
    if [ $# -eq 0 ]; then
        set -- "$built"
    else
        set -- "$@" "$built"
    fi
done

out_dir="$ios_dir/build/$PLATFORM_NAME"
mkdir -p "$out_dir"
new="$out_dir/.$lib_name.new"
if [ $# -eq 1 ]; then
    cp "$1" "$new"
else
    # Simulator builds for both Apple silicon and Intel Macs: one fat library.
    lipo -create "$@" -output "$new"
fi

# Replace the library only when it changed, so that an unchanged game does not relink.
if cmp -s "$new" "$out_dir/$lib_name"; then
    rm -f "$new"
else
    mv -f "$new" "$out_dir/$lib_name"
fi
echo "Rust library: $out_dir/$lib_name"
