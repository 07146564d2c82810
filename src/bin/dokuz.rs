//! `dokuz`: the rules engine and the computer opponent on the command line. All of it
//! lives in the library's `cli` module so that tests can drive it.

fn main() -> std::process::ExitCode {
    dokuz_tas::cli::main()
}
