//! The desktop game: everything lives in the library so that phones share it.

fn main() {
    dokuz_tas::main();
}
