//! The tower F_4 ⊂ F_16 ⊂ F_256 of Bernstein–Chou (*Faster binary-field multiplication and
//! faster binary-field MACs*, §2), the base field of Auth256.
//!
//! ```text
//! F_4   = F_2[α2]  / (α2² + α2 + 1)
//! F_16  = F_4[α4]  / (α4² + α4 + α2)
//! F_256 = F_16[α8] / (α8² + α8 + α2·α4)
//! ```
//!
//! An element a + b·α_{2k} of a level is the integer `a | b << k` (docs/spec.md §2), so α2 = 0x02,
//! α4 = 0x04, α2·α4 = 0x08, α8 = 0x10. Every level is a quadratic extension F_q\[t\]/(t² + t + c),
//! where a variable product costs three products in F_q by Karatsuba,
//!
//! ```text
//! (a + b t)(a' + b' t) = (a a' + c·b b') + ((a + b)(a' + b') + a a') t,
//! ```
//!
//! and the inverse is (a + b + b t) / (a² + a b + c b²). All functions here are branch-free and
//! table-free (constant-time in their arguments).

/// x·y in F_4 (two bits each): (x0 + x1 t)(y0 + y1 t) with t² = t + 1.
#[inline(always)]
const fn mul4(x: u8, y: u8) -> u8 {
    let (x0, x1, y0, y1) = (x & 1, (x >> 1) & 1, y & 1, (y >> 1) & 1);
    let lo = x0 & y0;
    let hi = x1 & y1;
    let mid = (x0 ^ x1) & (y0 ^ y1);
    // low = a a' + b b'; high = (a + b)(a' + b') + a a'.
    (lo ^ hi) | ((mid ^ lo) << 1)
}

/// x·α2 in F_4 (c of the F_16 level).
#[inline(always)]
const fn mul4_alpha2(x: u8) -> u8 {
    mul4(x, 0b10)
}

/// One level of the tower: x·y in F_{q²} = F_q(α) with α² = α + c, by Karatsuba on the
/// halves (x = a + bα): (a + bα)(a' + b'α) = (aa' + c·bb') + ((a + b)(a' + b') + aa')α.
/// `$mul` multiplies in F_q, `$times_c` multiplies by c; elements of F_q are `$bits` bits.
macro_rules! tower_level {
    ($(#[$doc:meta])* $name:ident, $mul:ident, $times_c:ident, $bits:literal) => {
        $(#[$doc])*
        #[inline(always)]
        const fn $name(x: u8, y: u8) -> u8 {
            const MASK: u8 = (1 << $bits) - 1;
            let (a, b, c, d) = (x & MASK, (x >> $bits) & MASK, y & MASK, (y >> $bits) & MASK);
            let ac = $mul(a, c);
            let bd = $mul(b, d);
            let m = $mul(a ^ b, c ^ d);
            (ac ^ $times_c(bd)) | ((m ^ ac) << $bits)
        }
    };
}

tower_level!(
    /// x·y in F_16: (a + b α4)(a' + b' α4) with α4² = α4 + α2.
    mul16, mul4, mul4_alpha2, 2
);

/// x·(α2·α4) in F_16 (c of the F_256 level).
#[inline(always)]
const fn mul16_alpha2alpha4(x: u8) -> u8 {
    mul16(x, 0x08)
}

tower_level!(
    /// x·y in F_256: (a + b α8)(a' + b' α8) with α8² = α8 + α2·α4.
    mul256, mul16, mul16_alpha2alpha4, 4
);

/// x^{−1} in F_4 (0 for 0): x³ = 1, so x^{−1} = x².
#[inline(always)]
const fn inv4(x: u8) -> u8 {
    mul4(x, x)
}

/// x^{−1} in F_16 (0 for 0): (a + b + b α4)·N^{−1}, N = a² + a b + α2 b².
#[inline(always)]
const fn inv16(x: u8) -> u8 {
    let (a, b) = (x & 3, (x >> 2) & 3);
    let n = mul4(a, a) ^ mul4(a, b) ^ mul4_alpha2(mul4(b, b));
    let ni = inv4(n);
    mul4(a ^ b, ni) | (mul4(b, ni) << 2)
}

/// x^{−1} in F_256 (0 for 0): (a + b + b α8)·N^{−1}, N = a² + a b + α2α4 b².
#[inline(always)]
const fn inv256(x: u8) -> u8 {
    let (a, b) = (x & 15, x >> 4);
    let n = mul16(a, a) ^ mul16(a, b) ^ mul16_alpha2alpha4(mul16(b, b));
    let ni = inv16(n);
    mul16(a ^ b, ni) | (mul16(b, ni) << 4)
}

macro_rules! tower_level {
    ($(#[$doc:meta])* $name:ident, $bits:literal, $mul:ident, $inv:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $name(u8);

        impl $name {
            /// Zero.
            pub const ZERO: $name = $name(0);
            /// One.
            pub const ONE: $name = $name(1);
            /// Bits per element.
            pub const BITS: u32 = $bits;

            /// The element with this integer representation; `None` if it has bits at or
            /// above `BITS`.
            pub const fn new(x: u8) -> Option<$name> {
                if $bits < 8 && (x >> ($bits % 8)) != 0 {
                    None
                } else {
                    Some($name(x))
                }
            }

            /// The integer representation (docs/spec.md §2).
            pub const fn to_u8(self) -> u8 {
                self.0
            }

            /// self · rhs (Karatsuba at every level; constant-time).
            pub const fn mul(self, rhs: $name) -> $name {
                $name($mul(self.0, rhs.0))
            }

            /// self².
            pub const fn square(self) -> $name {
                $name($mul(self.0, self.0))
            }

            /// self^{−1}, and 0 for 0 (constant-time; check for zero separately if needed).
            pub const fn invert(self) -> $name {
                $name($inv(self.0))
            }

            /// Every element, in integer order.
            pub fn all() -> impl Iterator<Item = $name> {
                (0..(1u16 << $bits)).map(|x| $name(x as u8))
            }
        }

        impl core::ops::Add for $name {
            type Output = $name;
            // Addition in characteristic 2 is XOR.
            #[allow(clippy::suspicious_arithmetic_impl)]
            fn add(self, rhs: $name) -> $name {
                $name(self.0 ^ rhs.0)
            }
        }

        impl core::ops::AddAssign for $name {
            #[allow(clippy::suspicious_op_assign_impl)]
            fn add_assign(&mut self, rhs: $name) {
                self.0 ^= rhs.0;
            }
        }

        impl core::ops::Mul for $name {
            type Output = $name;
            fn mul(self, rhs: $name) -> $name {
                $name::mul(self, rhs)
            }
        }

        impl core::ops::MulAssign for $name {
            fn mul_assign(&mut self, rhs: $name) {
                *self = $name::mul(*self, rhs);
            }
        }

        impl subtle::ConstantTimeEq for $name {
            fn ct_eq(&self, other: &$name) -> subtle::Choice {
                self.0.ct_eq(&other.0)
            }
        }

        impl subtle::ConditionallySelectable for $name {
            fn conditional_select(a: &$name, b: &$name, choice: subtle::Choice) -> $name {
                $name(u8::conditional_select(&a.0, &b.0, choice))
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}(0x{:02x})", stringify!($name), self.0)
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{:02x}", self.0)
            }
        }
    };
}

tower_level!(
    /// F_4 = F_2\[α2\]/(α2² + α2 + 1): two bits, a + b·α2 ↦ `a | b << 1`.
    Gf4, 2, mul4, inv4
);
tower_level!(
    /// F_16 = F_4\[α4\]/(α4² + α4 + α2): four bits, a + b·α4 ↦ `a | b << 2`.
    Gf16, 4, mul16, inv16
);
tower_level!(
    /// F_256 = F_16\[α8\]/(α8² + α8 + α2·α4): eight bits, a + b·α8 ↦ `a | b << 4`.
    Gf256, 8, mul256, inv256
);

impl Gf256 {
    /// Every byte is an element of F_256.
    pub const fn from_u8(x: u8) -> Gf256 {
        Gf256(x)
    }

    /// α8 = 0x10.
    pub const ALPHA8: Gf256 = Gf256(0x10);
    /// The Cantor basis β1..β6 of docs/spec.md §2 (β_{i}² + β_i = β_{i−1}, β1 = 1).
    pub const CANTOR: [Gf256; 6] = [
        Gf256(0x01),
        Gf256(0x02),
        Gf256(0x05),
        Gf256(0x08),
        Gf256(0x10),
        Gf256(0x2b),
    ];

    /// The F_16 element as an F_256 one (the subfield is the elements below 0x10).
    pub const fn from_f16(x: Gf16) -> Gf256 {
        Gf256(x.0)
    }
}

impl Gf16 {
    /// The F_4 element as an F_16 one.
    pub const fn from_f4(x: Gf4) -> Gf16 {
        Gf16(x.0)
    }
}

/// The isomorphism between the tower F_256 and the AES field F_2\[x\]/(x^8 + x^4 + x^3 + x + 1)
/// (the field of x86 `gf2p8mulb`), as two 8 × 8 bit matrices: `to_aes[i]` is the AES image of
/// tower bit i, `from_aes[i]` the tower image of AES bit i. Built once from the first root
/// (in integer order) of the AES polynomial in the tower; public data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AesIsomorphism {
    to_aes: [u8; 8],
    from_aes: [u8; 8],
}

impl AesIsomorphism {
    /// Finds the isomorphism (256 candidate roots; variable-time on public constants).
    pub fn new() -> AesIsomorphism {
        // ρ with ρ^8 + ρ^4 + ρ^3 + ρ + 1 = 0 in the tower.
        let pow = |x: Gf256, e: u32| (0..e).fold(Gf256::ONE, |acc, _| acc * x);
        let rho = Gf256::all()
            .find(|&r| pow(r, 8) + pow(r, 4) + pow(r, 3) + r + Gf256::ONE == Gf256::ZERO)
            .unwrap_or(Gf256::ONE);
        // from_aes: AES bit i (x^i) ↦ ρ^i.
        let from_aes: [u8; 8] = core::array::from_fn(|i| pow(rho, i as u32).0);
        // to_aes: invert the 8 × 8 matrix by trying all 256 AES bytes (public, tiny).
        let mut to_aes = [0u8; 8];
        for v in 0..=255u8 {
            let t = apply8(&from_aes, v);
            for (i, slot) in to_aes.iter_mut().enumerate() {
                if t == 1 << i {
                    *slot = v;
                }
            }
        }
        AesIsomorphism { to_aes, from_aes }
    }

    /// The AES-field byte of a tower element (constant-time: masked XORs).
    pub fn to_aes(&self, x: Gf256) -> u8 {
        apply8(&self.to_aes, x.0)
    }

    /// The tower element of an AES-field byte (constant-time).
    pub fn from_aes(&self, x: u8) -> Gf256 {
        Gf256(apply8(&self.from_aes, x))
    }

    /// The matrix of [`AesIsomorphism::to_aes`] with row i the image of bit i.
    pub fn to_aes_matrix(&self) -> [u8; 8] {
        self.to_aes
    }

    /// The matrix of [`AesIsomorphism::from_aes`].
    pub fn from_aes_matrix(&self) -> [u8; 8] {
        self.from_aes
    }

    /// [`AesIsomorphism::to_aes`] as a `gf2p8affineqb` matrix
    /// ([`wegman_f2::bytes::affine_matrix`]).
    pub fn to_aes_affine(&self) -> u64 {
        wegman_f2::bytes::affine_matrix(self.to_aes)
    }

    /// [`AesIsomorphism::from_aes`] as a `gf2p8affineqb` matrix.
    pub fn from_aes_affine(&self) -> u64 {
        wegman_f2::bytes::affine_matrix(self.from_aes)
    }
}

impl Default for AesIsomorphism {
    fn default() -> Self {
        AesIsomorphism::new()
    }
}

/// Σ_i bit_i(x)·rows\[i\], with masks.
fn apply8(rows: &[u8; 8], x: u8) -> u8 {
    // An opaque 1, so that LLVM cannot turn the masks into branches on x.
    let one = core::hint::black_box(1u8);
    rows.iter().enumerate().fold(0, |acc, (i, &r)| {
        acc ^ (r & 0u8.wrapping_sub((x >> i) & one))
    })
}
