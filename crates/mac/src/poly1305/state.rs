//! The streaming core shared by every Poly1305 front end: the key r in the backend's form,
//! the accumulator, the partial chunk, and the one backend job per bulk call.

use zeroize::Zeroize;

use super::backend::soft::{Fe1305x44, Powers};
use super::backend::{self, Avail, token};
use super::{BLOCK_SIZE, CLAMP, Poly1305Tag};
use crate::Tag;

/// The powers r^1..r^n of `r` in `slot`, computed on first use by `compute` (the backend's
/// way: at least r^1..r^n), extended by scalar products if a later call needs more.
fn powers<'a>(
    slot: &'a mut Option<Powers<16>>,
    r: &Fe1305x44,
    n: usize,
    compute: impl FnOnce(&Fe1305x44, usize) -> Powers<16>,
) -> &'a Powers<16> {
    let p = slot.get_or_insert_with(|| compute(r, n));
    p.extend(n);
    p
}

/// Bytes of short streaming `update` calls gathered into one bulk call on the vector backends
/// (above every backend's warm threshold but `avx2`'s, which it equals): a stream fed in small
/// pieces runs the vector kernel, not the scalar code.
pub(super) const BATCH: usize = 512;

/// The streaming hash core: key r (in the backend's form), accumulator and partial chunk.
#[derive(Clone)]
pub(super) struct Core {
    pub(super) backend: Avail,
    pub(super) soft: backend::soft::State,
    /// r^1..r^16 for the vector backends, computed on first need (or given by a cached key).
    pub(super) powers: Option<Powers<16>>,
    /// Message bytes not yet absorbed: a partial block (`buf_len < 16`), or, for a stream on a
    /// vector backend (`batch`), the short `update` calls since the last bulk call
    /// (`buf_len < BATCH`).
    pub(super) buf: [u8; BATCH],
    pub(super) buf_len: usize,
    /// How much of `buf` has ever held message bytes (what a wipe must cover).
    buf_used: usize,
    /// Whether short `update` calls after the first are gathered in `buf` (streams on a
    /// vector backend; never pieces, whose serialised form holds a partial block only).
    batch: bool,
    /// For a piece starting inside a block: the bytes before its first block boundary,
    /// which belong to a block that the preceding piece completes (see [`Poly1305Piece`]).
    pub(super) head: [u8; BLOCK_SIZE],
    pub(super) head_len: usize,
    pub(super) head_need: usize,
    /// Bytes absorbed (head included) and full blocks multiplied into the accumulator.
    pub(super) len: u64,
    pub(super) blocks: u64,
}

impl Zeroize for Core {
    fn zeroize(&mut self) {
        self.soft.zeroize();
        // The powers are only written (and so only secret) once computed; skipping the
        // 384-byte wipe otherwise keeps short one-shot MACs cheap.
        if let Some(p) = &mut self.powers {
            p.zeroize();
        }
        self.powers = None;
        // The buffers hold message bytes, not key material: wipe only what has held some
        // (their fill levels are public), so short one-shot MACs stay cheap.
        self.buf[..self.buf_used].zeroize();
        if self.head_len > 0 {
            self.head.zeroize();
        }
        self.buf_len = 0;
        self.buf_used = 0;
        self.head_len = 0;
    }
}

impl Core {
    #[inline]
    pub(super) fn new(r: &[u8; 16], backend: Avail) -> Self {
        let r = u128::from_le_bytes(*r) & CLAMP;
        Core {
            backend,
            soft: backend::soft::State::new(r),
            powers: None,
            buf: [0; BATCH],
            buf_len: 0,
            buf_used: 0,
            batch: backend.get() != super::Backend::Soft,
            head: [0; BLOCK_SIZE],
            head_len: 0,
            head_need: 0,
            len: 0,
            blocks: 0,
        }
    }

    /// A fresh core with the same key (and cached powers) for the bytes from `offset` on.
    pub(super) fn piece_at(&self, offset: u64) -> Core {
        let mut c = self.clone();
        c.soft.reset();
        c.buf[..c.buf_used].zeroize();
        c.buf_len = 0;
        c.buf_used = 0;
        c.batch = false;
        c.head.zeroize();
        c.head_len = 0;
        c.head_need = (BLOCK_SIZE - (offset % BLOCK_SIZE as u64) as usize) % BLOCK_SIZE;
        c.len = 0;
        c.blocks = 0;
        c
    }

    /// Appends the piece `next`, which starts where `self` ends and has the same key:
    /// h ← h·r^{blocks(next)} + h(next), after completing the block that straddles the seam.
    pub(super) fn merge(&mut self, next: &Core) {
        self.update(&next.head[..next.head_len]);
        if next.head_len < next.head_need {
            // `next` is shorter than its head: no blocks, nothing buffered.
            return;
        }
        // The head completed a block: absorb every whole block gathered.
        self.flush();
        debug_assert_eq!(self.buf_len, 0);
        if next.blocks > 0 {
            let rn = self.soft.r.pow_vartime(next.blocks);
            self.soft.h = self.soft.h.mul(&rn).add(&next.soft.h);
            self.blocks += next.blocks;
        }
        // A piece buffers a partial block only.
        debug_assert!(next.buf_len < BLOCK_SIZE);
        self.buf[..next.buf_len].copy_from_slice(&next.buf[..next.buf_len]);
        self.buf_len = next.buf_len;
        self.buf_used = self.buf_used.max(next.buf_len);
        self.len += next.len - next.head_len as u64;
    }

    /// Whether `other` was made from the same key (constant-time comparison of r).
    pub(super) fn same_key(&self, other: &Core) -> bool {
        use subtle::ConstantTimeEq;
        // Revealed on purpose: whether the keys agree, as the join's error does.
        bool::from(wegman_arch::ct::declassify(
            self.soft.r.0.ct_eq(&other.soft.r.0),
        ))
    }

    /// Absorbs whole full chunks (`data.len()` a multiple of 16): one backend job per call.
    pub(super) fn blocks(&mut self, data: &[u8]) {
        self.blocks += (data.len() / BLOCK_SIZE) as u64;
        self.backend.run(Blocks {
            powers: &mut self.powers,
            soft: &mut self.soft,
            data,
        });
    }

    /// Absorbs the whole blocks of `buf` in one bulk call, keeping the partial block.
    fn flush(&mut self) {
        let whole = self.buf_len - self.buf_len % BLOCK_SIZE;
        if whole == 0 {
            return;
        }
        self.blocks += (whole / BLOCK_SIZE) as u64;
        self.backend.run(Blocks {
            powers: &mut self.powers,
            soft: &mut self.soft,
            data: &self.buf[..whole],
        });
        self.buf.copy_within(whole..self.buf_len, 0);
        self.buf_len -= whole;
    }

    /// Sets the buffered partial block (a piece read back: fewer than 16 bytes).
    pub(super) fn set_partial_block(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() < BLOCK_SIZE);
        self.buf_len = 0;
        self.gather(bytes);
    }

    /// Appends `data` to `buf` (room for it is there).
    fn gather(&mut self, data: &[u8]) {
        self.buf[self.buf_len..self.buf_len + data.len()].copy_from_slice(data);
        self.buf_len += data.len();
        self.buf_used = self.buf_used.max(self.buf_len);
    }

    /// The key powers, computed on first use (before `update_parallel` splits a message).
    #[cfg(feature = "rayon")]
    pub(super) fn ensure_powers(&mut self) {
        if self.powers.is_none() {
            self.powers = key_powers(self.backend, &self.soft.r);
        }
    }

    /// Absorbs more of the message. A stream on a vector backend gathers the calls after its
    /// first while they total less than [`BATCH`] bytes, then absorbs them as one bulk call
    /// (with the key powers computed, so that the vector kernel's warm threshold applies):
    /// many short calls cost what one long one does. The first call of a message, and every
    /// call of a piece, goes straight to a bulk call (a one-shot MAC copies nothing).
    pub(super) fn update(&mut self, mut data: &[u8]) {
        let first = self.len == 0;
        self.len += data.len() as u64;
        if self.head_len < self.head_need {
            let take = (self.head_need - self.head_len).min(data.len());
            self.head[self.head_len..self.head_len + take].copy_from_slice(&data[..take]);
            self.head_len += take;
            data = &data[take..];
        }
        if self.batch && !first && data.len() < BATCH {
            let take = (BATCH - self.buf_len).min(data.len());
            self.gather(&data[..take]);
            data = &data[take..];
            if self.buf_len < BATCH {
                return;
            }
            if self.powers.is_none() {
                self.powers = key_powers(self.backend, &self.soft.r);
            }
            self.flush();
            // Less than BATCH bytes remain, and buf holds none.
            self.gather(data);
            return;
        }
        if self.buf_len > 0 {
            // Complete the partial block (or the gathered calls) to a block boundary, then
            // absorb what buf holds.
            let take = ((BLOCK_SIZE - self.buf_len % BLOCK_SIZE) % BLOCK_SIZE).min(data.len());
            self.gather(&data[..take]);
            data = &data[take..];
            if !self.buf_len.is_multiple_of(BLOCK_SIZE) {
                return;
            }
            self.flush();
        }
        let whole = data.len() - data.len() % BLOCK_SIZE;
        if whole > 0 {
            self.blocks(&data[..whole]);
        }
        self.gather(&data[whole..]);
    }

    /// Pads and absorbs the final partial chunk, then returns the tag with pad s.
    pub(super) fn finalize(&mut self, s: u128) -> Poly1305Tag {
        self.flush();
        if self.buf_len > 0 {
            let mut last = [0u8; BLOCK_SIZE];
            last[..self.buf_len].copy_from_slice(&self.buf[..self.buf_len]);
            last[self.buf_len] = 1;
            self.soft.blocks(&last, 0);
            last.zeroize();
            self.buf[..self.buf_used].zeroize();
            self.buf_len = 0;
            self.buf_used = 0;
        }
        Tag::from_bytes(self.soft.finalize(s))
    }

    pub(super) fn reset(&mut self) {
        let batch = self.batch;
        *self = self.piece_at(0);
        self.batch = batch;
    }
}

/// The powers a key object caches for its backend's vector kernel (all it can need), computed
/// the backend's way; none for the portable backend.
pub(super) fn key_powers(backend: Avail, r: &Fe1305x44) -> Option<Powers<16>> {
    backend.run(KeyPowers(r))
}

/// The kernels of one backend (implemented by its token).
pub(super) trait VectorKernels: Copy {
    /// Every power the vector kernel can need, computed its way (none for `Soft`).
    fn all_powers(self, r: &Fe1305x44) -> Option<Powers<16>>;

    /// Absorbs the leading whole vector steps of `data` (none below the crossover) into the
    /// accumulator `soft.h`, computing the powers into `powers` if needed; returns how many
    /// bytes that was.
    fn vector_blocks(
        self,
        powers: &mut Option<Powers<16>>,
        soft: &mut backend::soft::State,
        data: &[u8],
    ) -> usize;

    /// Absorbs whole blocks one at a time in base 2^64 (what the vector steps leave).
    fn scalar_blocks(self, soft: &mut backend::soft::State, data: &[u8]);
}

impl VectorKernels for token::Soft {
    #[inline(always)]
    fn all_powers(self, _r: &Fe1305x44) -> Option<Powers<16>> {
        None
    }

    #[inline(always)]
    fn vector_blocks(
        self,
        _powers: &mut Option<Powers<16>>,
        _soft: &mut backend::soft::State,
        _data: &[u8],
    ) -> usize {
        0
    }

    #[inline(always)]
    fn scalar_blocks(self, soft: &mut backend::soft::State, data: &[u8]) {
        soft.blocks(data, 1);
    }
}

/// The vector kernel of backend module `$m` (its `vector_min`, `MAX_POWERS`,
/// `powers_for`, `powers` and `blocks`) on token `$T`, whose backend declares the features
/// `$m::blocks` and `$m::powers` enable.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_kernel {
    ($T:ident, $m:ident) => {
        impl VectorKernels for token::$T {
            #[inline(always)]
            fn vector_blocks(
                self,
                slot: &mut Option<Powers<16>>,
                soft: &mut backend::soft::State,
                data: &[u8],
            ) -> usize {
                let [warm, cold] = backend::$m::vector_min();
                let min = if slot.is_some() { warm } else { cold };
                if data.len() < min {
                    return 0;
                }
                // The kernel takes every whole block (a partial group first).
                let vector = data.len();
                let n = backend::$m::powers_for(vector);
                let powers = powers(slot, &soft.r, n, |r, n| {
                    // SAFETY: as below.
                    unsafe { backend::$m::powers(r, n) }
                });
                // SAFETY: the token exists only inside its backend's generated entry, whose
                // checked features include those `blocks` enables (the bench test
                // `target_features`).
                unsafe { backend::$m::blocks(&mut soft.h, powers, &data[..vector]) };
                vector
            }

            #[inline(always)]
            fn all_powers(self, r: &Fe1305x44) -> Option<Powers<16>> {
                // SAFETY: as in `vector_blocks`.
                Some(unsafe { backend::$m::powers(r, backend::$m::MAX_POWERS) })
            }

            #[inline(always)]
            fn scalar_blocks(self, soft: &mut backend::soft::State, data: &[u8]) {
                // SAFETY: as above; the backend's features include bmi2.
                unsafe { backend::scalar64::blocks_bmi2(&mut soft.h, &soft.r64, data, 1) };
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
vector_kernel!(Avx2, avx2);
#[cfg(target_arch = "x86_64")]
vector_kernel!(Avx512Ifma, ifma);

wegman_arch::job! {
    /// The powers a key caches (see [`key_powers`]).
    struct KeyPowers<'a>(&'a Fe1305x44);
    impl<K: VectorKernels> Kernel for KeyPowers<'_> {
        fn run(self, k: K) -> Option<Powers<16>> {
            k.all_powers(self.0)
        }
    }

    /// A bulk call: the vector prefix on the backend's kernel (none below its crossover with
    /// the scalar code: `vector_min()`, warm when the powers are at hand, cold when they must
    /// first be computed), the rest block by block.
    struct Blocks<'a> {
        powers: &'a mut Option<Powers<16>>,
        soft: &'a mut backend::soft::State,
        data: &'a [u8],
    }
    impl<K: VectorKernels> Kernel for Blocks<'_> {
        fn run(self, k: K) -> () {
            let vector = k.vector_blocks(self.powers, self.soft, self.data);
            k.scalar_blocks(self.soft, &self.data[vector..]);
        }
    }
}
