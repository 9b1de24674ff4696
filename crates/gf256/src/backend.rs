//! The backends of the F_256 vector kernels ([`crate::packed`] and [`crate::dot`]).

wegman_arch::backends! {
    /// How vectors of F_256 elements are processed. Every backend gives identical results.
    pub enum Backend {
        /// Portable: bitsliced `u64` words, the tower's Karatsuba circuit and XOR circuits.
        Soft = "soft";
        /// x86 AVX2: the bitsliced circuits of `Soft` on 256-bit words (256 lanes) for
        /// Hash256's batches; `Soft` everywhere else.
        Avx2 = "avx2" ["avx2"],
        /// x86 AVX-512 (F, VL) without GFNI: the bitsliced circuits of `Avx2` with 32
        /// registers and three-input logic (`vpternlogq`).
        Avx512 = "avx512" ["avx2", "avx512f", "avx512vl"],
        /// x86 AVX2 with GFNI (no AVX-512): the byte-sliced network of `Gfni` on 256-bit
        /// vectors for Hash256's groups of 16 pairs; `Soft` everywhere else.
        Gfni256 = "gfni256" ["avx2", "gfni"],
        /// x86 AVX-512 with GFNI: bytes in the AES field (one `gf2p8affineqb` each way),
        /// `gf2p8mulb` and `gf2p8affineqb` products, 64 lanes per vector.
        Gfni = "gfni" ["avx2", "avx512f", "avx512bw", "avx512vl", "gfni"],
    }
}
