//! A deterministic xorshift64 generator (Marsaglia 2003): test inputs, not secrets.

/// xorshift64 with shifts (13, 7, 17).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is mapped to a non-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// The next byte (from the high half of the next word).
    pub fn next_u8(&mut self) -> u8 {
        (self.next_u64() >> 32) as u8
    }

    /// A value below `n` (n > 0; slightly biased, fine for tests).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A uniform value below 2^bits as little-endian 64-bit limbs (⌈bits/64⌉ of them): a
    /// random field element of degree `bits` or a random scalar of that length.
    pub fn limbs(&mut self, bits: u32) -> Vec<u64> {
        (0..bits.div_ceil(64))
            .map(|i| {
                let x = self.next_u64();
                let top = bits - 64 * i;
                if top >= 64 {
                    x
                } else {
                    x & ((1u64 << top) - 1)
                }
            })
            .collect()
    }

    /// `len` bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u8()).collect()
    }

    /// Fills `out`.
    pub fn fill(&mut self, out: &mut [u8]) {
        out.iter_mut().for_each(|b| *b = self.next_u8());
    }

    /// An array of bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        core::array::from_fn(|_| self.next_u8())
    }
}

/// `len` deterministic bytes from `seed` (the stream the MAC tests and vector files use).
pub fn bytes(seed: u64, len: usize) -> Vec<u8> {
    Rng::new(seed).bytes(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stream is the one the committed vector files were made with.
    #[test]
    fn stream_is_stable() {
        assert_eq!(
            bytes(1, 8),
            [0xae, 0xb9, 0x91, 0x0c, 0xe0, 0xce, 0x44, 0x2e]
        );
    }
}
