//! The streaming Hash256 state shared by every front end: encoding into canonical pairs,
//! the FFT-domain dot-product sum (`wegman_gf256::dot`), padding and finalisation.

use std::vec::Vec;

use wegman_gf256::Available;
use wegman_gf256::dot::{B256_UNIT, DotSum, PAIR, Pair};
use zeroize::Zeroize;

use super::keystream::Keys;
use super::{Encoding, encode};

/// The streaming state shared by every front end: the FFT-domain accumulator, the number of
/// pairs absorbed, and a buffer of unabsorbed message bytes.
pub struct State {
    pub(super) enc: Encoding,
    pub(super) sum: DotSum,
    /// Pairs absorbed so far (a multiple of the backend's batch).
    pub(super) pairs: u64,
    /// Buffered message bytes (fewer than `batch_bytes`).
    pub(super) buf: Vec<u8>,
    /// Canonical pairs made from `buf` (b > 1).
    scratch: Vec<Pair>,
    /// Finished sums of joined pieces (polynomial basis), added to the result.
    pub(super) extra: [u8; 32],
}

impl State {
    pub(super) fn new(enc: Encoding, backend: Available) -> State {
        State {
            enc,
            sum: DotSum::new(backend),
            pairs: 0,
            buf: Vec::new(),
            scratch: Vec::new(),
            extra: [0; 32],
        }
    }

    /// Message bytes absorbed or buffered (every pair is 64 bytes of message, whatever b).
    pub(super) fn len(&self) -> u64 {
        self.pairs * PAIR as u64 + self.buf.len() as u64
    }

    /// Absorbs the whole segment pairs (units of 64·b bytes) of the buffer, leaving only a
    /// partial unit buffered; `pairs` then need not be a multiple of the batch.
    pub(super) fn flush_units(&mut self, keys: &Keys<'_>) {
        let whole = self.buf.len() / self.enc.unit() * self.enc.unit();
        if whole == 0 {
            return;
        }
        let mut buf = core::mem::take(&mut self.buf);
        self.absorb_bytes_any(keys, &buf[..whole]);
        buf.copy_within(whole.., 0);
        let rest = buf.len() - whole;
        wipe(&mut buf[rest..]);
        buf.truncate(rest);
        self.buf = buf;
    }

    /// Like `absorb_bytes` for any whole number of units (not only whole batches).
    fn absorb_bytes_any(&mut self, keys: &Keys<'_>, data: &[u8]) {
        match self.enc {
            Encoding::B1 => {
                let (pairs, _) = data.as_chunks::<PAIR>();
                keys.absorb(&mut self.sum, self.pairs, pairs);
                self.pairs += pairs.len() as u64;
            }
            Encoding::B8 | Encoding::B256 => self.absorb_units(keys, data),
        }
    }

    /// Absorbs whole segment pairs of b = 8 or 256, at most a batch's bytes of canonical pairs
    /// at a time. A b = 256 unit whose key the source has in the segment layout goes to the
    /// backend as it is (no transpose).
    fn absorb_units(&mut self, keys: &Keys<'_>, mut data: &[u8]) {
        if self.enc == Encoding::B256 {
            while let Some((seg, rest)) = data.split_first_chunk::<B256_UNIT>() {
                let Some(k) = keys.b256_at(self.pairs) else {
                    break;
                };
                self.sum.absorb_b256(seg, k);
                self.pairs += 256;
                data = rest;
            }
        }
        for piece in data.chunks(self.batch_bytes()) {
            self.scratch.resize(piece.len() / PAIR, [0; PAIR]);
            encode::to_pairs(self.enc, piece, &mut self.scratch);
            keys.absorb(&mut self.sum, self.pairs, &self.scratch);
            self.pairs += self.scratch.len() as u64;
        }
    }

    /// The sum over the whole units absorbed (after [`State::flush_units`]), joined pieces
    /// included, in the polynomial basis: the value a serialised piece carries.
    pub(super) fn unit_sum(&mut self, keys: &Keys<'_>) -> [u8; 32] {
        self.flush_units(keys);
        self.with_extra(self.sum.finish())
    }

    /// A finished sum with the joined pieces' `extra` added.
    fn with_extra(&self, mut r: [u8; 32]) -> [u8; 32] {
        r.iter_mut().zip(self.extra).for_each(|(x, y)| *x ^= y);
        r
    }

    /// [`State::unit_sum`], leaving the state empty at pair 0 (its memory kept: the chunks
    /// of `auth256-2l` reuse one state).
    pub(super) fn take_unit_sum(&mut self, keys: &Keys<'_>) -> [u8; 32] {
        self.flush_units(keys);
        let taken = self.sum.take();
        let r = self.with_extra(taken);
        self.extra.zeroize();
        self.pairs = 0;
        r
    }

    /// Appends `next`, the state of the bytes that follow this state's (which end on a unit
    /// boundary: checked by the callers): its unit sum joins `extra`, its partial unit becomes
    /// this state's buffer.
    pub(super) fn join(&mut self, keys: &Keys<'_>, mut next: State) {
        self.flush_units(keys);
        debug_assert!(self.buf.is_empty());
        let s = next.unit_sum(keys);
        self.extra.iter_mut().zip(s).for_each(|(x, y)| *x ^= y);
        self.pairs = next.pairs;
        core::mem::swap(&mut self.buf, &mut next.buf);
    }

    /// Bytes absorbed at a time: a whole batch of the backend's pairs and a whole segment
    /// pair (both powers of two, so the larger is a multiple of the other).
    pub(super) fn batch_bytes(&self) -> usize {
        self.enc.unit().max(self.sum.batch() * PAIR)
    }

    /// Absorbs `data` (a multiple of `batch_bytes`, so whole batches and segment pairs).
    pub(super) fn absorb_bytes(&mut self, keys: &Keys<'_>, data: &[u8]) {
        let (pairs, _) = data.as_chunks::<PAIR>();
        match self.enc {
            Encoding::B1 => {
                keys.absorb(&mut self.sum, self.pairs, pairs);
                self.pairs += pairs.len() as u64;
            }
            Encoding::B8 | Encoding::B256 => self.absorb_units(keys, data),
        }
    }

    pub(super) fn update(&mut self, keys: &Keys<'_>, mut data: &[u8]) {
        let bb = self.batch_bytes();
        if !self.buf.is_empty() {
            let take = (bb - self.buf.len()).min(data.len());
            self.buf.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.buf.len() == bb {
                let buf = core::mem::take(&mut self.buf);
                self.absorb_bytes(keys, &buf);
                self.buf = buf;
                wipe(&mut self.buf);
                self.buf.clear();
            }
        }
        let direct = data.len() / bb * bb;
        if direct > 0 {
            self.absorb_bytes(keys, &data[..direct]);
        }
        self.buf.extend_from_slice(&data[direct..]);
    }

    /// Pads (0x01, zeros to a multiple of 64·b), absorbs the rest and returns Hash256 in the
    /// polynomial basis.
    pub(super) fn finalize(mut self, keys: &Keys<'_>) -> [u8; 32] {
        let mut tail = core::mem::take(&mut self.buf);
        tail.push(1);
        let padded = tail.len().next_multiple_of(self.enc.unit());
        tail.resize(padded, 0);
        // A b = 256 tail is one whole unit: the unit path (as a segment where the key
        // source has that layout).
        if self.enc == Encoding::B256 {
            self.absorb_units(keys, &tail);
            wipe(&mut tail);
            return self.with_extra(self.sum.finish());
        }
        // Pairs of the tail, canonical: whole batches, then the rest.
        let pairs: &[Pair] = match self.enc {
            Encoding::B1 => tail.as_chunks::<PAIR>().0,
            _ => {
                self.scratch.resize(padded / PAIR, [0; PAIR]);
                encode::to_pairs(self.enc, &tail, &mut self.scratch);
                &self.scratch
            }
        };
        let batch = self.sum.batch();
        let whole = pairs.len() / batch * batch;
        if whole > 0 {
            keys.absorb(&mut self.sum, self.pairs, &pairs[..whole]);
        }
        let rest = &pairs[whole..];
        // Key pairs of the rest: on the stack for short messages (no allocation, no 4 KiB
        // clear), else on the heap.
        let mut small = [[0u8; PAIR]; 4];
        let mut large = Vec::new();
        let kp: &mut [Pair] = if rest.len() <= small.len() {
            &mut small[..rest.len()]
        } else {
            large.resize(rest.len(), [0u8; PAIR]);
            &mut large
        };
        keys.copy_pairs(self.pairs + whole as u64, kp);
        // `kp` has one key pair per pair of `rest`.
        let equal_lengths = self.sum.absorb(rest, kp);
        debug_assert!(equal_lengths.is_ok());
        kp.as_flattened_mut().zeroize();
        wipe(&mut tail);
        // One inverse FFT (values at the 64 points to the product's coefficients) and one
        // reduction per message.
        self.with_extra(self.sum.finish())
    }
}

/// Clears a buffer: a plain fill that `zeroize::optimization_barrier` keeps the optimizer
/// from removing (per-byte volatile writes would cost more than hashing a short message).
fn wipe(b: &mut [u8]) {
    if !b.is_empty() {
        b.fill(0);
        zeroize::optimization_barrier(b);
    }
}

impl Drop for State {
    fn drop(&mut self) {
        wipe(&mut self.buf);
        wipe(self.scratch.as_flattened_mut());
        self.extra.zeroize();
    }
}

impl core::fmt::Debug for State {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Secret: the sums and buffered bytes are not shown.
        f.debug_struct("State")
            .field("pairs", &self.pairs)
            .finish_non_exhaustive()
    }
}
