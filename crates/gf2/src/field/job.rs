//! [`Field::run`]: a [`FieldJob`] on the operations token of one backend and modulus shape.

use core::fmt;
use core::ops::Add;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use super::{Element, Field};
use crate::arith::{self, MAX_LIMBS};
use crate::backend::Backend;
use crate::backend::token;
use crate::job::{FieldJob, FieldOps};
use crate::ops::{self, Kernel, ShapeOf};
use crate::shapes::{self, Known};

/// An element inside a job: exactly the field's N limbs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limbs<const N: usize>([u64; N]);

impl<const N: usize> Default for Limbs<N> {
    #[inline(always)]
    fn default() -> Self {
        Limbs([0; N])
    }
}

impl<const N: usize> fmt::Debug for Limbs<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Limbs({:x?})", self.0)
    }
}

impl<const N: usize> Add for Limbs<N> {
    type Output = Limbs<N>;
    #[inline(always)]
    fn add(self, rhs: Limbs<N>) -> Limbs<N> {
        Limbs(core::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }
}

impl<const N: usize> ConditionallySelectable for Limbs<N> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Limbs(core::array::from_fn(|i| {
            u64::conditional_select(&a.0[i], &b.0[i], choice)
        }))
    }
}

impl<const N: usize> ConstantTimeEq for Limbs<N> {
    #[inline(always)]
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

/// The operations token of one backend kernel `K` and modulus shape `S` on a field of `N`
/// limbs; it borrows the field's tables.
#[derive(Clone, Copy)]
struct PbOps<'a, K, S, const N: usize> {
    k: K,
    s: S,
    f: &'a Field,
}

impl<'a, K: Kernel, S: ShapeOf, const N: usize> PbOps<'a, K, S, N> {
    #[inline(always)]
    fn new(k: K, s: S, f: &'a Field) -> Self {
        PbOps { k, s, f }
    }

    #[inline(always)]
    fn limbs_of(e: &Element) -> [u64; N] {
        core::array::from_fn(|i| e.limbs[i])
    }
}

impl<K: Kernel, S: ShapeOf, const N: usize> FieldOps for PbOps<'_, K, S, N> {
    type Outer = Element;
    type E = Limbs<N>;

    #[inline(always)]
    fn degree(self) -> u32 {
        self.s.shape().m
    }

    #[inline(always)]
    fn load(self, e: &Element) -> Limbs<N> {
        Limbs(Self::limbs_of(e))
    }

    #[inline(always)]
    fn store(self, e: &Limbs<N>) -> Element {
        let mut limbs = [0u64; MAX_LIMBS];
        limbs[..N].copy_from_slice(&e.0);
        Element { limbs }
    }

    #[inline(always)]
    fn one(self) -> Limbs<N> {
        let mut l = [0u64; N];
        l[0] = 1;
        Limbs(l)
    }

    #[inline(always)]
    fn mul(self, a: &Limbs<N>, b: &Limbs<N>) -> Limbs<N> {
        Limbs(self.k.mul(&a.0, &b.0, self.s))
    }

    #[inline(always)]
    fn sqr(self, a: &Limbs<N>) -> Limbs<N> {
        Limbs(self.k.sqr_n(&a.0, 1, self.s))
    }

    #[inline(always)]
    fn inv(self, a: &Limbs<N>) -> Limbs<N> {
        Limbs(ops::inv_with(
            self.k,
            &a.0,
            self.s,
            self.f.inversion_tables(),
        ))
    }

    #[inline(always)]
    fn sqrt(self, a: &Limbs<N>) -> Limbs<N> {
        let (z, nz) = self.s.zeta();
        if nz > 0 {
            // Avanzi's square root: shifts by the (constant) exponents of ζ.
            let (mut r, o) = self.k.even_odd(&a.0);
            for &e in &z[..nz] {
                arith::xor_shifted(&mut r, &o, e as usize);
            }
            Limbs(r)
        } else {
            let (e, o) = self.k.even_odd(&a.0);
            let mut r = self.k.mul(&o, &Self::limbs_of(&self.f.zeta), self.s);
            for i in 0..N {
                r[i] ^= e[i];
            }
            Limbs(r)
        }
    }

    #[inline(always)]
    fn trace(self, a: &Limbs<N>) -> u8 {
        if self.s.zeta().1 > 0 {
            // A square-root-friendly modulus has trace vector 1 (Avanzi, Remark 4).
            (a.0[0] & 1) as u8
        } else {
            arith::parity_and(&a.0, &Self::limbs_of(&self.f.trace_vec))
        }
    }

    #[inline(always)]
    fn half_trace(self, a: &Limbs<N>) -> Limbs<N> {
        Limbs(self.k.apply_cols(&a.0, self.f.solve_table()))
    }

    #[inline(always)]
    fn half_trace_vartime(self, a: &Limbs<N>) -> Limbs<N> {
        if self.f.ht_windows.is_empty() || N < 5 {
            // Even m: no half-trace; the solving rows, as `half_trace` does. Below five limbs
            // the masked rows are faster than the ≈ m/4 lookups on Zen 3 (163: 50 against
            // 80 ns; 233: 79 against 100; 283: 119 against 92; 571: 376 against 234–360).
            return self.half_trace(a);
        }
        let (e, o) = self.k.even_odd(&a.0);
        Limbs(half_trace_split_vartime(
            e,
            &o,
            &Self::limbs_of(&self.f.trace_vec),
            &self.f.ht_windows,
            &self.f.ht_low,
            &Self::limbs_of(&self.f.h_one),
        ))
    }
}

/// The half-trace for public data (odd m), Avanzi's reduction to odd exponents in one step:
/// write a = c + E(x)² + x·O(x)² with c the constant term (the even/odd split the square root
/// uses). H(E²) = H(E) + E + Tr(E), so H(a) = c·H(1) + E + Tr(E) + H(E) + H(x·O(x²)), where
/// H(x·O(x²)) is one table entry per nibble of O (`odd_windows`: the odd exponents 8j + 1,
/// 8j + 3, 8j + 5, 8j + 7) and H(E), of degree < m/2, one entry per nibble of E
/// (`low_windows`): about m/4 independent lookups of N limbs. The lookups' addresses depend
/// on a, so this is for public data only.
#[inline(always)]
fn half_trace_split_vartime<const N: usize>(
    even: [u64; N],
    odd: &[u64; N],
    trace_vec: &[u64; N],
    odd_windows: &[u64],
    low_windows: &[u64],
    h_one: &[u64; N],
) -> [u64; N] {
    let c = even[0] & 1;
    let mut e = even;
    e[0] &= !1;
    let mut out = e;
    let t = arith::parity_and(&e, trace_vec);
    // Sixteen windows per limb of x, nibble k of the limb selecting one of the sixteen
    // entries of window k: shifts by constants, and no bounds check inside a window.
    let lookup = |out: &mut [u64; N], tab: &[u64], x: &[u64; N]| {
        for (&word, limb_windows) in x.iter().zip(tab.chunks(16 * 16 * N)) {
            for (k, win) in limb_windows.chunks_exact(16 * N).enumerate() {
                let v = ((word >> (4 * k)) & 0xf) as usize;
                let entry = &win[v * N..v * N + N];
                for i in 0..N {
                    out[i] ^= entry[i];
                }
            }
        }
    };
    lookup(&mut out, odd_windows, odd);
    lookup(&mut out, low_windows, &e);
    let mask = 0u64.wrapping_sub(c);
    for i in 0..N {
        out[i] ^= h_one[i] & mask;
    }
    out[0] ^= u64::from(t);
    out
}

/// Runs `$body` with `$N` and `$s` bound to the limb count and compile-time shape of each
/// built-in modulus of the curve degrees.
macro_rules! curve_shapes {
    ($known:expr, $N:ident, $s:ident => $body:expr, _ => $other:expr) => {
        match $known {
            Some(Known::F163Nist) => {
                const $N: usize = 3;
                let $s = shapes::S163Nist;
                $body
            }
            Some(Known::F163Ssrf) => {
                const $N: usize = 3;
                let $s = shapes::S163Ssrf;
                $body
            }
            Some(Known::F233Nist) => {
                const $N: usize = 4;
                let $s = shapes::S233Nist;
                $body
            }
            Some(Known::F233Ssrf) => {
                const $N: usize = 4;
                let $s = shapes::S233Ssrf;
                $body
            }
            Some(Known::F283Nist) => {
                const $N: usize = 5;
                let $s = shapes::S283Nist;
                $body
            }
            Some(Known::F283Ssrf) => {
                const $N: usize = 5;
                let $s = shapes::S283Ssrf;
                $body
            }
            Some(Known::F409) => {
                const $N: usize = 7;
                let $s = shapes::S409;
                $body
            }
            Some(Known::F571Nist) => {
                const $N: usize = 9;
                let $s = shapes::S571Nist;
                $body
            }
            Some(Known::F571Ssrf) => {
                const $N: usize = 9;
                let $s = shapes::S571Ssrf;
                $body
            }
            _ => $other,
        }
    };
}

/// A job and its field, waiting for the kernel token.
struct Pending<'a, J, S, const N: usize> {
    job: J,
    s: S,
    f: &'a Field,
}

impl<J: FieldJob<Element>, S: ShapeOf, const N: usize> wegman_arch::Job for Pending<'_, J, S, N> {
    type Output = J::Output;
}

impl<K: Kernel, J: FieldJob<Element>, S: ShapeOf, const N: usize> wegman_arch::Kernel<K>
    for Pending<'_, J, S, N>
{
    #[inline(always)]
    fn run(self, k: K) -> J::Output {
        self.job.run(PbOps::<K, S, N>::new(k, self.s, self.f))
    }
}

impl Field {
    /// Runs `job` inside one match of this field's backend and modulus: for the built-in
    /// moduli of degrees 163, 233, 283, 409 and 571 (NIST and square-root friendly) the job's
    /// operations inline, compiled for the backend and unrolled for the modulus; any other
    /// modulus runs the job on the portable kernel with the runtime shape.
    pub fn run<J: FieldJob<Element>>(&self, job: J) -> J::Output {
        curve_shapes!(self.known, N, s => {
            self.backend.run(Pending::<J, _, N> { job, s, f: self })
        }, _ => crate::by_limbs!(self.n, N => job.run(PbOps::<token::Soft, _, N>::new(token::Soft, self.shape(), self))))
    }

    /// The backend a job runs on (for reports).
    pub fn run_backend(&self) -> Backend {
        if curve_shapes!(self.known, _N, _s => true, _ => false) {
            self.backend.get()
        } else {
            Backend::Soft
        }
    }
}
