//! Backend selection for Poly1305 (design.md §1: one enum, detected once, matched once per
//! bulk call).
//!
//! Only the portable [`Backend::Soft`] exists so far; vector backends add variants here and
//! arms in `Core::blocks`, and the forced-backend tests pick them up through
//! [`Backend::available`].

pub(super) mod soft;

/// A Poly1305 implementation strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable 64-bit code: three 44-bit limbs (`Fe1305x44`), `u64 × u64 → u128` products,
    /// one block at a time. Constant-time on every CPU with a constant-time 64-bit multiplier.
    Soft,
}

impl Backend {
    /// Every backend, fastest last.
    pub const ALL: &'static [Backend] = &[Backend::Soft];

    /// The fastest backend this CPU supports. Run once per key or hasher, never per block.
    pub fn detect() -> Backend {
        Backend::Soft
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
        }
    }

    /// The backends this CPU can run (always includes [`Backend::Soft`]).
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.iter().copied().filter(|b| b.is_available())
    }

    /// A short lowercase name, as printed by `wegman bench` and in BENCHMARKS.md.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Soft => "soft",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
