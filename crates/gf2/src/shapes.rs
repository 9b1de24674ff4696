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

/// The built-in moduli, one line each: `Known` variant = shape type (m, middle exponents,
/// their count). Declares the shape types, [`Known`] and `with_shape!`.
macro_rules! known_shapes {
    ($d:tt $($known:ident = $shape:ident($m:literal, [$($e:literal),+], $n_mids:literal)),* $(,)?) => {
        $(const_shape!($shape, $m, [$($e),+], $n_mids);)*

        /// The built-in moduli, so that a runtime [`crate::Field`] whose modulus is one of
        /// them runs the unrolled kernels of the specialised type.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Known {
            $($known,)*
        }

        impl Known {
            /// The built-in modulus with this shape, if any.
            pub(crate) fn of(shape: &Shape) -> Option<Known> {
                $(
                    if *shape == <$shape as ConstShape>::SHAPE {
                        return Some(Known::$known);
                    }
                )*
                None
            }
        }

        /// Runs `$body` with `$N` the limb count and `$s` the shape of the field `$f`: the
        /// compile-time shape of a built-in modulus, or the runtime one.
        macro_rules! with_shape {
            ($d f:expr, $d N:ident, $d s:ident => $d body:expr) => {
                match $d f.known() {
                    $(
                        Some($d crate::shapes::Known::$known) => {
                            const $d N: usize = ($m as usize).div_ceil(64);
                            let $d s = $d crate::shapes::$shape;
                            $d body
                        }
                    )*
                    None => {
                        let $d s = $d f.shape();
                        $d crate::by_limbs!($d f.limb_count(), $d N => $d body)
                    }
                }
            };
        }
    };
}

known_shapes! { $
    F127 = S127(127, [63], 1),
    F127Ssrf = S127Ssrf(127, [1], 1),
    F163Nist = S163Nist(163, [7, 6, 3], 3),
    F163Ssrf = S163Ssrf(163, [57, 49, 29], 3),
    F191 = S191(191, [9], 1),
    F233Nist = S233Nist(233, [74], 1),
    F233Ssrf = S233Ssrf(233, [159], 1),
    F283Nist = S283Nist(283, [12, 7, 5], 3),
    F283Ssrf = S283Ssrf(283, [97, 89, 87], 3),
    F409 = S409(409, [87], 1),
    F571Nist = S571Nist(571, [10, 5, 2], 3),
    F571Ssrf = S571Ssrf(571, [193, 185, 5], 3),
}

// The path `crate::shapes::with_shape` for the other modules (clippy takes the macro, which
// `known_shapes!` declares, for a local item).
#[allow(clippy::single_component_path_imports)]
pub(crate) use with_shape;
