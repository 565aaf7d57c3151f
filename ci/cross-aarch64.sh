#!/usr/bin/env bash
# Cross-platform leg of the hash matrix (docs/determinism.md, "Cross-platform checks").
#
# Builds the hash-matrix binary for aarch64-unknown-linux-gnu with Debian's rustc-web
# toolchain and runs `hash-matrix check` under qemu-aarch64-static, against the same golden
# files the x86_64 debug and release checks use.
#
# Exit codes:
#   0   every record matched on aarch64
#   1   records differ, a build failed, or the emulated run failed (a real failure)
#   77  SKIPPED: the toolchain could not be installed on this machine (loudly reported;
#       the caller decides whether a skip is acceptable, it is never a pass)
#
# Environment:
#   CROSS_PROFILES    profiles to build and check, default "release debug"
#   CROSS_TARGET_DIR  cargo target directory, default $CARGO_TARGET_DIR/cross-aarch64 or
#                     <repo>/target/cross-aarch64
#   CROSS_NO_INSTALL  set to 1 to never call apt-get (skip if the packages are missing)
#
# Packages (installed idempotently with apt-get, only the missing ones): the arm64 dpkg
# architecture, rustc-web, cargo-web, libstd-rust-web-dev:arm64, gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross, qemu-user-static. Never the i386 architecture (its index is broken on
# the mirror and breaks apt-get update).
set -uo pipefail

SKIP=77
TARGET=aarch64-unknown-linux-gnu
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROFILES=${CROSS_PROFILES:-release debug}
TARGET_DIR=${CROSS_TARGET_DIR:-${CARGO_TARGET_DIR:-$ROOT/target}/cross-aarch64}
PACKAGES=(rustc-web cargo-web libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu
          libc6-dev-arm64-cross qemu-user-static)
T0=$SECONDS

say() { printf '[cross-aarch64] %s\n' "$*"; }
banner() {
    printf '\n'
    printf '%s\n' "################################################################################"
    printf '#  %s\n' "$@"
    printf '%s\n\n' "################################################################################"
}
skip() {
    banner "CROSS-PLATFORM CHECK SKIPPED (aarch64 goldens were NOT checked)" "$@" \
        "exit code $SKIP = skipped; this is not a pass"
    exit "$SKIP"
}
fail() {
    banner "CROSS-PLATFORM CHECK FAILED" "$@"
    exit 1
}

installed() { # pkg[:arch] -> 0 if installed
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# --- 1. toolchain --------------------------------------------------------------------------
command -v dpkg-query >/dev/null 2>&1 || skip "not a Debian system (no dpkg): cannot install the cross toolchain"
if [ "$(uname -m)" != x86_64 ]; then
    skip "host is $(uname -m): this script cross-builds from x86_64"
fi

missing=()
for p in "${PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
arm64_known=0
dpkg --print-foreign-architectures | grep -qx arm64 && arm64_known=1

if [ ${#missing[@]} -gt 0 ] || [ $arm64_known = 0 ]; then
    [ "${CROSS_NO_INSTALL:-0}" = 1 ] && skip "missing packages: ${missing[*]} (CROSS_NO_INSTALL=1)"
    SUDO=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null \
            || skip "missing packages: ${missing[*]}; not root and no passwordless sudo"
        SUDO=(sudo -n)
    fi
    if dpkg --print-foreign-architectures | grep -qx i386; then
        say "warning: the i386 architecture is configured; apt-get update may fail because of it"
    fi
    say "installing: ${missing[*]:-(none)}; arm64 architecture known: $arm64_known"
    if [ $arm64_known = 0 ]; then
        "${SUDO[@]}" dpkg --add-architecture arm64 || skip "dpkg --add-architecture arm64 failed"
    fi
    "${SUDO[@]}" apt-get update -q >/tmp/cross-aarch64-apt.log 2>&1 \
        || { tail -n 20 /tmp/cross-aarch64-apt.log; skip "apt-get update failed (log above)"; }
    DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends \
        "${missing[@]}" >>/tmp/cross-aarch64-apt.log 2>&1 \
        || { tail -n 20 /tmp/cross-aarch64-apt.log; skip "apt-get install ${missing[*]} failed (log above)"; }
fi
for p in "${PACKAGES[@]}"; do installed "$p" || skip "package $p is still not installed"; done
T_INSTALL=$((SECONDS - T0))

# Debian's toolchain is not the rustup one: take cargo and rustc from the packages' file lists.
# (bookworm's cargo-web ships /usr/bin/cargo and rustc-web /usr/bin/rustc, which rustup's
# ~/.cargo/bin shadows on PATH; /usr/share/cargo/bin/cargo is a packaging wrapper, not wanted.)
pick() { # package binary -> its path in the package's file list
    local files
    files=$(dpkg -L "$1" | grep -E "/bin/$2\$" | grep -v '^/usr/share/')
    printf '%s\n' "$files" | grep -x "/usr/bin/$2" || printf '%s\n' "$files" | head -n 1
}
CARGO_WEB=$(pick cargo-web cargo)
RUSTC_WEB=$(pick rustc-web rustc)
[ -x "$CARGO_WEB" ] || skip "cargo-web is installed but its cargo binary was not found"
[ -x "$RUSTC_WEB" ] || skip "rustc-web is installed but its rustc binary was not found"
QEMU=$(command -v qemu-aarch64-static) || skip "qemu-aarch64-static not found"
say "cargo: $CARGO_WEB ($("$CARGO_WEB" --version))"
say "rustc: $RUSTC_WEB ($("$RUSTC_WEB" --version))"
say "qemu:  $QEMU ($("$QEMU" --version | head -n 1))"

# --- 2. build and check, per profile -------------------------------------------------------
status=0
for profile in $PROFILES; do
    case $profile in
        release) flag=(--release); dir=release ;;
        debug) flag=(); dir=debug ;;
        *) fail "unknown profile $profile in CROSS_PROFILES" ;;
    esac
    t=$SECONDS
    say "building hash-matrix ($profile) for $TARGET into $TARGET_DIR"
    # RUSTC points cargo-web at its own compiler (PATH's rustc is rustup's); RUSTUP_TOOLCHAIN
    # is cleared so no rustup proxy gets involved; --locked keeps Cargo.lock untouched.
    if ! (cd "$ROOT" && env -u RUSTUP_TOOLCHAIN -u RUSTC_WRAPPER \
            RUSTC="$RUSTC_WEB" \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
            "$CARGO_WEB" build --locked -p hash-matrix --bin hash-matrix --target "$TARGET" \
                "${flag[@]}" --target-dir "$TARGET_DIR"); then
        fail "cross build ($profile) failed"
    fi
    bin="$TARGET_DIR/$TARGET/$dir/hash-matrix"
    say "built in $((SECONDS - t)) s: $(file -b "$bin" 2>/dev/null | cut -d, -f1-2)"
    t=$SECONDS
    # No -L: the binary's loader and libc come from the arm64 multiarch packages at their
    # real paths; pointing qemu at the cross sysroot mixes two glibcs and hangs threads.
    say "running: qemu-aarch64-static hash-matrix check ($profile)"
    HASH_MATRIX_GOLDEN_DIR="$ROOT/hash-matrix/golden" "$QEMU" "$bin" check
    code=$?
    say "check ($profile, aarch64 under qemu) exited $code after $((SECONDS - t)) s"
    [ $code = 0 ] || status=1
done

say "timings: toolchain $T_INSTALL s, total $((SECONDS - T0)) s"
if [ $status != 0 ]; then
    fail "aarch64 records differ from the goldens (diff above)"
fi
say "PASS: aarch64 ($PROFILES) matches the goldens"
