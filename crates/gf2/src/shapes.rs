//! The standard moduli as compile-time shapes (a zero-sized type each, whose reduction and
//! square root unroll for its exponents), and the bridge that lets a runtime
//! [`Field`](crate::Field) with one of these moduli run the unrolled kernels ([`Known`],
//! `with_shape!`). Below both `field` and `fields`, so neither depends on the other through it.

use crate::arith::{Shape, ShapeOf, ssrf_zeta};

/// A modulus fixed at compile time (a zero-sized type per field).
pub(crate) trait ConstShape: Copy {
    const SHAPE: Shape;
}

/// A zero-sized shape type for the modulus x^m + Σ x^e + 1.
macro_rules! const_shape {
    ($shape:ident, $m:literal, [$($e:literal),+], $n_mids:literal) => {
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $shape;

        impl ConstShape for $shape {
            const SHAPE: Shape = {
                let mids = [$($e),+];
                let mut a = [0u32; 3];
                let mut i = 0;
                while i < mids.len() {
                    a[i] = mids[i];
                    i += 1;
                }
                Shape { m: $m, mids: a, n_mids: $n_mids }
            };
        }

        impl ShapeOf for $shape {
            #[inline(always)]
            fn shape(self) -> Shape {
                <$shape as ConstShape>::SHAPE
            }

            #[inline(always)]
            fn zeta(self) -> ([u32; 4], usize) {
                const Z: ([u32; 4], usize) = ssrf_zeta(&<$shape as ConstShape>::SHAPE);
                Z
            }
        }
    };
}

const_shape!(S127, 127, [63], 1);
const_shape!(S127Ssrf, 127, [1], 1);
const_shape!(S163Nist, 163, [7, 6, 3], 3);
const_shape!(S163Ssrf, 163, [57, 49, 29], 3);
const_shape!(S191, 191, [9], 1);
const_shape!(S233Nist, 233, [74], 1);
const_shape!(S233Ssrf, 233, [159], 1);
const_shape!(S283Nist, 283, [12, 7, 5], 3);
const_shape!(S283Ssrf, 283, [97, 89, 87], 3);
const_shape!(S409, 409, [87], 1);
const_shape!(S571Nist, 571, [10, 5, 2], 3);
const_shape!(S571Ssrf, 571, [193, 185, 5], 3);

/// The built-in moduli, so that a runtime [`crate::Field`] whose modulus is one of them runs
/// the unrolled kernels of the specialised type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    F127,
    F127Ssrf,
    F163Nist,
    F163Ssrf,
    F191,
    F233Nist,
    F233Ssrf,
    F283Nist,
    F283Ssrf,
    F409,
    F571Nist,
    F571Ssrf,
}

impl Known {
    /// The built-in modulus with this shape, if any.
    pub(crate) fn of(shape: &Shape) -> Option<Known> {
        [
            (Known::F127, <S127 as ConstShape>::SHAPE),
            (Known::F127Ssrf, <S127Ssrf as ConstShape>::SHAPE),
            (Known::F163Nist, <S163Nist as ConstShape>::SHAPE),
            (Known::F163Ssrf, <S163Ssrf as ConstShape>::SHAPE),
            (Known::F191, <S191 as ConstShape>::SHAPE),
            (Known::F233Nist, <S233Nist as ConstShape>::SHAPE),
            (Known::F233Ssrf, <S233Ssrf as ConstShape>::SHAPE),
            (Known::F283Nist, <S283Nist as ConstShape>::SHAPE),
            (Known::F283Ssrf, <S283Ssrf as ConstShape>::SHAPE),
            (Known::F409, <S409 as ConstShape>::SHAPE),
            (Known::F571Nist, <S571Nist as ConstShape>::SHAPE),
            (Known::F571Ssrf, <S571Ssrf as ConstShape>::SHAPE),
        ]
        .into_iter()
        .find(|(_, s)| s == shape)
        .map(|(k, _)| k)
    }
}

/// Runs `$body` with `$N` the limb count and `$s` the shape of the field `$f`: the
/// compile-time shape of a built-in modulus, or the runtime one.
macro_rules! with_shape {
    ($f:expr, $N:ident, $s:ident => $body:expr) => {
        match $f.known() {
            Some($crate::shapes::Known::F127) => {
                const $N: usize = 2;
                let $s = $crate::shapes::S127;
                $body
            }
            Some($crate::shapes::Known::F127Ssrf) => {
                const $N: usize = 2;
                let $s = $crate::shapes::S127Ssrf;
                $body
            }
            Some($crate::shapes::Known::F163Nist) => {
                const $N: usize = 3;
                let $s = $crate::shapes::S163Nist;
                $body
            }
            Some($crate::shapes::Known::F163Ssrf) => {
                const $N: usize = 3;
                let $s = $crate::shapes::S163Ssrf;
                $body
            }
            Some($crate::shapes::Known::F191) => {
                const $N: usize = 3;
                let $s = $crate::shapes::S191;
                $body
            }
            Some($crate::shapes::Known::F233Nist) => {
                const $N: usize = 4;
                let $s = $crate::shapes::S233Nist;
                $body
            }
            Some($crate::shapes::Known::F233Ssrf) => {
                const $N: usize = 4;
                let $s = $crate::shapes::S233Ssrf;
                $body
            }
            Some($crate::shapes::Known::F283Nist) => {
                const $N: usize = 5;
                let $s = $crate::shapes::S283Nist;
                $body
            }
            Some($crate::shapes::Known::F283Ssrf) => {
                const $N: usize = 5;
                let $s = $crate::shapes::S283Ssrf;
                $body
            }
            Some($crate::shapes::Known::F409) => {
                const $N: usize = 7;
                let $s = $crate::shapes::S409;
                $body
            }
            Some($crate::shapes::Known::F571Nist) => {
                const $N: usize = 9;
                let $s = $crate::shapes::S571Nist;
                $body
            }
            Some($crate::shapes::Known::F571Ssrf) => {
                const $N: usize = 9;
                let $s = $crate::shapes::S571Ssrf;
                $body
            }
            None => {
                let $s = $f.shape();
                $crate::by_limbs!($f.limb_count(), $N => $body)
            }
        }
    };
}
pub(crate) use with_shape;
