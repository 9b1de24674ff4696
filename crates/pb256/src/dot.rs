//! The pseudo-dot-product sum of `auth256-pb` (docs/spec.md §3.3.2), unreduced until
//! [`DotSum::finish`].

use zeroize::Zeroize;

use crate::backend::{Absorb, Available, Backend, MulWide};
use crate::field::{Fe256x64, Wide512x64};

/// Bytes in a pair (m_t ‖ m'_t, or a key pair r_t ‖ r'_t).
pub const PAIR: usize = 64;
/// A pair: two 32-byte elements.
pub type Pair = [u8; PAIR];

/// A key shorter than the message it is to hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyTooShort;

/// Σ_t (m_t + r_t)(m'_t + r'_t) over the pairs absorbed, as an unreduced 511-bit sum, on one
/// backend. Secret (it reveals the key for a known message); wiped on drop.
pub struct DotSum {
    backend: Available,
    acc: Wide512x64,
}

impl DotSum {
    /// The empty sum on `backend`.
    pub fn new(backend: Available) -> DotSum {
        DotSum {
            backend,
            acc: Wide512x64::default(),
        }
    }

    /// The backend this sum runs on.
    pub fn backend(&self) -> Backend {
        self.backend.get()
    }

    /// The checked backend (to start further sums or products on it).
    pub fn available(&self) -> Available {
        self.backend
    }

    /// Adds Σ (m_t + k_t)(m'_t + k'_t) over the pairs of `msg`, pair t against `key[t]`.
    ///
    /// Errors: [`KeyTooShort`] (and nothing added) if `key` has fewer pairs than `msg`.
    pub fn absorb(&mut self, msg: &[Pair], key: &[Pair]) -> Result<(), KeyTooShort> {
        if key.len() < msg.len() {
            return Err(KeyTooShort);
        }
        if !msg.is_empty() {
            self.backend.run(Absorb(&mut self.acc, msg, key));
        }
        Ok(())
    }

    /// Adds an element (the finished sum of another part of the same chunk: sums reduce
    /// linearly, so a reduced partial sum joins an unreduced one).
    pub fn add(&mut self, x: &Fe256x64) {
        for (a, b) in self.acc.0.iter_mut().zip(x.0) {
            *a ^= b;
        }
    }

    /// The sum reduced mod f; the sum starts again from zero.
    pub fn finish(&mut self) -> Fe256x64 {
        let r = self.acc.reduce();
        self.acc.zeroize();
        r
    }
}

impl Drop for DotSum {
    fn drop(&mut self) {
        self.acc.zeroize();
    }
}

impl core::fmt::Debug for DotSum {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "DotSum {{ backend: {}, .. }}", self.backend)
    }
}

/// a·b in K on `backend` (one carry-less product and one reduction).
pub fn mul_on(backend: Available, a: &Fe256x64, b: &Fe256x64) -> Fe256x64 {
    let mut w = backend.run(MulWide(&a.0, &b.0));
    let r = w.reduce();
    w.zeroize();
    r
}
