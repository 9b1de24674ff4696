//! Message input through the buffer protocol, without a copy.

use pyo3::buffer::PyUntypedBuffer;
use pyo3::exceptions::{PyBufferError, PyTypeError};
use pyo3::prelude::*;

/// Inputs at least this long are hashed with the GIL released (shorter ones cost less than
/// releasing and retaking it).
pub(crate) const RELEASE_GIL_BYTES: usize = 2048;

/// A contiguous buffer borrowed from a Python object (bytes, bytearray, memoryview, a
/// C-contiguous numpy array, ...): its bytes, whatever the item format, as `hashlib` reads
/// them.
pub(crate) struct Bytes {
    buf: PyUntypedBuffer,
}

impl Bytes {
    /// Borrows `obj`'s buffer: `TypeError` if it has none (`str` among them), `BufferError` if
    /// it is not C-contiguous.
    pub(crate) fn get(obj: &Bound<'_, PyAny>) -> PyResult<Bytes> {
        if obj.is_instance_of::<pyo3::types::PyString>() {
            return Err(PyTypeError::new_err(
                "strings must be encoded before hashing (pass bytes, bytearray, memoryview or a numpy uint8 array)",
            ));
        }
        let buf = PyUntypedBuffer::get(obj)?;
        if !buf.is_c_contiguous() {
            return Err(PyBufferError::new_err(
                "the buffer is not C-contiguous; pass a contiguous copy (numpy.ascontiguousarray)",
            ));
        }
        Ok(Bytes { buf })
    }

    /// The bytes.
    pub(crate) fn as_slice(&self) -> &[u8] {
        let len = self.buf.len_bytes();
        if len == 0 {
            return &[];
        }
        // SAFETY: the buffer is C-contiguous (checked in `get`), so its `len_bytes` bytes start
        // at `buf_ptr`; the exporter keeps them alive and in place until `self.buf` is released
        // (a `bytearray` refuses to resize while exported), which outlives the returned
        // borrow of `self`. The bytes are only read.
        unsafe { core::slice::from_raw_parts(self.buf.buf_ptr().cast::<u8>(), len) }
    }

    /// Runs `f` on the bytes, with the GIL released for long inputs.
    pub(crate) fn with<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&[u8]) -> T + Send) -> T {
        let data = self.as_slice();
        if data.len() >= RELEASE_GIL_BYTES {
            py.detach(|| f(data))
        } else {
            f(data)
        }
    }
}

/// Reads a fixed-length byte string argument (key, nonce, tag) through the buffer protocol.
/// The copy is zeroized when dropped (keys pass through here).
pub(crate) fn small_bytes(obj: &Bound<'_, PyAny>) -> PyResult<zeroize::Zeroizing<Vec<u8>>> {
    Ok(zeroize::Zeroizing::new(
        Bytes::get(obj)?.as_slice().to_vec(),
    ))
}
