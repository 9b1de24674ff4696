//! CPU-feature detection and the one backend-dispatch pattern of wegman (design.md §1).
//!
//! Every algorithm with SIMD kernels declares its backends once with [`backends!`], which
//! generates the `enum`, its `ALL` list, `detect()`, `is_available()`, `available()`,
//! `name()`, `features()`, `Display` and `FromStr`, and the cached CPUID checks (through
//! [`cpufeatures`]) of exactly the target features each variant's kernels enable. The rules
//! that go with it:
//!
//! - `detect()` runs once, in the constructor of a key, state or field object, and the result is
//!   stored there; each bulk call (`update(&[u8])`, `mul_slice`, an inversion, a batch) matches
//!   it **exhaustively** once: no `_ =>` arm that quietly runs the portable code.
//! - A variant that needs CPU features exists only on `x86_64` (the generated enum carries the
//!   `cfg`), so every match is exhaustive on every target without dead arms.
//! - Kernels are safe `#[target_feature]` functions; the `unsafe` sits at the dispatch arm with
//!   a `// SAFETY:` comment naming the check (a value of the variant exists only after
//!   `is_available()` said yes: constructors refuse the others).
//! - Building with `RUSTFLAGS='--cfg wegman_backend="soft"'` makes every `detect()` return the
//!   portable default (the first variant), so a whole test suite runs on the portable code;
//!   explicit backends (`with_backend`) stay available for the backend-against-portable tests.
#![no_std]

#[doc(hidden)]
pub use cpufeatures;

/// Whether this build forces the portable backends (`--cfg wegman_backend="soft"`).
pub const FORCE_PORTABLE: bool = cfg!(wegman_backend = "soft");

/// One line for test output: which backends a "matches the portable one" test covered on this
/// CPU and which it had to skip, e.g. `poly1305 backends: covered soft avx2; skipped
/// avx512ifma (not on this CPU)`.
pub fn coverage_line<B: Copy + core::fmt::Display>(
    what: &str,
    all: &[B],
    is_available: impl Fn(B) -> bool,
) -> alloc_free::Line {
    let mut line = alloc_free::Line::new();
    use core::fmt::Write as _;
    let _ = write!(line, "{what} backends: covered");
    for &b in all.iter().filter(|&&b| is_available(b)) {
        let _ = write!(line, " {b}");
    }
    let mut skipped = all.iter().filter(|&&b| !is_available(b)).peekable();
    if skipped.peek().is_some() {
        let _ = write!(line, "; skipped");
        for &b in skipped {
            let _ = write!(line, " {b}");
        }
        let _ = write!(line, " (not on this CPU)");
    }
    line
}

/// A fixed-capacity string for [`coverage_line`] (the crate is `no_std` without `alloc`).
pub mod alloc_free {
    /// Up to 512 bytes of text; longer writes are cut at a character boundary.
    #[derive(Clone)]
    pub struct Line {
        buf: [u8; 512],
        len: usize,
    }

    impl Line {
        pub(crate) fn new() -> Line {
            Line {
                buf: [0; 512],
                len: 0,
            }
        }

        /// The text.
        pub fn as_str(&self) -> &str {
            // Only whole `str`s are ever appended.
            core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
        }
    }

    impl core::fmt::Write for Line {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let mut n = s.len().min(self.buf.len() - self.len);
            while !s.is_char_boundary(n) {
                n -= 1;
            }
            self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
            self.len += n;
            Ok(())
        }
    }

    impl core::fmt::Display for Line {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str(self.as_str())
        }
    }

    impl core::fmt::Debug for Line {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            core::fmt::Debug::fmt(self.as_str(), f)
        }
    }
}

/// What [`backends!`] implements for every backend enum.
pub trait BackendSet: Copy + Eq + core::fmt::Debug + core::fmt::Display + 'static {
    /// Every backend this build has, the portable default first.
    const ALL: &'static [Self];
    /// The fastest automatic backend this CPU runs.
    fn detect() -> Self;
    /// Whether this CPU runs `self`.
    fn is_available(self) -> bool;
}

/// A backend this CPU was checked to run: the proof that a kernel's target features are
/// present, for APIs that take the backend from their caller (free functions on slices) rather
/// than storing it in a key or field object. Only [`Available::new`] and
/// [`Available::detect`] make one, so a dispatch arm holding an `Available` may call that
/// backend's `#[target_feature]` kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Available<B>(B);

impl<B: BackendSet> Available<B> {
    /// `backend`, if this CPU runs it.
    pub fn new(backend: B) -> Option<Available<B>> {
        backend.is_available().then_some(Available(backend))
    }

    /// The detected backend (always available).
    pub fn detect() -> Available<B> {
        Available(B::detect())
    }

    /// Every backend this CPU runs.
    pub fn all() -> impl Iterator<Item = Available<B>> {
        B::ALL.iter().copied().filter_map(Available::new)
    }

    /// The backend.
    pub fn get(self) -> B {
        self.0
    }
}

impl<B: core::fmt::Display> core::fmt::Display for Available<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

/// The name given to [`FromStr`](core::str::FromStr) that no backend has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownBackend;

impl core::fmt::Display for UnknownBackend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown backend name")
    }
}

/// Declares an algorithm's backends and generates everything around them.
///
/// ```
/// wegman_arch::backends! {
///     /// How the example is computed.
///     pub enum Backend {
///         /// Portable code (the first variant is the portable default).
///         Soft = "soft",
///         /// Another portable variant, never picked by `detect()` (kept for measurement).
///         Tables = "tables";
///         /// AVX2 kernels (x86-64 only); `detect()` prefers the last available automatic
///         /// variant.
///         Avx2 = "avx2" ["avx2"],
///     }
/// }
/// assert_eq!(Backend::ALL[0], Backend::Soft);
/// assert!(Backend::Soft.is_available());
/// assert_eq!("tables".parse::<Backend>(), Ok(Backend::Tables));
/// assert_eq!(Backend::Soft.to_string(), "soft");
/// ```
///
/// Portable variants come first (separated by `,`, the list closed by `;`); the first is the
/// default. Each variant after the `;` exists only on `x86_64` and lists exactly the target
/// features its kernels enable; its availability is a cached CPUID check of them. A variant
/// marked `(manual)` is never returned by `detect()` (an alternative kept for measurement).
#[macro_export]
macro_rules! backends {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident {
            $(#[$p0doc:meta])*
            $P0:ident = $p0name:literal
            $(, $(#[$pdoc:meta])* $P:ident = $pname:literal)*
            ;
            $(
                $(#[$vdoc:meta])*
                $V:ident = $vname:literal [$($feat:tt),+] $(($manual:ident))?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        $vis enum $Enum {
            $(#[$p0doc])*
            $P0,
            $( $(#[$pdoc])* $P, )*
            $(
                $(#[$vdoc])*
                #[cfg(target_arch = "x86_64")]
                $V,
            )*
        }

        #[allow(non_snake_case, unreachable_pub, dead_code)]
        const _: () = {
            $(
                #[cfg(target_arch = "x86_64")]
                $crate::cpufeatures::new!($V, $($feat),+);
            )*

            impl $Enum {
                /// Every backend this build has, the portable default first.
                pub const ALL: &'static [$Enum] = &[
                    $Enum::$P0,
                    $( $Enum::$P, )*
                    $( #[cfg(target_arch = "x86_64")] $Enum::$V, )*
                ];

                /// The fastest automatic backend this CPU runs (the portable default under
                /// `--cfg wegman_backend="soft"`). Call it once per key, state or field
                /// object and store the result.
                pub fn detect() -> $Enum {
                    #[allow(unused_mut)]
                    let mut best = $Enum::$P0;
                    if $crate::FORCE_PORTABLE {
                        return best;
                    }
                    $(
                        #[cfg(target_arch = "x86_64")]
                        if $crate::__automatic!($($manual)?) && $V::get() {
                            best = $Enum::$V;
                        }
                    )*
                    best
                }

                /// Whether this CPU runs `self` (a cached CPUID check of exactly
                /// [`Self::features`]).
                pub fn is_available(self) -> bool {
                    match self {
                        $Enum::$P0 $( | $Enum::$P )* => true,
                        $( #[cfg(target_arch = "x86_64")] $Enum::$V => $V::get(), )*
                    }
                }

                /// The backends this CPU runs (the portable default first).
                pub fn available() -> impl Iterator<Item = $Enum> {
                    $Enum::ALL.iter().copied().filter(|b| b.is_available())
                }

                /// A short lowercase name (as printed by `wegman bench` and in BENCHMARKS.md).
                pub const fn name(self) -> &'static str {
                    match self {
                        $Enum::$P0 => $p0name,
                        $( $Enum::$P => $pname, )*
                        $( #[cfg(target_arch = "x86_64")] $Enum::$V => $vname, )*
                    }
                }

                /// The target features its kernels enable (none for portable code).
                pub const fn features(self) -> &'static [&'static str] {
                    match self {
                        $Enum::$P0 $( | $Enum::$P )* => &[],
                        $( #[cfg(target_arch = "x86_64")] $Enum::$V => &[$($feat),+], )*
                    }
                }

                /// One line saying which backends a test covered on this CPU and which it
                /// skipped.
                pub fn coverage(what: &str) -> $crate::alloc_free::Line {
                    $crate::coverage_line(what, $Enum::ALL, $Enum::is_available)
                }
            }

            impl $crate::BackendSet for $Enum {
                const ALL: &'static [$Enum] = $Enum::ALL;

                fn detect() -> $Enum {
                    $Enum::detect()
                }

                fn is_available(self) -> bool {
                    $Enum::is_available(self)
                }
            }

            impl core::fmt::Display for $Enum {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str(self.name())
                }
            }

            impl core::str::FromStr for $Enum {
                type Err = $crate::UnknownBackend;

                fn from_str(s: &str) -> Result<$Enum, $crate::UnknownBackend> {
                    $Enum::ALL
                        .iter()
                        .copied()
                        .find(|b| b.name() == s)
                        .ok_or($crate::UnknownBackend)
                }
            }
        };
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __automatic {
    () => {
        true
    };
    (manual) => {
        false
    };
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    crate::backends! {
        /// A test set: two portable variants and two x86 ones, one of them manual.
        enum Demo {
            /// Portable default.
            Soft = "soft",
            /// Portable alternative.
            Tables = "tables";
            /// Needs SSE2 (every x86-64 CPU has it).
            Sse2 = "sse2" ["sse2"],
            /// Needs SSE2, never detected.
            Manual = "manual" ["sse2"] (manual),
        }
    }

    #[test]
    fn detect_picks_the_last_automatic_available_variant() {
        let d = Demo::detect();
        assert!(d.is_available());
        assert_ne!(d, Demo::Tables);
        if crate::FORCE_PORTABLE {
            assert_eq!(d, Demo::Soft);
        } else {
            #[cfg(target_arch = "x86_64")]
            assert_eq!(d, Demo::Sse2);
        }
        #[cfg(target_arch = "x86_64")]
        assert_ne!(d, Demo::Manual);
    }

    #[test]
    fn names_features_and_parsing() {
        assert_eq!(Demo::ALL[0], Demo::Soft);
        assert_eq!(Demo::Soft.features(), &[] as &[&str]);
        for &b in Demo::ALL {
            assert_eq!(b.name().parse::<Demo>(), Ok(b));
            assert_eq!(b.to_string(), b.name());
        }
        assert_eq!("nope".parse::<Demo>(), Err(crate::UnknownBackend));
        #[cfg(target_arch = "x86_64")]
        assert_eq!(Demo::Manual.features(), &["sse2"]);
        assert!(Demo::available().any(|b| b == Demo::Tables));
    }

    #[test]
    fn available_tokens_only_for_available_backends() {
        for &b in Demo::ALL {
            assert_eq!(crate::Available::new(b).is_some(), b.is_available());
        }
        assert_eq!(crate::Available::<Demo>::detect().get(), Demo::detect());
        let line = Demo::coverage("demo");
        assert!(
            line.as_str()
                .starts_with("demo backends: covered soft tables")
        );
    }
}
