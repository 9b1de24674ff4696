//! `wegman wg keystream --bytes N` (docs/spec.md §4): reads `KEYHEX IVHEX` lines from standard
//! input and prints one lowercase-hex line of N keystream bytes per input line, in input
//! order, computed by the bit-sliced batch engine ([`wegman_wg::Wg29Batch`]) over blocks of
//! lines. A bad line prints `error: line L: ...` and the run continues.

use std::io::{BufRead, Write};

use wegman_wg::Wg29Batch;
use zeroize::Zeroize;

use crate::error::{Error, Result};

/// Lines per batch-engine call: several full AVX-512 batches, and rayon's pool across them.
const BLOCK: usize = 8192;

/// A key and an IV, wiped on drop.
struct Pair(Vec<u8>, Vec<u8>);

impl Drop for Pair {
    fn drop(&mut self) {
        self.0.zeroize();
        self.1.zeroize();
    }
}

/// `KEYHEX IVHEX` with the sizes WG-29 accepts.
fn parse(line: &str) -> std::result::Result<Pair, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [k, v] = words[..] else {
        return Err(format!(
            "expected `KEYHEX IVHEX`, got {} field(s)",
            words.len()
        ));
    };
    let key = hex::decode(k).map_err(|e| format!("key: not hex ({e})"))?;
    let iv = hex::decode(v).map_err(|e| format!("IV: not hex ({e})"))?;
    wegman_wg::wg29::check_sizes(&key, &iv).map_err(|e| e.to_string())?;
    Ok(Pair(key, iv))
}

/// Runs the subcommand.
pub(crate) fn keystream(bytes: usize) -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut lines = stdin.lock().lines();
    let mut first = 1usize;
    loop {
        let mut block: Vec<std::result::Result<Pair, String>> = Vec::new();
        for line in lines.by_ref().take(BLOCK) {
            let mut line = line.map_err(|e| Error::new(format!("reading standard input: {e}")))?;
            block.push(parse(&line));
            line.zeroize();
        }
        if block.is_empty() {
            break;
        }
        let good: Vec<(&[u8], &[u8])> = block
            .iter()
            .filter_map(|p| p.as_ref().ok().map(|p| (&p.0[..], &p.1[..])))
            .collect();
        let streams = Wg29Batch::new(&good)
            .map_err(|e| Error::new(e.to_string()))?
            .keystream_vec(bytes);
        let mut streams = streams.into_iter();
        for (i, p) in block.iter().enumerate() {
            let text = match p {
                Ok(_) => hex::encode(streams.next().unwrap_or_default()),
                Err(e) => format!("error: line {}: {e}", first + i),
            };
            writeln!(out, "{text}").map_err(|e| Error::new(format!("writing the output: {e}")))?;
        }
        first += block.len();
    }
    out.flush()
        .map_err(|e| Error::new(format!("writing the output: {e}")))
}
