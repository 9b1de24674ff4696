//! The Auth256-AES hash key stream (docs/spec.md §3.3): B(j) = AES256_K(LE128(j)), key pair
//! t = bytes [64t, 64t + 64), expanded lazily in chunks and cached up to a limit, and the
//! key pairs a hashing state reads ([`Keys`]).

use std::boxed::Box;
use std::sync::OnceLock;
use std::vec;

use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use wegman_gf256::dot::{B256_UNIT, DotSum, PAIR, Pair};
use zeroize::Zeroize;

use super::{KEY_SIZE, NONCE_SIZE};

/// Pairs of key stream per cache chunk (64 KiB).
const CHUNK_PAIRS: usize = 1024;

/// A chunk of expanded key stream: `CHUNK_PAIRS` key pairs. Zeroized on drop.
struct KeyChunk(Box<[Pair]>);

impl Drop for KeyChunk {
    fn drop(&mut self) {
        // A plain fill kept by `optimization_barrier` (zeroize's fast path for large
        // buffers; byte-wise volatile writes cost as much as hashing the chunk).
        self.0.fill([0; PAIR]);
        zeroize::optimization_barrier(&*self.0);
    }
}

/// The Auth256-AES hash key stream of one AES-256 key: the key schedule and a cache of the
/// stream, grown on demand (message-length dependent) up to a limit. Shareable between
/// threads; zeroized on drop (the cached chunks wipe themselves; the AES schedule is zeroized
/// by the `aes` crate).
pub(super) struct KeyStream {
    aes: Aes256,
    /// Chunk c of the key stream, once computed (one slot per chunk under the limit; chunks
    /// are computed on demand, independently, so threads fill different chunks at once).
    cache: Box<[OnceLock<KeyChunk>]>,
}

impl KeyStream {
    /// The stream of `key`, cached up to `limit_bytes`.
    pub(super) fn new(key: &[u8; KEY_SIZE], limit_bytes: usize) -> KeyStream {
        KeyStream {
            aes: Aes256::new(key.into()),
            cache: (0..limit_bytes / (CHUNK_PAIRS * PAIR))
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// AES256_K(block); for the key check value of pieces.
    pub(super) fn encrypt_block(&self, block: [u8; 16]) -> [u8; 16] {
        let mut b: aes::Block = block.into();
        self.aes.encrypt_block(&mut b);
        let out = b.into();
        b.as_mut_slice().zeroize();
        out
    }

    /// Key pairs `first .. first + count`: B(4·first) onward with AES-256 in counter mode.
    fn compute_pairs(&self, first: u64, count: usize) -> KeyChunk {
        let mut pairs: Box<[Pair]> = vec![[0u8; PAIR]; count].into_boxed_slice();
        let first = u128::from(first) * 4;
        // The counters LE128(j), encrypted in place (no copy of the key stream to wipe).
        let (blocks, _) = aes::Block::slice_as_chunks_mut(pairs.as_flattened_mut());
        for (j, b) in blocks.iter_mut().enumerate() {
            b.copy_from_slice(&(first + j as u128).to_le_bytes());
        }
        self.aes.encrypt_blocks(blocks);
        KeyChunk(pairs)
    }

    /// Key pairs t .. t + n (n ≤ the pairs left in t's chunk): a slice of a cached chunk while
    /// under the cache limit, else computed for exactly these pairs.
    fn key_run(&self, t: u64, n: usize) -> KeyRun<'_> {
        let c = t / CHUNK_PAIRS as u64;
        let off = (t % CHUNK_PAIRS as u64) as usize;
        match usize::try_from(c).ok().and_then(|c| self.cache.get(c)) {
            Some(slot) => KeyRun::Cached(
                slot.get_or_init(|| self.compute_pairs(c * CHUNK_PAIRS as u64, CHUNK_PAIRS)),
                off,
                n,
            ),
            None => KeyRun::Fresh(self.compute_pairs(t, n)),
        }
    }

    /// Bytes of key stream cached now.
    pub(super) fn cached_bytes(&self) -> usize {
        self.cache.iter().filter(|c| c.get().is_some()).count() * CHUNK_PAIRS * PAIR
    }

    /// The pad s_n = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80).
    pub(super) fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        pad_blocks(&self.aes, nonce, 0)
    }
}

/// AES256_K(n || d 00 00 80) || AES256_K(n || d+1 00 00 80): the pads of the Auth256 family
/// (d = 0 for `auth256`, `auth256-128` and `auth256-2l`, d = 2 for `auth256-pb`). The top bit
/// of the last byte keeps pads apart from every key-stream counter.
pub(super) fn pad_blocks(aes: &Aes256, nonce: &[u8; NONCE_SIZE], d: u8) -> [u8; 32] {
    let mut blocks: [aes::Block; 2] = core::array::from_fn(|i| {
        let mut b = [0u8; 16];
        b[..12].copy_from_slice(nonce);
        b[12] = d + i as u8;
        b[15] = 0x80;
        b.into()
    });
    aes.encrypt_blocks(&mut blocks);
    let mut out = [0u8; 32];
    out[..16].copy_from_slice(&blocks[0]);
    out[16..].copy_from_slice(&blocks[1]);
    blocks.iter_mut().for_each(|b| b.as_mut_slice().zeroize());
    out
}

/// Key pairs for a run of message pairs.
enum KeyRun<'a> {
    /// `n` pairs of a cached chunk from offset `off`.
    Cached(&'a KeyChunk, usize, usize),
    /// Computed for this run only.
    Fresh(KeyChunk),
}

impl KeyRun<'_> {
    fn pairs(&self) -> &[Pair] {
        match self {
            KeyRun::Cached(c, off, n) => &c.0[*off..*off + *n],
            KeyRun::Fresh(k) => &k.0,
        }
    }
}

/// Where key pairs come from.
pub(super) enum Keys<'a> {
    /// The Auth256-AES stream of a key (cached).
    Auth(&'a KeyStream),
    /// The stream of a key whose pairs 0..256 are also given in the layout of a b = 256
    /// segment pair (`auth256-2l`'s level 1), which the bitsliced backends read directly.
    Level1(&'a KeyStream, &'a [u8; B256_UNIT]),
    /// An explicit key stream (long enough: checked by the caller).
    Slice(&'a [Pair]),
}

impl<'a> Keys<'a> {
    /// Calls `f(range, key_pairs)` for consecutive runs covering pairs t0 .. t0 + n: `range`
    /// within 0..n, `key_pairs` the keys of pairs t0 + range (a run never crosses a chunk of
    /// the key stream).
    fn for_runs(&self, t0: u64, n: usize, mut f: impl FnMut(core::ops::Range<usize>, &[Pair])) {
        match self {
            Keys::Slice(k) => {
                let t0 = t0 as usize;
                f(0..n, &k[t0..t0 + n]);
            }
            Keys::Auth(key) | Keys::Level1(key, _) => {
                let mut done = 0;
                while done < n {
                    let t = t0 + done as u64;
                    let off = (t % CHUNK_PAIRS as u64) as usize;
                    let len = (n - done).min(CHUNK_PAIRS - off);
                    f(done..done + len, key.key_run(t, len).pairs());
                    done += len;
                }
            }
        }
    }

    /// This source with its pairs 0..256 also in the b = 256 segment layout `b256`.
    pub(super) fn with_b256<'b>(self, b256: &'b [u8; B256_UNIT]) -> Keys<'b>
    where
        'a: 'b,
    {
        match self {
            Keys::Auth(s) | Keys::Level1(s, _) => Keys::Level1(s, b256),
            Keys::Slice(p) => Keys::Slice(p),
        }
    }

    /// The key pairs t0 .. t0 + 256 in the b = 256 segment layout, when this source has them.
    pub(super) fn b256_at(&self, t0: u64) -> Option<&[u8; B256_UNIT]> {
        match self {
            Keys::Level1(_, k) if t0 == 0 => Some(k),
            _ => None,
        }
    }

    /// Absorbs `msg` as pairs t0, t0 + 1, … into `sum`.
    pub(super) fn absorb(&self, sum: &mut DotSum, t0: u64, msg: &[Pair]) {
        self.for_runs(t0, msg.len(), |r, k| {
            // A run's key pairs are exactly as many as its message pairs.
            let equal_lengths = sum.absorb(&msg[r], k);
            debug_assert!(equal_lengths.is_ok());
        });
    }

    /// Copies key pairs t0, t0 + 1, … into `out`.
    pub(super) fn copy_pairs(&self, t0: u64, out: &mut [Pair]) {
        let n = out.len();
        self.for_runs(t0, n, |r, k| out[r].copy_from_slice(k));
    }
}
