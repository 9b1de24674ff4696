//! Compile-time specialised fields: one declaration per standard modulus generates an element
//! type whose reduction, square root and limb count are fixed at compile time.
//!
//! | type | modulus | square-root friendly |
//! |---|---|---|
//! | [`F127`] | x^127 + x^63 + 1 | yes |
//! | [`F127Ssrf`] | x^127 + x + 1 | yes (lowest middle term) |
//! | [`F163Nist`] | x^163 + x^7 + x^6 + x^3 + 1 (NIST B-163/K-163) | no |
//! | [`F163Ssrf`] | x^163 + x^57 + x^49 + x^29 + 1 | yes |
//! | [`F191`] | x^191 + x^9 + 1 | yes |
//! | [`F233Nist`] | x^233 + x^74 + 1 (NIST B-233/K-233) | no |
//! | [`F233Ssrf`] | x^233 + x^159 + 1 | yes |
//! | [`F283Nist`] | x^283 + x^12 + x^7 + x^5 + 1 (NIST B-283/K-283) | no |
//! | [`F283Ssrf`] | x^283 + x^97 + x^89 + x^87 + 1 | yes |
//! | [`F409`] | x^409 + x^87 + 1 (NIST B-409/K-409, already SSRF) | yes |
//! | [`F571Nist`] | x^571 + x^10 + x^5 + x^2 + 1 (NIST B-571/K-571) | no |
//! | [`F571Ssrf`] | x^571 + x^193 + x^185 + x^5 + 1 | yes |
//!
//! The SSRF moduli are those of Avanzi's table (the lowest second-highest exponent). Each
//! type's tables (trace vector, half-trace rows) are those of its runtime [`Field`](crate::Field), built on
//! first use. [`crate::basis::BasisChange`] converts between the NIST and SSRF types of one
//! degree.

use crate::arith::ssrf_zeta;
use crate::shapes::*;

macro_rules! binary_field {
    (
        $(#[$doc:meta])*
        $name:ident, $shape:ident, $m:literal
    ) => {

        $(#[$doc])*
        ///
        /// An element is its limbs (bit i = coefficient of x^i, nothing at or above x^m);
        /// `==` is constant-time, `+` is XOR, `*` multiplies with the detected backend.
        /// Display/FromStr use the hex of docs/spec.md §2.
        #[derive(Clone, Copy, Default)]
        pub struct $name([u64; ($m as usize).div_ceil(64)]);

        impl $name {
            /// Limbs per element.
            pub const LIMBS: usize = ($m as usize).div_ceil(64);
            /// The degree m.
            pub const DEGREE: u32 = $m;
            /// Zero.
            pub const ZERO: $name = $name([0; ($m as usize).div_ceil(64)]);
            /// One.
            pub const ONE: $name = {
                let mut l = [0; ($m as usize).div_ceil(64)];
                l[0] = 1;
                $name(l)
            };
            const ZETA: ([u32; 4], usize) = ssrf_zeta(&<$shape as ConstShape>::SHAPE);

            /// The backend the arithmetic of this type runs on (detected once per process).
            pub fn backend() -> $crate::Backend {
                $crate::backend::fixed_types().get()
            }

            /// The modulus.
            pub fn modulus() -> $crate::Modulus {
                let s = <$shape as ConstShape>::SHAPE;
                $crate::Modulus::new_unchecked(s.m, s.mids, s.n_mids)
            }

            /// This field as a runtime [`Field`](crate::Field) (built once, on first use),
            /// which holds its tables.
            pub fn field() -> &'static $crate::Field {
                static FIELD: once_cell::race::OnceBox<$crate::Field> =
                    once_cell::race::OnceBox::new();
                FIELD.get_or_init(|| alloc::boxed::Box::new($crate::Field::new($name::modulus())))
            }

            /// An element from little-endian limbs; an error if a bit is at or above x^m.
            pub fn from_limbs(limbs: &[u64]) -> Result<$name, $crate::Error> {
                let e = $name::field().element(limbs)?;
                Ok($name::from_element(&e))
            }

            /// The limbs.
            pub fn limbs(&self) -> &[u64; ($m as usize).div_ceil(64)] {
                &self.0
            }

            /// As an element of the runtime field [`field()`](Self::field).
            pub fn to_element(&self) -> $crate::Element {
                // The limbs are in range by construction.
                $name::field().element(&self.0).unwrap_or_default()
            }

            /// From an element of the runtime field [`field()`](Self::field).
            pub fn from_element(e: &$crate::Element) -> $name {
                $name(core::array::from_fn(|i| e.limbs()[i]))
            }

            /// x.
            pub fn x() -> $name {
                let mut l = [0; ($m as usize).div_ceil(64)];
                l[0] = 2;
                $name(l)
            }

            /// self², by bit spreading and the unrolled reduction.
            #[inline]
            pub fn square(&self) -> $name {
                $name($crate::ops::sqr(&self.0, $shape, $crate::backend::fixed_types()))
            }

            /// self^(2^k).
            pub fn square_n(&self, k: usize) -> $name {
                $name($crate::ops::sqr_n(&self.0, k, $shape, $crate::backend::fixed_types()))
            }

            /// self^{−1}, constant-time (Itoh–Tsujii); none for 0.
            pub fn invert(&self) -> subtle::CtOption<$name> {
                let f = $name::field();
                let tables = f.inversion_tables();
                let r = $name($crate::ops::inv(&self.0, $shape, tables, $crate::backend::fixed_types()));
                subtle::CtOption::new(r, !self.ct_eq(&$name::ZERO))
            }

            /// self^{−1} by extended Euclid: variable-time, for public data.
            pub fn invert_vartime(&self) -> Option<$name> {
                $name::field()
                    .inv_vartime(&self.to_element())
                    .map(|e| $name::from_element(&e))
            }

            /// self^e (little-endian exponent limbs), constant-time in self and e.
            pub fn pow(&self, e: &[u64]) -> $name {
                $name($crate::ops::pow(&self.0, e, $shape, $crate::backend::fixed_types()))
            }

            /// sqrt(self): shifts and XORs for a square-root-friendly modulus (ζ fixed at
            /// compile time), one multiplication by ζ otherwise.
            #[inline]
            pub fn sqrt(&self) -> $name {
                if $name::ZETA.1 > 0 {
                    $name($crate::ops::sqrt_ssrf_const::<
                        { ($m as usize).div_ceil(64) },
                        { $name::ZETA.1 },
                        { $name::ZETA.0[0] as usize },
                        { $name::ZETA.0[1] as usize },
                        { $name::ZETA.0[2] as usize },
                        { $name::ZETA.0[3] as usize },
                    >(&self.0, $crate::backend::fixed_types()))
                } else {
                    let zeta = $name::from_element(&$name::field().sqrt_x());
                    $name($crate::ops::sqrt_generic(
                        &self.0,
                        &zeta.0,
                        $shape,
                        $crate::backend::fixed_types(),
                    ))
                }
            }

            /// Tr(self) ∈ {0, 1}, constant-time. For a square-root-friendly modulus the
            /// trace vector is 1 (Avanzi, Remark 4) and this is bit 0.
            #[inline]
            pub fn trace(&self) -> u8 {
                if $name::ZETA.1 > 0 {
                    (self.0[0] & 1) as u8
                } else {
                    let t = $name::field().trace_vector();
                    let t: [u64; ($m as usize).div_ceil(64)] =
                        core::array::from_fn(|i| t.limbs()[i]);
                    $crate::arith::parity_and(&self.0, &t)
                }
            }

            /// The half-trace H(self) = Σ_{i ≤ (m−1)/2} self^{4^i}, constant-time (every
            /// field here has odd degree): the precomputed rows H(x^i), masked.
            pub fn half_trace(&self) -> $name {
                let f = $name::field();
                $name($crate::ops::apply_cols(&self.0, f.solve_table(), $crate::backend::fixed_types()))
            }

            /// The roots (z, z + 1) of z² + z = self, or none when Tr(self) = 1;
            /// constant-time apart from which of the two it is (z = H(self)).
            pub fn solve(&self) -> Option<($name, $name)> {
                let z = self.half_trace();
                // Revealed on purpose: whether roots exist (Tr(self) = 0).
                let ok = wegman_arch::ct::declassify(subtle::ConstantTimeEq::ct_eq(&self.trace(), &0));
                bool::from(ok).then(|| (z, z + $name::ONE))
            }

            /// out\[i\] = a\[i\]·b\[i\], one backend dispatch for the slice.
            pub fn mul_slice(
                out: &mut [$name],
                a: &[$name],
                b: &[$name],
            ) -> Result<(), $crate::Error> {
                $crate::error::same_len(out.len(), a.len())?;
                $crate::error::same_len(out.len(), b.len())?;
                // The kernel works on limb arrays: copy through them in stack chunks.
                const CHUNK: usize = 64;
                let mut xo = [[0u64; ($m as usize).div_ceil(64)]; CHUNK];
                let mut xa = xo;
                let mut xb = xo;
                let backend = $crate::backend::fixed_types();
                for ((o, a), b) in out.chunks_mut(CHUNK).zip(a.chunks(CHUNK)).zip(b.chunks(CHUNK)) {
                    let k = o.len();
                    for i in 0..k {
                        xa[i] = a[i].0;
                        xb[i] = b[i].0;
                    }
                    $crate::ops::mul_slice(&mut xo[..k], &xa[..k], &xb[..k], $shape, backend);
                    for i in 0..k {
                        o[i] = $name(xo[i]);
                    }
                }
                Ok(())
            }

            /// out\[i\] = sqrt(a\[i\]).
            pub fn sqrt_slice(out: &mut [$name], a: &[$name]) -> Result<(), $crate::Error> {
                $crate::error::same_len(out.len(), a.len())?;
                for (o, x) in out.iter_mut().zip(a) {
                    *o = x.sqrt();
                }
                Ok(())
            }
        }

        impl subtle::ConditionallySelectable for $name {
            fn conditional_select(a: &$name, b: &$name, choice: subtle::Choice) -> $name {
                $name(core::array::from_fn(|i| u64::conditional_select(&a.0[i], &b.0[i], choice)))
            }
        }

        impl subtle::ConstantTimeEq for $name {
            fn ct_eq(&self, other: &$name) -> subtle::Choice {
                self.0.ct_eq(&other.0)
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                self.ct_eq(other).into()
            }
        }

        impl Eq for $name {}

        impl core::ops::Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                $name(core::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
            }
        }

        impl core::ops::AddAssign for $name {
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }

        impl core::ops::Mul for $name {
            type Output = $name;
            #[inline]
            fn mul(self, rhs: $name) -> $name {
                $name($crate::ops::mul(&self.0, &rhs.0, $shape, $crate::backend::fixed_types()))
            }
        }

        impl core::ops::MulAssign for $name {
            fn mul_assign(&mut self, rhs: $name) {
                *self = *self * rhs;
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let digits = ($m as usize).div_ceil(4);
                for i in (0..digits).rev() {
                    let d = (self.0[i / 16] >> (4 * (i % 16))) & 0xf;
                    write!(f, "{d:x}")?;
                }
                Ok(())
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({self})", stringify!($name))
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::Error;
            fn from_str(s: &str) -> Result<$name, $crate::Error> {
                let e = $name::field().parse(s)?;
                Ok($name::from_element(&e))
            }
        }
    };
}

use subtle::ConstantTimeEq as _;

binary_field!(
    /// F_{2^127} = F_2\[x\]/(x^127 + x^63 + 1).
    F127, S127, 127
);
binary_field!(
    /// F_{2^127} = F_2\[x\]/(x^127 + x + 1), the square-root-friendly trinomial with the lowest
    /// middle term.
    F127Ssrf, S127Ssrf, 127
);
binary_field!(
    /// F_{2^163} with NIST's pentanomial x^163 + x^7 + x^6 + x^3 + 1.
    F163Nist, S163Nist, 163
);
binary_field!(
    /// F_{2^163} with the square-root-friendly x^163 + x^57 + x^49 + x^29 + 1
    /// (ζ = x^82 + x^29 + x^25 + x^15).
    F163Ssrf, S163Ssrf, 163
);
binary_field!(
    /// F_{2^191} = F_2\[x\]/(x^191 + x^9 + 1).
    F191, S191, 191
);
binary_field!(
    /// F_{2^233} with NIST's trinomial x^233 + x^74 + 1.
    F233Nist, S233Nist, 233
);
binary_field!(
    /// F_{2^233} with the square-root-friendly x^233 + x^159 + 1 (ζ = x^117 + x^80).
    F233Ssrf, S233Ssrf, 233
);
binary_field!(
    /// F_{2^283} with NIST's pentanomial x^283 + x^12 + x^7 + x^5 + 1.
    F283Nist, S283Nist, 283
);
binary_field!(
    /// F_{2^283} with the square-root-friendly x^283 + x^97 + x^89 + x^87 + 1
    /// (ζ = x^142 + x^49 + x^45 + x^44).
    F283Ssrf, S283Ssrf, 283
);
binary_field!(
    /// F_{2^409} with NIST's trinomial x^409 + x^87 + 1, which is also the square-root-friendly
    /// choice (ζ = x^205 + x^44).
    F409, S409, 409
);
binary_field!(
    /// F_{2^571} with NIST's pentanomial x^571 + x^10 + x^5 + x^2 + 1.
    F571Nist, S571Nist, 571
);
binary_field!(
    /// F_{2^571} with the square-root-friendly x^571 + x^193 + x^185 + x^5 + 1
    /// (ζ = x^286 + x^97 + x^93 + x^3).
    F571Ssrf, S571Ssrf, 571
);
