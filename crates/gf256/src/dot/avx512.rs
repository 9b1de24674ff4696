//! The bitsliced b = 256 kernel of `super::sliced` compiled for AVX-512 (F and VL): the same
//! 256-bit words as [`super::avx2`], with the 32 vector registers of AVX-512 and its
//! three-input logic (`vpternlogq`, which LLVM forms from the XOR chains of the twiddle
//! circuits and butterflies). Used by the `Gfni` backend for b = 256, where it reads the
//! segments as they are (the byte-sliced GFNI kernel would need them transposed to pairs).

use super::sliced::{self, Folded};
use crate::bitslice::W256;

/// Adds the products of one b = 256 segment pair ([`sliced::absorb_b256`], one batch).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) fn absorb_b256(
    acc: &mut Folded,
    msg: &[u8; sliced::B256_UNIT],
    key: &[u8; sliced::B256_UNIT],
) {
    sliced::absorb_b256::<W256>(acc, msg, key);
}
