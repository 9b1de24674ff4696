//! CPU-feature detection and the one backend-dispatch pattern of wegman (docs/architecture.md,
//! "Backends").
//!
//! Every algorithm with SIMD kernels declares its backends once with [`backends!`], which
//! generates the `enum`, its `ALL` list, `detect()`, `is_available()`, `available()`,
//! `name()`, `features()`, `Display` and `FromStr`, the cached CPUID checks (through
//! [`cpufeatures`]) of exactly the target features each variant's kernels enable, and **the one
//! way to call a backend**: a zero-sized kernel token per variant (module `token`) and
//! `run(job)`, which matches the backend once and enters the job's generic body for that token
//! inside a `#[target_feature]` function whose features are the declared ones.
//!
//! A job is a value implementing [`Job`] (its output) and [`Kernel<T>`] for every token `T`
//! (usually one generic `impl<K: MyKernels> Kernel<K> for MyJob`, with `MyKernels` the
//! algorithm's trait of primitives that each token implements). Kernel bodies are
//! `#[inline(always)]`, so they compile inside the feature-enabled entry. The rules that go
//! with it:
//!
//! - `detect()` runs once, in the constructor of a key, state or field object, and the result is
//!   stored there; each bulk call (`update(&[u8])`, `mul_slice`, an inversion, a batch) matches
//!   it **exhaustively** once: no `_ =>` arm that quietly runs the portable code.
//! - A variant that needs CPU features exists only on `x86_64` (the generated enum carries the
//!   `cfg`), so every match is exhaustive on every target without dead arms.
//! - The `unsafe` of entering a `#[target_feature]` function is in the generated code, once per
//!   backend, behind [`Available`] (made only after `is_available()` said yes); a token's
//!   primitives may call the backend's `#[target_feature]` kernels, each with a `// SAFETY:`
//!   naming the token. `Backend::run` on a backend this CPU lacks returns [`Unavailable`]:
//!   nothing falls back to slower code without saying so.
//! - Building with `RUSTFLAGS='--cfg wegman_backend="soft"'` makes every `detect()` return the
//!   portable default (the first variant), so a whole test suite runs on the portable code;
//!   explicit backends (`with_backend`) stay available for the backend-against-portable tests.
//! - With the `std` feature, the environment variable `WEGMAN_BACKEND` (`soft`, `avx2` or
//!   `avx512`) caps the [`Tier`] that every `detect()` may choose, read once per process, so a
//!   tier can be measured on a CPU that has more. [`requested_tier`] validates it: the CLI and
//!   the Python package refuse to start on an unknown name, and library users get the same
//!   error from [`requested_tier`]; `detect()` itself, which cannot fail, treats an unknown
//!   name as `soft` (the one choice a typo can never make faster than asked).
#![no_std]

#[cfg(feature = "std")]
extern crate std;

#[doc(hidden)]
pub use cpufeatures;

pub mod ct;
pub mod uarch;

/// Whether this build forces the portable backends (`--cfg wegman_backend="soft"`).
pub const FORCE_PORTABLE: bool = cfg!(wegman_backend = "soft");

/// The instruction-set tier of a backend: what a user forces from the outside
/// (`WEGMAN_BACKEND`). Ordered: a cap admits its tier and every lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// Portable code, no CPU extension (`soft`).
    Portable,
    /// x86-64 extensions up to AVX2 (AVX2, PCLMULQDQ, BMI2, and GFNI without AVX-512).
    Avx2,
    /// AVX-512 (any `avx512*` feature).
    Avx512,
}

impl Tier {
    /// Every tier, lowest first.
    pub const ALL: [Tier; 3] = [Tier::Portable, Tier::Avx2, Tier::Avx512];

    /// The tier of a kernel that enables `features`: AVX-512 if one of them is an `avx512*`
    /// feature, else AVX2 (any other extension), else portable.
    pub const fn of_features(features: &[&str]) -> Tier {
        if features.is_empty() {
            return Tier::Portable;
        }
        let mut i = 0;
        while i < features.len() {
            let f = features[i].as_bytes();
            if f.len() >= 6
                && f[0] == b'a'
                && f[1] == b'v'
                && f[2] == b'x'
                && f[3] == b'5'
                && f[4] == b'1'
                && f[5] == b'2'
            {
                return Tier::Avx512;
            }
            i += 1;
        }
        Tier::Avx2
    }

    /// The name `WEGMAN_BACKEND` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Tier::Portable => "soft",
            Tier::Avx2 => "avx2",
            Tier::Avx512 => "avx512",
        }
    }

    /// Whether this CPU has the tier (AVX2 resp. AVX-512 F).
    pub fn is_available(self) -> bool {
        match self {
            Tier::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Tier::Avx2 => tier_cpuid_avx2::get(),
            #[cfg(target_arch = "x86_64")]
            Tier::Avx512 => tier_cpuid_avx512::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Tier::Avx2 | Tier::Avx512 => false,
        }
    }
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(tier_cpuid_avx2, "avx2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(tier_cpuid_avx512, "avx512f");

impl core::fmt::Display for Tier {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Tier {
    type Err = UnknownBackend;

    fn from_str(s: &str) -> Result<Tier, UnknownBackend> {
        match s {
            "soft" | "portable" => Ok(Tier::Portable),
            "avx2" => Ok(Tier::Avx2),
            "avx512" => Ok(Tier::Avx512),
            _ => Err(UnknownBackend),
        }
    }
}

/// What is wrong with `WEGMAN_BACKEND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TierError {
    /// Not one of `soft`, `avx2`, `avx512`.
    Unknown,
    /// A tier this CPU does not have.
    Unavailable(Tier),
}

impl core::fmt::Display for TierError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TierError::Unknown => f.write_str("WEGMAN_BACKEND must be one of soft, avx2, avx512"),
            TierError::Unavailable(t) => write!(
                f,
                "WEGMAN_BACKEND={t}: this CPU lacks {}",
                match t {
                    Tier::Avx512 => "AVX-512",
                    _ => "AVX2",
                }
            ),
        }
    }
}

impl core::error::Error for TierError {}

/// The tier `WEGMAN_BACKEND` asks for: `Ok(None)` when it is unset (or without the `std`
/// feature), an error for an unknown name or a tier this CPU lacks.
pub fn requested_tier() -> Result<Option<Tier>, TierError> {
    #[cfg(feature = "std")]
    {
        let Some(v) = std::env::var_os("WEGMAN_BACKEND") else {
            return Ok(None);
        };
        let t: Tier = v
            .to_str()
            .and_then(|s| s.parse().ok())
            .ok_or(TierError::Unknown)?;
        if t.is_available() {
            Ok(Some(t))
        } else {
            Err(TierError::Unavailable(t))
        }
    }
    #[cfg(not(feature = "std"))]
    Ok(None)
}

/// The highest tier `detect()` may choose: portable under `--cfg wegman_backend="soft"`,
/// else what `WEGMAN_BACKEND` asks for (read once per process; an unknown name caps at
/// portable, an unavailable tier caps at that tier), else no cap. [`requested_tier`] says
/// what is wrong with the variable.
pub fn tier_cap() -> Tier {
    if FORCE_PORTABLE {
        return Tier::Portable;
    }
    #[cfg(feature = "std")]
    {
        use core::sync::atomic::{AtomicU8, Ordering};
        static CAP: AtomicU8 = AtomicU8::new(u8::MAX);
        if let Some(&t) = Tier::ALL.get(usize::from(CAP.load(Ordering::Relaxed))) {
            return t;
        }
        let t = match std::env::var_os("WEGMAN_BACKEND") {
            Some(v) => v
                .to_str()
                .and_then(|s| s.parse().ok())
                .unwrap_or(Tier::Portable),
            None => Tier::Avx512,
        };
        CAP.store(t as u8, Ordering::Relaxed);
        t
    }
    #[cfg(not(feature = "std"))]
    Tier::Avx512
}

/// One line for test output: which backends a "matches the portable one" test covered on this
/// CPU and which it had to skip, e.g. `poly1305 backends: covered soft avx2; skipped
/// avx512ifma (not on this CPU)`. Made by the generated `Backend::coverage(what)`.
#[derive(Clone, Copy, Debug)]
pub struct Coverage<'a, B: 'static> {
    what: &'a str,
    all: &'static [B],
}

impl<'a, B: BackendSet> Coverage<'a, B> {
    /// The coverage of `B`'s backends on this CPU, for the test named `what`.
    pub fn new(what: &'a str) -> Coverage<'a, B> {
        Coverage { what, all: B::ALL }
    }
}

impl<B: BackendSet> core::fmt::Display for Coverage<'_, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} backends: covered", self.what)?;
        for b in self.all.iter().filter(|b| b.is_available()) {
            write!(f, " {b}")?;
        }
        let mut skipped = self.all.iter().filter(|b| !b.is_available()).peekable();
        if skipped.peek().is_some() {
            f.write_str("; skipped")?;
            for b in skipped {
                write!(f, " {b}")?;
            }
            f.write_str(" (not on this CPU)")?;
        }
        Ok(())
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
    /// The target features its kernels enable (none for portable code).
    fn features(self) -> &'static [&'static str];
    /// Its short lowercase name.
    fn name(self) -> &'static str;
}

/// A unit of work run on one backend: a bulk call (`update(&[u8])`, `mul_slice`, a batch).
/// Its body is [`Kernel::run`], one generic implementation per algorithm.
pub trait Job {
    /// What the job returns.
    type Output;
}

/// The body of a [`Job`] on the kernels of token `T` (a zero-sized proof, generated by
/// [`backends!`], that `T`'s target features are present).
///
/// Implement it once, generically: `impl<K: MyKernels> Kernel<K> for MyJob`, with
/// `#[inline(always)]` on `run`, so the body compiles inside the generated
/// `#[target_feature]` entry and every intrinsic of the token's kernels inlines into it.
pub trait Kernel<T>: Job {
    /// Runs the job with the token's kernels.
    fn run(self, token: T) -> Self::Output;
}

/// A kernel token (generated by [`backends!`]): a zero-sized proof that its backend's target
/// features are present. A token runs further jobs under the same features, safely: inside a
/// job, [`Token::run_out_of_line`] calls a large kernel through a function of its own, still
/// compiled for the backend (rather than inlining every large kernel into one job, which
/// costs compile time and code size).
///
/// The default methods run the job directly: right for portable tokens, which need no
/// features; the generated x86 tokens override both with their `#[target_feature]` entries.
pub trait Token: Copy {
    /// Runs `job` under the token's features (the entry may inline into the caller).
    #[inline(always)]
    fn run<J: Kernel<Self>>(self, job: J) -> J::Output {
        job.run(self)
    }
    /// Runs `job` under the token's features in a function that is never inlined.
    #[inline(never)]
    fn run_out_of_line<J: Kernel<Self>>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// How [`backends!`] runs a job on a backend; used through [`Available::run`] and the
/// generated `Backend::run`.
pub trait Run<J: Job>: BackendSet {
    /// Runs `job` on `self`, entering the backend's `#[target_feature]` code.
    ///
    /// # Safety
    /// This CPU must have every feature in `self.features()` (as [`Available`] proves).
    #[doc(hidden)]
    unsafe fn run_unchecked(self, job: J) -> J::Output;
}

/// A backend this CPU was checked to run: the proof that a kernel's target features are
/// present. Only [`Available::new`] and [`Available::detect`] make one, so
/// [`Available::run`] needs no further check. Key, state and field objects store one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Available<B>(B);

impl<B: BackendSet> Available<B> {
    /// `backend`, if this CPU runs it.
    pub fn new(backend: B) -> Result<Available<B>, Unavailable> {
        if backend.is_available() {
            Ok(Available(backend))
        } else {
            Err(Unavailable {
                backend: backend.name(),
                features: backend.features(),
            })
        }
    }

    /// The detected backend (always available).
    pub fn detect() -> Available<B> {
        Available(B::detect())
    }

    /// Every backend this CPU runs.
    pub fn all() -> impl Iterator<Item = Available<B>> {
        B::ALL
            .iter()
            .copied()
            .filter_map(|b| Available::new(b).ok())
    }

    /// The backend.
    pub fn get(self) -> B {
        self.0
    }

    /// Runs `job` on this backend: the one exhaustive match of a bulk call.
    #[inline]
    pub fn run<J: Job>(self, job: J) -> J::Output
    where
        B: Run<J>,
    {
        // SAFETY: an `Available` is made only after `is_available()`, the CPUID check of
        // exactly `features()`, said yes.
        unsafe { self.0.run_unchecked(job) }
    }
}

impl<B: core::fmt::Display> core::fmt::Display for Available<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

/// A backend was asked for (a forced backend, `with_backend`, `Backend::run`) that this CPU
/// cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable {
    /// The backend's name.
    pub backend: &'static str,
    /// The target features it needs.
    pub features: &'static [&'static str],
}

impl core::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "backend {} needs CPU features this CPU lacks (",
            self.backend
        )?;
        for (i, feat) in self.features.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(feat)?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for Unavailable {}

/// The name given to [`FromStr`](core::str::FromStr) that no backend has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownBackend;

impl core::fmt::Display for UnknownBackend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown backend name")
    }
}

/// Declares jobs: for each, the item (a struct or enum), its [`Job`] impl and its one generic
/// [`Kernel`] body, for every token whose kernels implement `$Kernels`:
///
/// ```
/// # use wegman_arch::job;
/// trait Adder: Copy {
///     fn add(self, a: u64, b: u64) -> u64;
/// }
/// job! {
///     /// The sum of a slice.
///     struct Sum<'a>(&'a [u64]);
///     impl<K: Adder> Kernel for Sum<'_> {
///         fn run(self, k: K) -> u64 {
///             self.0.iter().fold(0, |s, &x| k.add(s, x))
///         }
///     }
/// }
/// ```
#[macro_export]
macro_rules! job {
    ($(
        $item:item
        impl<$K:ident: $Kernels:path> Kernel for $Ty:ty {
            fn run($s:tt, $k:tt: $_K:ty) -> $Out:ty $body:block
        }
    )*) => {$(
        $item

        impl $crate::Job for $Ty {
            type Output = $Out;
        }

        impl<$K: $Kernels> $crate::Kernel<$K> for $Ty {
            #[inline(always)]
            fn run($s, $k: $K) -> $Out $body
        }
    )*};
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
///
/// Beside the enum it generates a module `token` with a zero-sized token type per variant
/// (same name) and the trait `token::Kernels` (a [`Job`] with a [`Kernel`] body for every
/// token), and `Backend::run(job)`, also reached as [`Available::run`]:
///
/// ```
/// use wegman_arch::{Available, Job, Kernel};
/// wegman_arch::backends! {
///     /// Two ways to add.
///     pub enum Backend {
///         /// Portable.
///         Soft = "soft";
///         /// With SSE2 (x86-64 only).
///         Sse2 = "sse2" ["sse2"],
///     }
/// }
/// /// The algorithm's primitives, one implementation per token.
/// trait Adder: Copy {
///     fn add(self, a: u64, b: u64) -> u64;
/// }
/// impl Adder for token::Soft {
///     fn add(self, a: u64, b: u64) -> u64 { a.wrapping_add(b) }
/// }
/// # #[cfg(target_arch = "x86_64")]
/// impl Adder for token::Sse2 {
///     fn add(self, a: u64, b: u64) -> u64 { a.wrapping_add(b) }
/// }
/// /// A bulk call: one generic body.
/// struct Sum<'a>(&'a [u64]);
/// impl Job for Sum<'_> {
///     type Output = u64;
/// }
/// impl<K: Adder> Kernel<K> for Sum<'_> {
///     #[inline(always)]
///     fn run(self, k: K) -> u64 {
///         self.0.iter().fold(0, |s, &x| k.add(s, x))
///     }
/// }
/// assert_eq!(Available::<Backend>::detect().run(Sum(&[1, 2, 3])), 6);
/// assert_eq!(Backend::Soft.run(Sum(&[4, 5])), Ok(9));
/// ```
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

        /// The kernel tokens of the backends, each implementing the algorithm's trait of
        /// primitives: zero-sized proofs that a backend's target features are present, made
        /// only by the generated `run` (the portable ones are plain unit structs).
        #[allow(unreachable_pub, dead_code)]
        $vis mod token {
            #[allow(unused_imports)]
            use super::*;

            $(#[$p0doc])*
            #[derive(Clone, Copy, Debug, Default)]
            pub struct $P0;
            $(
                $(#[$pdoc])*
                #[derive(Clone, Copy, Debug, Default)]
                pub struct $P;
            )*
            $(
                $(#[$vdoc])*
                #[cfg(target_arch = "x86_64")]
                #[derive(Clone, Copy, Debug)]
                pub struct $V(pub(super) ());
            )*

            impl $crate::Token for $P0 {}
            $( impl $crate::Token for $P {} )*
            $(
                #[cfg(target_arch = "x86_64")]
                impl $V {
                    /// The entry: the job's body compiled with exactly the declared features.
                    #[inline]
                    $(#[target_feature(enable = $feat)])+
                    pub(super) fn enter<J: $crate::Kernel<$V>>(job: J) -> J::Output {
                        job.run($V(()))
                    }

                    /// [`Self::enter`], never inlined.
                    #[inline(never)]
                    $(#[target_feature(enable = $feat)])+
                    fn enter_out_of_line<J: $crate::Kernel<$V>>(job: J) -> J::Output {
                        job.run($V(()))
                    }
                }

                #[cfg(target_arch = "x86_64")]
                impl $crate::Token for $V {
                    #[inline(always)]
                    fn run<J: $crate::Kernel<Self>>(self, job: J) -> J::Output {
                        // SAFETY: a token exists only once its features were confirmed
                        // (made by `run_unchecked` under its contract, or by a job it ran).
                        unsafe { $V::enter(job) }
                    }
                    #[inline(always)]
                    fn run_out_of_line<J: $crate::Kernel<Self>>(self, job: J) -> J::Output {
                        // SAFETY: as for `run`.
                        unsafe { $V::enter_out_of_line(job) }
                    }
                }
            )*

            /// A job with a body for every backend of this build.
            #[cfg(target_arch = "x86_64")]
            pub trait Kernels:
                $crate::Kernel<$P0> $(+ $crate::Kernel<$P>)* $(+ $crate::Kernel<$V>)*
            {
            }
            #[cfg(target_arch = "x86_64")]
            impl<J> Kernels for J where
                J: $crate::Kernel<$P0> $(+ $crate::Kernel<$P>)* $(+ $crate::Kernel<$V>)*
            {
            }
            /// A job with a body for every backend of this build.
            #[cfg(not(target_arch = "x86_64"))]
            pub trait Kernels: $crate::Kernel<$P0> $(+ $crate::Kernel<$P>)* {}
            #[cfg(not(target_arch = "x86_64"))]
            impl<J> Kernels for J where J: $crate::Kernel<$P0> $(+ $crate::Kernel<$P>)* {}
        }

        impl<J: token::Kernels> $crate::Run<J> for $Enum {
            #[inline]
            unsafe fn run_unchecked(self, job: J) -> J::Output {
                match self {
                    $Enum::$P0 => $crate::Kernel::run(job, token::$P0),
                    $( $Enum::$P => $crate::Kernel::run(job, token::$P), )*
                    $(
                        #[cfg(target_arch = "x86_64")]
                        $Enum::$V => {
                            // SAFETY: `run_unchecked`'s contract: this CPU has every
                            // feature of the declaration, exactly the ones `enter` enables.
                            unsafe { token::$V::enter(job) }
                        }
                    )*
                }
            }
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
                    let cap = $crate::tier_cap();
                    if cap == $crate::Tier::Portable {
                        return best;
                    }
                    $(
                        #[cfg(target_arch = "x86_64")]
                        if $crate::__automatic!($($manual)?)
                            && $Enum::$V.tier() <= cap
                            && $V::get()
                        {
                            best = $Enum::$V;
                        }
                    )*
                    best
                }

                /// The instruction-set tier of `self` (from its features).
                pub const fn tier(self) -> $crate::Tier {
                    $crate::Tier::of_features(self.features())
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
                /// skipped (see [`wegman_arch::Coverage`]).
                pub fn coverage(what: &str) -> $crate::Coverage<'_, $Enum> {
                    $crate::Coverage::new(what)
                }

                /// Runs `job` on `self`: one match, the job's body entered under exactly
                /// the declared features. An error if this CPU cannot run `self`.
                #[inline]
                pub fn run<J: token::Kernels>(self, job: J) -> Result<J::Output, $crate::Unavailable> {
                    $crate::Available::new(self).map(|b| b.run(job))
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

                fn features(self) -> &'static [&'static str] {
                    $Enum::features(self)
                }

                fn name(self) -> &'static str {
                    $Enum::name(self)
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
    fn tiers_from_features_names_and_order() {
        use crate::Tier;
        assert_eq!(Tier::of_features(&[]), Tier::Portable);
        assert_eq!(Tier::of_features(&["pclmulqdq", "sse2"]), Tier::Avx2);
        assert_eq!(Tier::of_features(&["avx2", "gfni"]), Tier::Avx2);
        assert_eq!(Tier::of_features(&["avx512f", "avx512ifma"]), Tier::Avx512);
        assert_eq!(Tier::of_features(&["gfni", "avx512bw"]), Tier::Avx512);
        assert!(Tier::Portable < Tier::Avx2 && Tier::Avx2 < Tier::Avx512);
        for t in Tier::ALL {
            assert_eq!(t.name().parse::<Tier>(), Ok(t));
        }
        assert_eq!("portable".parse::<Tier>(), Ok(Tier::Portable));
        assert!("sse4".parse::<Tier>().is_err());
        assert!(Tier::Portable.is_available());
        #[cfg(target_arch = "x86_64")]
        assert_eq!(Demo::Sse2.tier(), Tier::Avx2);
        assert_eq!(Demo::Tables.tier(), Tier::Portable);
        // The detected backend never exceeds the cap.
        assert!(Demo::detect().tier() <= crate::tier_cap());
    }

    #[test]
    fn available_tokens_only_for_available_backends() {
        for &b in Demo::ALL {
            assert_eq!(crate::Available::new(b).is_ok(), b.is_available());
        }
        assert_eq!(crate::Available::<Demo>::detect().get(), Demo::detect());
        let line = Demo::coverage("demo").to_string();
        assert!(
            line.starts_with("demo backends: covered soft tables"),
            "{line}"
        );
    }
}
