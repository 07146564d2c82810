//! Helpers shared by the test files that drive the `dokuz` tool.

use dokuz_tas::cli::run;

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

/// Runs the tool, returning its output lines or its error.
pub fn dokuz(a: &[&str]) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    run(&args(a), &mut |l: &str| lines.push(l.to_string())).map_err(|e| e.to_string())?;
    Ok(lines)
}
