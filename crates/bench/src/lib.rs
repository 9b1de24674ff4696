//! Peer implementations for wegman's benchmarks, behind small safe wrappers.
//!
//! - [`OpensslPoly1305`]: OpenSSL 3's Poly1305 through `EVP_MAC` (its fastest path, AVX-512
//!   IFMA where the CPU has it), one reusable context.
//! - [`sodium_poly1305`]: libsodium's `crypto_onetimeauth_poly1305`, when the system has
//!   libsodium (see `build.rs`; `SODIUM_AVAILABLE` says whether it was linked).
//!
//! The wrappers are also tested against wegman (an independent cross-check of both).

use std::ffi::CStr;
use std::ptr;

use openssl_sys as ffi;

/// OpenSSL's Poly1305 MAC: a fetched `EVP_MAC` and one context, reused for every message.
#[derive(Debug)]
pub struct OpensslPoly1305 {
    mac: *mut ffi::EVP_MAC,
    ctx: *mut ffi::EVP_MAC_CTX,
}

impl OpensslPoly1305 {
    /// Fetches Poly1305 from the default provider; `None` if this OpenSSL lacks it.
    pub fn new() -> Option<Self> {
        const NAME: &CStr = c"POLY1305";
        ffi::init();
        // SAFETY: NAME is a NUL-terminated string; a null library context and property
        // query select the defaults. The result is checked for null before use.
        let mac = unsafe { ffi::EVP_MAC_fetch(ptr::null_mut(), NAME.as_ptr(), ptr::null()) };
        if mac.is_null() {
            return None;
        }
        // SAFETY: `mac` is a valid fetched EVP_MAC.
        let ctx = unsafe { ffi::EVP_MAC_CTX_new(mac) };
        if ctx.is_null() {
            // SAFETY: `mac` was fetched above and is freed once.
            unsafe { ffi::EVP_MAC_free(mac) };
            return None;
        }
        Some(OpensslPoly1305 { mac, ctx })
    }

    /// The Poly1305 tag of `msg` under the one-time key `key` (r || s).
    pub fn mac(&mut self, key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        let mut out = [0u8; 16];
        let mut outl = 0usize;
        // SAFETY: `ctx` is a live context; key, msg and out are valid for the lengths
        // passed; OpenSSL writes at most `out.len()` bytes.
        let ok = unsafe {
            ffi::EVP_MAC_init(self.ctx, key.as_ptr(), key.len(), ptr::null()) == 1
                && ffi::EVP_MAC_update(self.ctx, msg.as_ptr(), msg.len()) == 1
                && ffi::EVP_MAC_final(self.ctx, out.as_mut_ptr(), &mut outl, out.len()) == 1
        };
        assert!(ok && outl == 16, "OpenSSL Poly1305 failed");
        out
    }
}

impl Drop for OpensslPoly1305 {
    fn drop(&mut self) {
        // SAFETY: both were created in `new` and are freed exactly once.
        unsafe {
            ffi::EVP_MAC_CTX_free(self.ctx);
            ffi::EVP_MAC_free(self.mac);
        }
    }
}

/// Whether libsodium was found and linked at build time.
pub const SODIUM_AVAILABLE: bool = cfg!(has_libsodium);

#[cfg(has_libsodium)]
unsafe extern "C" {
    fn sodium_init() -> core::ffi::c_int;
    fn crypto_onetimeauth_poly1305(
        out: *mut u8,
        input: *const u8,
        inlen: core::ffi::c_ulonglong,
        k: *const u8,
    ) -> core::ffi::c_int;
}

/// libsodium's Poly1305 (`crypto_onetimeauth_poly1305`), or `None` without libsodium.
pub fn sodium_poly1305(key: &[u8; 32], msg: &[u8]) -> Option<[u8; 16]> {
    #[cfg(has_libsodium)]
    {
        let mut out = [0u8; 16];
        // SAFETY: sodium_init is idempotent and thread-safe; the buffers are valid for the
        // lengths passed and `out` has the 16 bytes the function writes.
        let rc = unsafe {
            if sodium_init() < 0 {
                return None;
            }
            crypto_onetimeauth_poly1305(
                out.as_mut_ptr(),
                msg.as_ptr(),
                msg.len() as _,
                key.as_ptr(),
            )
        };
        (rc == 0).then_some(out)
    }
    #[cfg(not(has_libsodium))]
    {
        let _ = (key, msg);
        None
    }
}
