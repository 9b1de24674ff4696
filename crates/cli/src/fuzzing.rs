//! Entry points for the fuzz targets in `fuzz/` (not a stable API): the CLI's batch line
//! handling, over memory instead of standard input. Each returns the output or the one-line
//! error the CLI would print; none may panic. (The file formats' parsers are
//! `wegman_files::fuzzing`.)

/// `wegman field --modulus EXPS --batch` with `input` as standard input; the output text.
pub fn field_batch(exps: &str, input: &[u8]) -> Result<String, String> {
    let mut out = Vec::new();
    crate::field::batch_on(exps, input, &mut out).map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// `wegman ec --curve CURVE --repr REPR --batch` with `input` as standard input; the output
/// text.
pub fn ec_batch(curve: &str, repr: &str, input: &[u8]) -> Result<String, String> {
    let mut out = Vec::new();
    let mut input = input;
    crate::ec::run_on(
        curve,
        repr,
        crate::ec::Source::Batch {
            input: &mut input,
            out: &mut out,
        },
    )
    .map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}
