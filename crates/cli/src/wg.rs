//! `wegman wg keystream --bytes N` (docs/spec.md §4): reads `KEYHEX IVHEX` lines from standard
//! input and prints one lowercase-hex line of N keystream bytes per input line, in input
//! order, computed by the bit-sliced batch engine ([`wegman_wg::Wg29Batch`]) over blocks of
//! lines. A bad line prints `error: line L: ...` and the run continues.

use wegman_wg::Wg29Batch;
use zeroize::Zeroize;

use crate::error::Result;

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
    crate::field::batch_stdio(BLOCK, |lines| eval_block(lines, bytes))
}

/// The keystream lines of a block of `KEYHEX IVHEX` lines, one batch for all that parse.
fn eval_block(lines: &[String], bytes: usize) -> Vec<std::result::Result<String, String>> {
    let block: Vec<std::result::Result<Pair, String>> = lines.iter().map(|l| parse(l)).collect();
    let good: Vec<(&[u8], &[u8])> = block
        .iter()
        .filter_map(|p| p.as_ref().ok().map(|p| (&p.0[..], &p.1[..])))
        .collect();
    // Every pair that parsed has sizes WG-29 accepts: the batch cannot refuse them.
    let streams = match Wg29Batch::new(&good) {
        Ok(mut batch) => batch.keystream_vec(bytes),
        Err(e) => {
            let e = e.to_string();
            return block.into_iter().map(|p| p.and(Err(e.clone()))).collect();
        }
    };
    let mut streams = streams.into_iter();
    block
        .into_iter()
        .map(|p| p.map(|_| hex::encode(streams.next().unwrap_or_default())))
        .collect()
}
