//! Hooks for constant-time validation with valgrind's memcheck (the TIMECOP method of
//! SUPERCOP, and BoringSSL's `CONSTTIME_SECRET` / `CONSTTIME_DECLASSIFY`).
//!
//! Memcheck reports a conditional jump, a memory address or a system-call argument that
//! depends on *undefined* memory. A harness marks every secret undefined with [`poison`], runs
//! the keyed operation, and marks the public result defined again with [`unpoison`] before it
//! compares or prints it: any report in between is a secret-dependent branch or index. Library
//! code marks the few values it reveals on purpose (whether a key is valid, whether a tag
//! matched, whether a point is the identity) with [`declassify`] at the one place it reveals
//! them, so the check needs no suppression list.
//!
//! With the `ctgrind` feature these are valgrind client requests (a short no-op instruction
//! sequence when the program does not run under valgrind); without it they compile to nothing.
//! See docs/security.md for what the check covers and what it cannot see (variable-time
//! instructions such as division, and instruction sets valgrind does not emulate).

#[cfg(feature = "ctgrind")]
mod ffi {
    unsafe extern "C" {
        pub(super) fn wegman_ct_make_undefined(p: *const core::ffi::c_void, n: usize);
        pub(super) fn wegman_ct_make_defined(p: *const core::ffi::c_void, n: usize);
        pub(super) fn wegman_ct_running_on_valgrind() -> core::ffi::c_uint;
    }
}

/// Marks the bytes of `x` as secret (undefined to memcheck). A no-op outside valgrind.
#[inline]
pub fn poison<T: ?Sized>(x: &T) {
    mark(x, true);
}

/// Marks the bytes of `x` as public (defined to memcheck) again. A no-op outside valgrind.
#[inline]
pub fn unpoison<T: ?Sized>(x: &T) {
    mark(x, false);
}

#[inline]
fn mark<T: ?Sized>(x: &T, secret: bool) {
    #[cfg(feature = "ctgrind")]
    {
        let (p, n) = ((x as *const T).cast(), core::mem::size_of_val(x));
        // SAFETY: the request only changes memcheck's shadow state of memory we can read
        // (`x`'s bytes); it never reads or writes the bytes themselves.
        unsafe {
            if secret {
                ffi::wegman_ct_make_undefined(p, n);
            } else {
                ffi::wegman_ct_make_defined(p, n);
            }
        }
    }
    #[cfg(not(feature = "ctgrind"))]
    let _ = (x, secret);
}

/// Returns `x`, declared public: the one place where a function reveals a value computed from
/// secrets on purpose (documented at the call). Identity without the `ctgrind` feature.
#[inline]
pub fn declassify<T: Copy>(x: T) -> T {
    #[cfg(feature = "ctgrind")]
    {
        let mut slot = core::mem::MaybeUninit::<T>::uninit();
        // SAFETY: `slot` is a live, aligned local of type T; the volatile write and read keep
        // the value in that memory (not only in registers) while memcheck marks it defined.
        unsafe {
            core::ptr::write_volatile(slot.as_mut_ptr(), x);
            unpoison(&*slot.as_ptr());
            core::ptr::read_volatile(slot.as_ptr())
        }
    }
    #[cfg(not(feature = "ctgrind"))]
    x
}

/// Whether the program runs under valgrind (always false without the `ctgrind` feature).
pub fn running_on_valgrind() -> bool {
    #[cfg(feature = "ctgrind")]
    {
        // SAFETY: a client request with no arguments; it touches no memory.
        unsafe { ffi::wegman_ct_running_on_valgrind() != 0 }
    }
    #[cfg(not(feature = "ctgrind"))]
    false
}

/// Whether this build carries the client requests (the `ctgrind` feature).
pub const ENABLED: bool = cfg!(feature = "ctgrind");
