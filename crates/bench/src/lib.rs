//! Peer implementations for wegman's benchmarks, behind small safe wrappers.
//!
//! OpenSSL and libsodium are probed in `build.rs` (pkg-config): a machine without them still
//! builds and tests the workspace, and the peers they provide are skipped with a note.
//!
//! - [`OpensslPoly1305`]: OpenSSL 3's Poly1305 through `EVP_MAC` (its fastest path, AVX-512
//!   IFMA where the CPU has it), one reusable context.
//! - [`OpensslGmac`]: OpenSSL 3's GMAC (AES-128-GCM's GHASH over the message, the tag
//!   masked with AES) through `EVP_MAC`: its fastest GHASH code, the peer for Auth256.
//! - [`sodium_poly1305`]: libsodium's `crypto_onetimeauth_poly1305`, when the system has
//!   libsodium (see `build.rs`; `SODIUM_AVAILABLE` says whether it was linked).
//!
//! - [`ntl::Gf2e`]: NTL's `GF2E` field arithmetic (when the system has libntl-dev), for the
//!   binary-field benchmarks.
//!
//! The wrappers are also tested against wegman (an independent cross-check of both).

/// Whether OpenSSL's libcrypto (3.x) was found and linked at build time; without it the
/// OpenSSL peers' constructors return `None` and the benches and cross-checks skip them.
pub const OPENSSL_AVAILABLE: bool = cfg!(has_openssl);

#[cfg(has_openssl)]
use std::ffi::CStr;
#[cfg(has_openssl)]
use std::ptr;

/// The few libcrypto 3 entry points the peers use, declared here so that building needs no
/// OpenSSL headers (`build.rs` links libcrypto when pkg-config finds it).
#[cfg(has_openssl)]
mod ffi {
    use core::ffi::{c_char, c_int, c_uint, c_void};

    /// `EVP_MAC` (opaque).
    #[repr(C)]
    pub(crate) struct EvpMac {
        _private: [u8; 0],
    }
    /// `EVP_MAC_CTX` (opaque).
    #[repr(C)]
    pub(crate) struct EvpMacCtx {
        _private: [u8; 0],
    }
    /// `OSSL_PARAM` (openssl/core.h).
    #[repr(C)]
    pub(crate) struct OsslParam {
        key: *const c_char,
        data_type: c_uint,
        data: *mut c_void,
        data_size: usize,
        return_size: usize,
    }

    unsafe extern "C" {
        pub(crate) fn EVP_MAC_fetch(
            libctx: *mut c_void,
            algorithm: *const c_char,
            properties: *const c_char,
        ) -> *mut EvpMac;
        pub(crate) fn EVP_MAC_free(mac: *mut EvpMac);
        pub(crate) fn EVP_MAC_CTX_new(mac: *mut EvpMac) -> *mut EvpMacCtx;
        pub(crate) fn EVP_MAC_CTX_free(ctx: *mut EvpMacCtx);
        pub(crate) fn EVP_MAC_init(
            ctx: *mut EvpMacCtx,
            key: *const u8,
            keylen: usize,
            params: *const OsslParam,
        ) -> c_int;
        pub(crate) fn EVP_MAC_update(ctx: *mut EvpMacCtx, data: *const u8, datalen: usize)
        -> c_int;
        pub(crate) fn EVP_MAC_final(
            ctx: *mut EvpMacCtx,
            out: *mut u8,
            outl: *mut usize,
            outsize: usize,
        ) -> c_int;
        pub(crate) fn OSSL_PARAM_construct_utf8_string(
            key: *const c_char,
            buf: *mut c_char,
            bsize: usize,
        ) -> OsslParam;
        pub(crate) fn OSSL_PARAM_construct_octet_string(
            key: *const c_char,
            buf: *mut c_void,
            bsize: usize,
        ) -> OsslParam;
        pub(crate) fn OSSL_PARAM_construct_end() -> OsslParam;
    }
}

/// A fetched `EVP_MAC` and one context for it, freed on drop.
#[cfg(has_openssl)]
#[derive(Debug)]
struct EvpMac {
    mac: *mut ffi::EvpMac,
    ctx: *mut ffi::EvpMacCtx,
}

/// Without OpenSSL: never constructed.
#[cfg(not(has_openssl))]
#[derive(Debug)]
struct EvpMac;

impl EvpMac {
    /// Fetches the MAC `name` from the default provider; `None` if this OpenSSL lacks it (or
    /// OpenSSL was not found at build time).
    #[cfg(has_openssl)]
    fn fetch(name: &CStr) -> Option<EvpMac> {
        // SAFETY: `name` is NUL-terminated; a null library context and property query select
        // the defaults (libcrypto 3 initialises itself). The result is checked for null.
        let mac = unsafe { ffi::EVP_MAC_fetch(ptr::null_mut(), name.as_ptr(), ptr::null()) };
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
        Some(EvpMac { mac, ctx })
    }

    #[cfg(not(has_openssl))]
    fn fetch(_name: &core::ffi::CStr) -> Option<EvpMac> {
        None
    }

    /// init (with optional parameters), update, final: the 16-byte tag.
    #[cfg(has_openssl)]
    fn run(
        &mut self,
        key: &[u8],
        params: *const ffi::OsslParam,
        msg: &[u8],
        what: &str,
    ) -> [u8; 16] {
        let mut out = [0u8; 16];
        let mut outl = 0usize;
        // SAFETY: `ctx` is a live context; key, msg and out are valid for the lengths
        // passed; `params` is null or an `OSSL_PARAM` array ending in the end marker, alive
        // for the call; OpenSSL writes at most `out.len()` bytes.
        let ok = unsafe {
            ffi::EVP_MAC_init(self.ctx, key.as_ptr(), key.len(), params) == 1
                && ffi::EVP_MAC_update(self.ctx, msg.as_ptr(), msg.len()) == 1
                && ffi::EVP_MAC_final(self.ctx, out.as_mut_ptr(), &mut outl, out.len()) == 1
        };
        assert!(ok && outl == 16, "OpenSSL {what} failed");
        out
    }
}

#[cfg(has_openssl)]
impl Drop for EvpMac {
    fn drop(&mut self) {
        // SAFETY: both were created in `fetch` and are freed exactly once.
        unsafe {
            ffi::EVP_MAC_CTX_free(self.ctx);
            ffi::EVP_MAC_free(self.mac);
        }
    }
}

/// OpenSSL's Poly1305 MAC: a fetched `EVP_MAC` and one context, reused for every message.
#[derive(Debug)]
pub struct OpensslPoly1305(EvpMac);

impl OpensslPoly1305 {
    /// Fetches Poly1305 from the default provider; `None` if this OpenSSL lacks it or OpenSSL
    /// was not found at build time.
    pub fn new() -> Option<Self> {
        EvpMac::fetch(c"POLY1305").map(OpensslPoly1305)
    }

    /// The Poly1305 tag of `msg` under the one-time key `key` (r || s).
    pub fn mac(&mut self, key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        #[cfg(has_openssl)]
        return self.0.run(key, ptr::null(), msg, "Poly1305");
        #[cfg(not(has_openssl))]
        {
            let _ = (key, msg);
            unreachable!("no OpenSSL: `new` returned None")
        }
    }
}

/// OpenSSL's GMAC with AES-128-GCM: a fetched `EVP_MAC` and one context, reused.
#[derive(Debug)]
pub struct OpensslGmac(EvpMac);

impl OpensslGmac {
    /// Fetches GMAC from the default provider; `None` if this OpenSSL lacks it or OpenSSL was
    /// not found at build time.
    pub fn new() -> Option<Self> {
        EvpMac::fetch(c"GMAC").map(OpensslGmac)
    }

    /// The GMAC tag of `msg` under the AES-128 key `key` and the 12-byte IV `iv` (equal to the
    /// AES-128-GCM tag with `msg` as associated data and no plaintext).
    pub fn mac(&mut self, key: &[u8; 16], iv: &[u8; 12], msg: &[u8]) -> [u8; 16] {
        #[cfg(has_openssl)]
        {
            let mut cipher = *b"AES-128-GCM\0";
            let mut iv = *iv;
            // SAFETY: the parameter names are NUL-terminated literals; `cipher` and `iv`
            // outlive the call that reads them (`run` below).
            let params = unsafe {
                [
                    ffi::OSSL_PARAM_construct_utf8_string(
                        c"cipher".as_ptr(),
                        cipher.as_mut_ptr().cast(),
                        cipher.len() - 1,
                    ),
                    ffi::OSSL_PARAM_construct_octet_string(
                        c"iv".as_ptr(),
                        iv.as_mut_ptr().cast(),
                        iv.len(),
                    ),
                    ffi::OSSL_PARAM_construct_end(),
                ]
            };
            self.0.run(key, params.as_ptr(), msg, "GMAC")
        }
        #[cfg(not(has_openssl))]
        {
            let _ = (key, iv, msg);
            unreachable!("no OpenSSL: `new` returned None")
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

/// NTL's `GF2E` (Debian's libntl-dev build), for the binary-field benchmarks.
pub mod ntl {
    /// Whether the NTL harness was compiled and linked (see `build.rs`).
    pub const AVAILABLE: bool = cfg!(has_ntl);

    #[cfg(has_ntl)]
    unsafe extern "C" {
        fn wegman_ntl_new(
            exps: *const core::ffi::c_long,
            n_exps: core::ffi::c_long,
            a: *const u64,
            b: *const u64,
            limbs: core::ffi::c_long,
        ) -> *mut core::ffi::c_void;
        fn wegman_ntl_use(p: *mut core::ffi::c_void);
        fn wegman_ntl_mul(p: *mut core::ffi::c_void);
        fn wegman_ntl_sqr(p: *mut core::ffi::c_void);
        fn wegman_ntl_inv(p: *mut core::ffi::c_void);
        fn wegman_ntl_result(p: *mut core::ffi::c_void, out: *mut u64, limbs: core::ffi::c_long);
        fn wegman_ntl_free(p: *mut core::ffi::c_void);
    }

    /// Methods that call one harness function on the context and nothing else.
    macro_rules! context_calls {
        ($($(#[$doc:meta])* $name:ident => $ffi:ident;)*) => {$(
            $(#[$doc])*
            pub fn $name(&self) {
                #[cfg(has_ntl)]
                // SAFETY: `ctx` is a live context from `wegman_ntl_new`; the call only touches
                // the context's own fields.
                unsafe {
                    $ffi(self.ctx)
                };
            }
        )*};
    }

    /// One NTL `GF2E` context (a modulus) with two fixed operands a and b.
    #[derive(Debug)]
    pub struct Gf2e {
        #[cfg(has_ntl)]
        ctx: *mut core::ffi::c_void,
        limbs: usize,
    }

    impl Gf2e {
        /// The field with these exponents (highest first) and operands a, b (little-endian
        /// limbs); `None` without NTL or on an NTL error.
        pub fn new(exps: &[u32], a: &[u64], b: &[u64]) -> Option<Gf2e> {
            if a.len() != b.len() {
                return None;
            }
            #[cfg(has_ntl)]
            {
                let e: Vec<core::ffi::c_long> = exps.iter().map(|&x| x.into()).collect();
                // SAFETY: the pointers are valid for the given lengths for the duration of the
                // call; NTL copies what it keeps. A null result is checked.
                let ctx = unsafe {
                    wegman_ntl_new(
                        e.as_ptr(),
                        e.len() as _,
                        a.as_ptr(),
                        b.as_ptr(),
                        a.len() as _,
                    )
                };
                (!ctx.is_null()).then_some(Gf2e {
                    ctx,
                    limbs: a.len(),
                })
            }
            #[cfg(not(has_ntl))]
            {
                let _ = (exps, a, b);
                None
            }
        }

        context_calls! {
            /// Makes this modulus NTL's current one (call before timing its operations).
            select => wegman_ntl_use;
            /// c = a·b (needs `select`).
            mul => wegman_ntl_mul;
            /// c = a² (needs `select`).
            sqr => wegman_ntl_sqr;
            /// c = a^{−1} (needs `select`; a ≠ 0).
            inv => wegman_ntl_inv;
        }

        /// The last result c.
        pub fn result(&self) -> Vec<u64> {
            #[cfg_attr(not(has_ntl), allow(unused_mut))]
            let mut out = vec![0u64; self.limbs];
            #[cfg(has_ntl)]
            // SAFETY: `out` has room for `limbs` words.
            unsafe {
                wegman_ntl_result(self.ctx, out.as_mut_ptr(), out.len() as _)
            };
            out
        }
    }

    impl Drop for Gf2e {
        fn drop(&mut self) {
            #[cfg(has_ntl)]
            // SAFETY: `ctx` came from `wegman_ntl_new` and is freed once.
            unsafe {
                wegman_ntl_free(self.ctx)
            };
        }
    }
}
