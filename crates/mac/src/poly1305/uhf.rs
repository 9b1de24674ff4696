//! The RustCrypto `universal-hash` traits on [`Poly1305`].

use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U1, U16, U32};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};

use super::Poly1305;

impl KeySizeUser for Poly1305 {
    type KeySize = U32;
}

/// The RustCrypto constructor: same as [`Poly1305::new`].
impl KeyInit for Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        Poly1305::new(&(*key).into())
    }
}

impl BlockSizeUser for Poly1305 {
    type BlockSize = U16;
}

/// The RustCrypto universal-hash interface: whole 16-byte blocks (each with the 2^128 bit, as
/// for full chunks of the byte-oriented API), `update_padded` for AEAD-style zero padding,
/// and `finalize` giving the Poly1305 tag. Mixing it with the byte-oriented
/// [`Poly1305::update`] is allowed: blocks are appended to the bytes absorbed so far.
impl UniversalHash for Poly1305 {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut UhfBlocks(self));
    }

    fn finalize(self) -> Block<Self> {
        Poly1305::finalize(self).into_bytes().into()
    }
}

impl Reset for Poly1305 {
    fn reset(&mut self) {
        Poly1305::reset(self);
    }
}

/// Adapter feeding universal-hash blocks to the byte-oriented core.
struct UhfBlocks<'a>(&'a mut Poly1305);

impl BlockSizeUser for UhfBlocks<'_> {
    type BlockSize = U16;
}

impl ParBlocksSizeUser for UhfBlocks<'_> {
    type ParBlocksSize = U1;
}

impl UhfBackend for UhfBlocks<'_> {
    fn proc_block(&mut self, block: &Block<Self>) {
        self.0.update(block.as_slice());
    }
}
