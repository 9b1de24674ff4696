//! Entry points for the fuzz targets in `fuzz/` (not a stable API): the parsers of the file
//! formats, over memory instead of files. Each returns the
//! parsed value or the one-line error the CLI would print; none may panic.

use std::path::Path;

use wegman_mac::alg::Alg;

/// Parses a key file's text; on success, the algorithm's name and the key bytes, and checks
/// that formatting them again gives a key file that parses to the same.
pub fn key_file(text: &str) -> Result<(String, Vec<u8>), String> {
    let path = Path::new("fuzz.key");
    let kf = crate::keyfile::parse(text, path).map_err(|e| e.to_string())?;
    let again = crate::keyfile::parse(&crate::keyfile::format_key(kf.alg, &kf.key), path)
        .map_err(|e| format!("a parsed key does not parse again: {e}"))?;
    assert_eq!(again.alg, kf.alg);
    assert_eq!(again.key, kf.key);
    Ok((kf.alg.to_string(), kf.key.to_vec()))
}

/// Parses a check line `ALG NONCE TAG PATH`; on success, the line as `wegman tag` would print
/// it (lowercase hex), which must parse to the same.
pub fn check_line(line: &str) -> Result<String, String> {
    let c = crate::check::parse_check_line(line).map_err(|e| e.to_string())?;
    let printed = crate::check::format_check_line(c.alg, c.enc, c.nonce.as_deref(), &c.tag, c.path);
    let again = crate::check::parse_check_line(&printed).map_err(|e| e.to_string())?;
    assert!(
        again.alg == c.alg && again.enc == c.enc && again.nonce == c.nonce && again.tag == c.tag,
        "{line:?} and {printed:?} differ"
    );
    assert_eq!(again.path, c.path);
    Ok(printed)
}

/// Parses a nonce-counter file's text; on success, NEXT, which formats back to `text`.
pub fn nonce_counter(text: &str) -> Result<u128, String> {
    let n =
        crate::nonce::parse_counter(text, Path::new("fuzz.nonce")).map_err(|e| e.to_string())?;
    let again = crate::nonce::parse_counter(&crate::nonce::format_counter(n), Path::new("x"))
        .map_err(|e| e.to_string())?;
    assert_eq!(again, n);
    Ok(n)
}

/// An algorithm name as `--alg` and key files take it.
pub fn alg_name(name: &str) -> Result<String, String> {
    Alg::parse(name)
        .map(|a| a.to_string())
        .map_err(|e| e.to_string())
}
