//! The game as the phones load it, both through the one entry point the desktop binary
//! runs, `dokuz_tas::main`:
//! - Android's NativeActivity loads `libdokuz_tas_mobile.so` and calls the `android_main`
//!   that `bevy_main` exports (it keeps the `AndroidApp` for Bevy first);
//! - iOS links `libdokuz_tas_mobile.a`, and `ios/src/main.m` calls `main_rs` (below:
//!   Bevy 0.19's `bevy_main` exports nothing for iOS).

#[bevy::prelude::bevy_main]
fn main() {
    dokuz_tas::main();
}

/// The entry point `ios/src/main.m` calls.
#[cfg(target_os = "ios")]
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    main();
}
