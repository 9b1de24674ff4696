//! The bitsliced kernels of `super::sliced` compiled for AVX-512 (F and VL): the same 256-bit
//! words as [`super::avx2`], with the 32 vector registers of AVX-512 and its three-input logic
//! (`vpternlogq`, which LLVM forms from the XOR chains of the twiddle circuits and
//! butterflies). The `Avx512` backend (AVX-512 without GFNI) runs both; the `Gfni` backend
//! runs the b = 256 one, which reads the segments as they are (its byte-sliced kernel would
//! need them transposed to pairs).
//!
//! 512-bit words are not used yet: on Zen 4 a 512-bit logic operation takes two of the four
//! 256-bit ALU slots, so they could only save instructions and loads there, and a 512-lane
//! batch is two b = 256 units, which `auth256-2l` hashes one chunk at a time (each chunk's
//! sum is finished on its own). Measured against `Avx2` on Zen 4 (BENCHMARKS.md).

use super::Pair;
use super::sliced::{self, Folded, absorb_batches};
use crate::bitslice::W256;

/// Adds the products of whole 256-pair batches into `acc`.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) fn absorb(acc: &mut Folded, msg: &[Pair], key: &[Pair]) {
    absorb_batches::<W256>(acc, msg, key);
}

/// Adds the products of one b = 256 segment pair ([`sliced::absorb_b256`], one batch).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) fn absorb_b256(
    acc: &mut Folded,
    msg: &[u8; sliced::B256_UNIT],
    key: &[u8; sliced::B256_UNIT],
) {
    sliced::absorb_b256::<W256>(acc, msg, key);
}
