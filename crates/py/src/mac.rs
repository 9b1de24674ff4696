//! The MACs: `Auth256`, `Auth256_128`, `Poly1305Aes`, `Hash127Aes` (keyed objects with
//! `tag` / `verify` / `start` / `piece`), the one-time `Poly1305`, the streaming `Stream` and
//! the mergeable `Piece`.
//!
//! Keys are copied into Rust-owned, zeroized-on-drop key objects; no object holding key
//! material can be pickled (a piece travels only through its explicit `to_bytes`).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use self_cell::self_cell;
use wegman_mac::Error;
use wegman_mac::alg::{Alg, AnyKey, AnyPiece, AnyStream};
use wegman_mac::hash256::Encoding;
use wegman_mac::poly1305::Poly1305;
use zeroize::Zeroizing;

use crate::InvalidTag;
use crate::input::{Bytes, small_bytes};

/// Inputs from this length on go to `update_parallel` when `max_threads` allows (shorter
/// ones gain nothing: `update_parallel` splits at 256 KiB per thread).
const PARALLEL_BYTES: usize = 512 << 10;

/// The largest explicit `max_threads` (a pool of that many threads lives as long as the MAC
/// object).
const MAX_THREADS: i64 = 1024;

/// `max_threads=AUTO`: every core, through rayon's global pool.
pub(crate) const AUTO: i64 = -1;

/// A `wegman_mac` error as the Python exception users expect: `InvalidTag` for a tag that
/// does not verify, `ValueError` with the Rust message for everything else.
fn err(e: Error) -> PyErr {
    match e {
        Error::TagMismatch => InvalidTag::new_err("the tag does not authenticate the message"),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// How many threads hash one long input.
#[derive(Clone)]
enum Threads {
    One,
    /// rayon's global pool (all cores).
    Auto,
    /// A pool of this object's own.
    Pool(Arc<rayon::ThreadPool>),
}

impl Threads {
    fn new(max_threads: i64) -> PyResult<Threads> {
        match max_threads {
            1 => Ok(Threads::One),
            AUTO => Ok(Threads::Auto),
            n if n > MAX_THREADS => Err(PyValueError::new_err(format!(
                "max_threads is at most {MAX_THREADS}, not {n} (wegman.AUTO uses every core)"
            ))),
            n if n > 1 => rayon::ThreadPoolBuilder::new()
                .num_threads(n as usize)
                .build()
                .map(|p| Threads::Pool(Arc::new(p)))
                .map_err(|e| PyValueError::new_err(format!("cannot start {n} threads: {e}"))),
            n => Err(PyValueError::new_err(format!(
                "max_threads must be a positive count or wegman.AUTO, not {n}"
            ))),
        }
    }

    /// Runs `serial` on one thread or `parallel` on this object's threads.
    fn run<S: Send>(&self, state: &mut S, serial: fn(&mut S), parallel: fn(&mut S)) {
        match self {
            Threads::One => serial(state),
            Threads::Auto => parallel(state),
            Threads::Pool(p) => p.install(|| parallel(state)),
        }
    }
}

self_cell!(
    /// A streaming computation owning (a share of) its key.
    struct StreamCell {
        owner: Arc<AnyKey>,
        #[not_covariant]
        dependent: StreamOpt,
    }
);
type StreamOpt<'a> = Option<AnyStream<'a>>;

self_cell!(
    /// A piece owning (a share of) its key.
    struct PieceCell {
        owner: Arc<AnyKey>,
        #[not_covariant]
        dependent: PieceOpt,
    }
);
type PieceOpt<'a> = Option<AnyPiece<'a>>;

/// The key of one MAC algorithm (the registry's), shared by the streams and pieces made from
/// it.
#[derive(Clone)]
struct Key(Arc<AnyKey>);

impl Key {
    fn new(alg: Alg, key: &[u8], enc: Encoding) -> PyResult<Key> {
        Ok(Key(Arc::new(alg.key(key, enc).map_err(err)?)))
    }

    fn name(&self) -> &'static str {
        self.0.alg().name()
    }

    /// The nonce argument: none for the one-time Poly1305.
    fn nonce<'n>(&self, nonce: &'n [u8]) -> Option<&'n [u8]> {
        self.0.alg().nonce_len().map(|_| nonce)
    }

    fn start(&self, nonce: &[u8]) -> Result<StreamState, Error> {
        // Checked before the cell is built, so that the error surfaces.
        self.0.start(self.nonce(nonce))?;
        Ok(StreamState(StreamCell::new(self.0.clone(), |k| {
            k.start(self.nonce(nonce)).ok()
        })))
    }

    /// The tag of one whole message: the streaming state lives on the stack (no cell).
    fn one_shot(&self, nonce: &[u8], data: &[u8], threads: &Threads) -> Result<Vec<u8>, Error> {
        let mut m = self.0.start(self.nonce(nonce))?;
        if data.len() >= PARALLEL_BYTES {
            threads.run(
                &mut (&mut m, data),
                |(m, d)| m.update(d),
                |(m, d)| m.update_parallel(d),
            );
        } else {
            m.update(data);
        }
        Ok(m.finalize())
    }

    fn piece(&self, offset: u64) -> PyResult<PieceState> {
        self.0.piece_at(offset).map_err(err)?;
        Ok(PieceState(PieceCell::new(self.0.clone(), |k| {
            k.piece_at(offset).ok()
        })))
    }

    fn piece_from_bytes(&self, blob: &[u8]) -> PyResult<PieceState> {
        self.0.piece_from_bytes(blob).map_err(err)?;
        Ok(PieceState(PieceCell::new(self.0.clone(), |k| {
            k.piece_from_bytes(blob).ok()
        })))
    }
}

/// A stream or piece whose state was moved out (joined or finalized) cannot take part again.
const GONE: Error = Error::PieceMismatch {
    reason: "the piece or stream was already joined or finalized",
};

/// Moves the value out of `slot` and wipes the bytes it leaves behind. A plain `take` copies
/// the value out and leaves its bytes in the cell's heap memory until the cell is freed (and
/// after: free does not wipe); for an inline state (hash127's and Auth256's pieces and
/// streams) those bytes are the secret accumulator. The moved value wipes itself when dropped.
fn take_wiped<T>(slot: &mut Option<T>) -> Option<T> {
    let v = slot.take();
    // SAFETY: `slot` is a valid, exclusive `Option<T>` holding `None` (nothing to drop); its
    // bytes are overwritten with zeros, then a valid `None` is written over them before
    // anything reads the slot again.
    unsafe {
        zeroize::zeroize_flat_type(slot as *mut Option<T>);
        std::ptr::write(slot, None);
    }
    v
}

/// The state of a stream.
struct StreamState(StreamCell);

impl StreamState {
    /// Absorbs `data`, on the current rayon pool's threads when `parallel` (the same tag).
    fn absorb_bytes(&mut self, data: &[u8], parallel: bool) {
        self.0.with_dependent_mut(|_, s| match s {
            Some(s) if parallel => s.update_parallel(data),
            Some(s) => s.update(data),
            None => {}
        });
    }

    fn len(&mut self) -> u64 {
        self.0
            .with_dependent_mut(|_, s| s.as_ref().map_or(0, |s| s.len()))
    }

    fn absorb(&mut self, mut piece: PieceState) -> Result<(), Error> {
        piece.give(|p| {
            self.0
                .with_dependent_mut(|_, s| s.as_mut().map_or(Err(GONE), |s| s.absorb(p)))
        })
    }

    fn finalize(mut self) -> Vec<u8> {
        self.0
            .with_dependent_mut(|_, s| take_wiped(s).map_or_else(Vec::new, |s| s.finalize()))
    }
}

/// The state of a piece.
struct PieceState(PieceCell);

impl PieceState {
    fn get<T: Default>(&mut self, f: impl FnOnce(&mut AnyPiece<'_>) -> T) -> T {
        self.0
            .with_dependent_mut(|_, p| p.as_mut().map_or_else(T::default, f))
    }

    fn offset(&mut self) -> u64 {
        self.get(|p| p.offset())
    }

    fn len(&mut self) -> u64 {
        self.get(|p| p.len())
    }

    fn update(&mut self, data: &[u8]) {
        self.get(|p| p.update(data));
    }

    fn merge(&mut self, mut next: PieceState) -> Result<(), Error> {
        next.give(|b| {
            self.0
                .with_dependent_mut(|_, a| a.as_mut().map_or(Err(GONE), |a| a.merge(b)))
        })
    }

    /// Moves the piece out and hands it to `f` (an error if it was moved out before).
    fn give(&mut self, f: impl FnOnce(AnyPiece<'_>) -> Result<(), Error>) -> Result<(), Error> {
        self.0
            .with_dependent_mut(|_, p| take_wiped(p).map_or(Err(GONE), f))
    }

    fn serialise(&mut self) -> Zeroizing<Vec<u8>> {
        self.get(|p| p.to_bytes())
    }
}

/// A fresh random valid key of `alg` from the operating system's generator.
fn random_key(alg: Alg) -> PyResult<Zeroizing<Vec<u8>>> {
    let mut k = Zeroizing::new(vec![0u8; alg.key_len()]);
    getrandom::fill(&mut k).map_err(|e| {
        pyo3::exceptions::PyOSError::new_err(format!("the OS random generator failed: {e}"))
    })?;
    alg.fix_random_key(&mut k);
    Ok(k)
}

/// Hashes `data` into `state` on `threads`, the GIL released for long inputs.
fn feed(
    py: Python<'_>,
    state: &mut StreamState,
    threads: &Threads,
    data: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let data = Bytes::get(data)?;
    data.with(py, |bytes| {
        if bytes.len() < PARALLEL_BYTES {
            state.absorb_bytes(bytes, false);
        } else {
            let mut job = (&mut *state, bytes);
            threads.run(
                &mut job,
                |(s, b)| s.absorb_bytes(b, false),
                |(s, b)| s.absorb_bytes(b, true),
            );
        }
    });
    Ok(())
}

/// The keyed MAC objects share this core.
struct Keyed {
    key: Key,
    threads: Threads,
}

impl Keyed {
    fn tag(
        &self,
        py: Python<'_>,
        nonce: &Bound<'_, PyAny>,
        data: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u8>> {
        let nonce = small_bytes(nonce)?;
        let data = Bytes::get(data)?;
        data.with(py, |d| self.key.one_shot(&nonce, d, &self.threads))
            .map_err(err)
    }

    fn verify(
        &self,
        py: Python<'_>,
        nonce: &Bound<'_, PyAny>,
        data: &Bound<'_, PyAny>,
        tag: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let t = self.tag(py, nonce, data)?;
        check_tag(&t, &small_bytes(tag)?)
    }

    fn stream(&self, nonce: &Bound<'_, PyAny>) -> PyResult<Stream> {
        Ok(Stream {
            state: Mutex::new(Some(self.key.start(&small_bytes(nonce)?).map_err(err)?)),
            threads: self.threads.clone(),
            pending: Mutex::new(BTreeMap::new()),
            alg: self.key.name(),
        })
    }

    fn piece(&self, offset: u64) -> PyResult<Piece> {
        Ok(Piece::new(self.key.piece(offset)?, self.key.name()))
    }
}

/// Constant-time comparison of a computed tag with a claimed one.
fn check_tag(computed: &[u8], claimed: &[u8]) -> PyResult<()> {
    use subtle::ConstantTimeEq;
    if claimed.len() != computed.len() {
        return Err(PyValueError::new_err(format!(
            "wrong tag length: expected {} bytes, got {}",
            computed.len(),
            claimed.len()
        )));
    }
    if bool::from(computed.ct_eq(claimed)) {
        Ok(())
    } else {
        Err(InvalidTag::new_err(
            "the tag does not authenticate the message",
        ))
    }
}

fn no_pickle(what: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{what} holds secret key material and cannot be pickled{}",
        if what == "a piece" {
            "; send piece.to_bytes() over an encrypted channel and read it with Piece.from_bytes(mac, blob)"
        } else {
            "; pass the key bytes explicitly"
        }
    ))
}

/// Generates the keyed classes: one per algorithm, all with the same methods.
macro_rules! keyed_class {
    ($name:ident, $pyname:literal, $doc:literal, $alg:expr) => {
        #[doc = $doc]
        #[pyclass(name = $pyname, module = "wegman", frozen)]
        pub(crate) struct $name {
            inner: Keyed,
        }

        #[pymethods]
        impl $name {
            /// Bytes in a key.
            #[classattr]
            const KEY_SIZE: usize = $alg.key_len();
            /// Bytes in a nonce.
            #[classattr]
            const NONCE_SIZE: usize = match $alg.nonce_len() {
                Some(n) => n,
                None => 0,
            };
            /// Bytes in a tag.
            #[classattr]
            const TAG_SIZE: usize = $alg.tag_len();

            #[new]
            #[pyo3(signature = (key, *, b = 1, max_threads = 1))]
            fn new(key: &Bound<'_, PyAny>, b: u32, max_threads: i64) -> PyResult<Self> {
                let enc = if $alg.has_encoding() {
                    encoding(b)?
                } else {
                    only_b1(b, $pyname)?;
                    Encoding::B1
                };
                let key = Key::new($alg, &small_bytes(key)?, enc)?;
                Ok($name {
                    inner: Keyed {
                        key,
                        threads: Threads::new(max_threads)?,
                    },
                })
            }

            /// A fresh random key from the operating system's generator.
            #[staticmethod]
            fn generate_key(py: Python<'_>) -> PyResult<Bound<'_, PyBytes>> {
                Ok(PyBytes::new(py, &random_key($alg)?))
            }

            /// The tag of `data` under `nonce` (a nonce must never tag two messages).
            fn tag<'py>(
                &self,
                py: Python<'py>,
                nonce: &Bound<'py, PyAny>,
                data: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyBytes>> {
                Ok(PyBytes::new(py, &self.inner.tag(py, nonce, data)?))
            }

            /// Checks `tag` in constant time; raises `InvalidTag` if it does not match.
            fn verify(
                &self,
                py: Python<'_>,
                nonce: &Bound<'_, PyAny>,
                data: &Bound<'_, PyAny>,
                tag: &Bound<'_, PyAny>,
            ) -> PyResult<()> {
                self.inner.verify(py, nonce, data, tag)
            }

            /// A streaming computation of one message under `nonce`.
            fn start(&self, nonce: &Bound<'_, PyAny>) -> PyResult<Stream> {
                self.inner.stream(nonce)
            }

            /// An independent hash of the part of a message that starts `offset` bytes in
            /// (a multiple of `piece_unit`); join it with `Stream.absorb`.
            fn piece(&self, offset: u64) -> PyResult<Piece> {
                self.inner.piece(offset)
            }

            /// Pieces start at multiples of this many bytes: 1 for Poly1305-AES, 4 for
            /// hash127-AES, 64·b for Auth256, 16384 for auth256-2l and auth256-pb.
            #[getter]
            fn piece_unit(&self) -> usize {
                let k = &self.inner.key.0;
                k.alg().piece_unit(k.encoding())
            }

            /// The algorithm's name as `wegman tag` prints it.
            #[getter]
            fn algorithm(&self) -> &'static str {
                self.inner.key.name()
            }

            fn __reduce__(&self) -> PyResult<()> {
                Err(no_pickle("a MAC object"))
            }

            fn __repr__(&self) -> String {
                format!("wegman.{}(<key>)", $pyname)
            }

            /// Benchmark helper (private): seconds per `tag` over `iters` calls made from Rust,
            /// with no Python in the loop, so that `bench.py` can subtract it from the time
            /// of a Python-level call and report the binding's own overhead.
            fn _rust_seconds_per_tag(
                &self,
                nonce: &Bound<'_, PyAny>,
                data: &Bound<'_, PyAny>,
                iters: u32,
            ) -> PyResult<f64> {
                let nonce = small_bytes(nonce)?;
                let data = Bytes::get(data)?;
                let d = data.as_slice();
                let t = std::time::Instant::now();
                for _ in 0..iters {
                    std::hint::black_box(self.inner.key.one_shot(
                        &nonce,
                        std::hint::black_box(d),
                        &self.inner.threads,
                    ))
                    .map_err(err)?;
                }
                Ok(t.elapsed().as_secs_f64() / f64::from(iters.max(1)))
            }
        }

        impl $name {
            fn key(&self) -> &Key {
                &self.inner.key
            }
        }
    };
}

fn encoding(b: u32) -> PyResult<Encoding> {
    Encoding::from_b(b)
        .map_err(|_| PyValueError::new_err(format!("b must be 1, 8 or 256, not {b}")))
}

fn only_b1(b: u32, alg: &str) -> PyResult<()> {
    if b == 1 {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "b applies only to Auth256, Auth256_128 and Auth256TwoLevel, not {alg}"
        )))
    }
}

keyed_class!(
    PyAuth256,
    "Auth256",
    "Auth256-AES (Bernstein–Chou): 32-byte AES-256 key, 12-byte nonce, 32-byte tag; `b` = 1, 8 or 256 selects the Hash256 encoding.",
    Alg::Auth256
);

keyed_class!(
    PyAuth256_128,
    "Auth256_128",
    "Auth256-128: Auth256 with its tag cut to the first 16 bytes.",
    Alg::Auth256x128
);

keyed_class!(
    PyAuth256TwoLevel,
    "Auth256TwoLevel",
    "auth256-2l: Auth256 in two levels with a 16 KiB key (16 KiB chunks combined by Horner's rule): 32-byte AES-256 key, 12-byte nonce, 32-byte tag; `b` = 1, 8 or 256. Pieces start at multiples of 16384 bytes.",
    Alg::Auth256TwoLevel
);

keyed_class!(
    PyAuth256Pb,
    "Auth256Pb",
    "auth256-pb: the two levels of auth256-2l over the polynomial basis x^256 + x^10 + x^5 + x^2 + 1, on carry-less multipliers (PCLMULQDQ/VPCLMULQDQ): 32-byte AES-256 key, 12-byte nonce, 32-byte tag; b must be 1. Pieces start at multiples of 16384 bytes.",
    Alg::Auth256Pb
);

keyed_class!(
    PyPoly1305Aes,
    "Poly1305Aes",
    "Poly1305-AES (Bernstein 2005): 32-byte key k || r (r clamped: ValueError otherwise), 16-byte nonce, 16-byte tag.",
    Alg::Poly1305Aes
);

keyed_class!(
    PyHash127Aes,
    "Hash127Aes",
    "hash127-AES (Bernstein 2004): 32-byte key, 16-byte nonce, 16-byte tag. Pieces start at multiples of 4 bytes (a word).",
    Alg::Hash127Aes
);

/// Runs `f` on the state of `what` (a stream or a piece): an error if another thread holds
/// it, or if it was already `gone` (finalized, joined).
fn with_locked<S, T>(
    m: &Mutex<Option<S>>,
    what: &str,
    gone: &str,
    f: impl FnOnce(&mut S) -> PyResult<T>,
) -> PyResult<T> {
    let mut g = m
        .try_lock()
        .map_err(|_| PyValueError::new_err(format!("{what} is in use by another thread")))?;
    match g.as_mut() {
        Some(s) => f(s),
        None => Err(PyValueError::new_err(format!("{what} was already {gone}"))),
    }
}

/// A streaming MAC of one message (from `mac.start(nonce)`): `update` any number of times,
/// `absorb` pieces in any order, then `finalize` or `verify` once.
#[pyclass(module = "wegman", frozen)]
pub(crate) struct Stream {
    state: Mutex<Option<StreamState>>,
    threads: Threads,
    /// Pieces absorbed ahead of their turn, by offset.
    pending: Mutex<BTreeMap<u64, PieceState>>,
    alg: &'static str,
}

impl Stream {
    fn with_state<T>(&self, f: impl FnOnce(&mut StreamState) -> PyResult<T>) -> PyResult<T> {
        with_locked(&self.state, "the stream", "finalized", f)
    }

    /// Absorbs the pending pieces that start where the message ends.
    fn drain(&self, state: &mut StreamState) -> PyResult<()> {
        let mut pending = self
            .pending
            .lock()
            .map_err(|_| PyValueError::new_err("poisoned"))?;
        // Each piece absorbed moves the end (pieces at the end's offset are non-empty or the
        // last one there), so this ends.
        while let Some(p) = pending.remove(&state.len()) {
            state.absorb(p).map_err(err)?;
        }
        Ok(())
    }

    fn take(&self) -> PyResult<StreamState> {
        let mut g = self
            .state
            .try_lock()
            .map_err(|_| PyValueError::new_err("the stream is in use by another thread"))?;
        let s = g
            .take()
            .ok_or_else(|| PyValueError::new_err("the stream was already finalized"))?;
        let pending = self
            .pending
            .lock()
            .map_err(|_| PyValueError::new_err("poisoned"))?;
        if let Some(at) = pending.keys().next() {
            let msg =
                format!("a piece starting at byte {at} is not joined: bytes up to it are missing");
            // Put the state back: nothing was finalized.
            *g = Some(s);
            return Err(PyValueError::new_err(msg));
        }
        Ok(s)
    }
}

#[pymethods]
impl Stream {
    /// Absorbs more of the message (any buffer; the GIL is released from 2 KiB on). Returns
    /// the stream, so calls chain.
    fn update<'py>(slf: &Bound<'py, Self>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        let me = slf.get();
        me.with_state(|s| {
            if me.pending.lock().map(|p| !p.is_empty()).unwrap_or(false) {
                return Err(PyValueError::new_err(
                    "pieces are waiting for the bytes before them: update only after every piece is joined",
                ));
            }
            feed(py, s, &me.threads, data)
        })?;
        Ok(slf.clone())
    }

    /// Joins a piece (from `mac.piece(offset)` or `Piece.from_bytes`) into the message.
    /// Pieces may arrive in any order: each is joined once the bytes before it are in. The
    /// piece is consumed.
    fn absorb(&self, piece: &Piece) -> PyResult<()> {
        let p = piece.take()?;
        self.with_state(|s| {
            let mut p = p;
            let off = p.offset();
            let here = s.len();
            let mut pending = self.pending.lock().map_err(|_| PyValueError::new_err("poisoned"))?;
            if p.len() == 0 && (off < here || pending.contains_key(&off)) {
                // An empty piece adds nothing; where bytes already are, it is dropped.
                return Ok(());
            }
            if off < here {
                return Err(PyValueError::new_err(format!(
                    "cannot join message pieces: the piece starts at byte {off}, before the end of the message so far ({here})"
                )));
            }
            match pending.get_mut(&off).map(|q| q.len() == 0) {
                // The waiting one is empty: the new one replaces it.
                Some(true) => {
                    pending.insert(off, p);
                }
                Some(false) => {
                    return Err(PyValueError::new_err(format!(
                        "cannot join message pieces: two pieces start at byte {off}"
                    )));
                }
                None => {
                    pending.insert(off, p);
                }
            }
            drop(pending);
            self.drain(s)
        })
    }

    /// Bytes of the message joined so far.
    fn __len__(&self) -> PyResult<usize> {
        self.with_state(|s| Ok(s.len() as usize))
    }

    /// The tag. The stream cannot be used afterwards.
    fn finalize<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let s = self.take()?;
        Ok(PyBytes::new(py, &s.finalize()))
    }

    /// Finalizes and checks `tag` in constant time; raises `InvalidTag` if it does not match.
    fn verify(&self, tag: &Bound<'_, PyAny>) -> PyResult<()> {
        let claimed = small_bytes(tag)?;
        let s = self.take()?;
        check_tag(&s.finalize(), &claimed)
    }

    /// The algorithm's name as `wegman tag` prints it.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.alg
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(no_pickle("a stream"))
    }
}

/// The one-time Poly1305 (RFC 8439): a 32-byte key authenticates one message only. In the
/// shape of `cryptography`'s `Poly1305`: `update`, `finalize`, `verify`, and the one-shot
/// `generate_tag` / `verify_tag`; also `piece` / `absorb` like the keyed MACs.
#[pyclass(name = "Poly1305", module = "wegman", frozen)]
pub(crate) struct PyPoly1305 {
    stream: Stream,
    key: Key,
}

fn poly_key(key: &Bound<'_, PyAny>) -> PyResult<Zeroizing<[u8; 32]>> {
    let k = small_bytes(key)?;
    let a: [u8; 32] = k.as_slice().try_into().map_err(|_| {
        err(Error::KeyLength {
            expected: 32,
            actual: k.len(),
        })
    })?;
    Ok(Zeroizing::new(a))
}

#[pymethods]
impl PyPoly1305 {
    /// Bytes in a key.
    #[classattr]
    const KEY_SIZE: usize = 32;
    /// Bytes in a tag.
    #[classattr]
    const TAG_SIZE: usize = 16;

    #[new]
    #[pyo3(signature = (key, *, max_threads = 1))]
    fn new(key: &Bound<'_, PyAny>, max_threads: i64) -> PyResult<Self> {
        let key = Key::new(Alg::Poly1305, &poly_key(key)?[..], Encoding::B1)?;
        Ok(PyPoly1305 {
            stream: Stream {
                state: Mutex::new(Some(key.start(&[]).map_err(err)?)),
                threads: Threads::new(max_threads)?,
                pending: Mutex::new(BTreeMap::new()),
                alg: "poly1305",
            },
            key,
        })
    }

    /// A fresh random one-time key.
    #[staticmethod]
    fn generate_key(py: Python<'_>) -> PyResult<Bound<'_, PyBytes>> {
        Ok(PyBytes::new(py, &random_key(Alg::Poly1305)?))
    }

    /// One-shot tag of `data` under a one-time `key`.
    #[staticmethod]
    fn generate_tag<'py>(
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        data: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let key = poly_key(key)?;
        let data = Bytes::get(data)?;
        let t = data.with(py, |d| Poly1305::mac(&key, d));
        Ok(PyBytes::new(py, t.as_bytes()))
    }

    /// One-shot constant-time check; raises `InvalidTag` if `tag` does not match.
    #[staticmethod]
    fn verify_tag(
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        data: &Bound<'_, PyAny>,
        tag: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let key = poly_key(key)?;
        let data = Bytes::get(data)?;
        let t = data.with(py, |d| Poly1305::mac(&key, d));
        check_tag(t.as_bytes(), &small_bytes(tag)?)
    }

    /// Absorbs more of the message.
    fn update(&self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
        self.stream
            .with_state(|s| feed(py, s, &self.stream.threads, data))
    }

    /// An independent hash of the part of the message from `offset` (any offset).
    fn piece(&self, offset: u64) -> PyResult<Piece> {
        Ok(Piece::new(self.key.piece(offset)?, "poly1305"))
    }

    /// Joins a piece; see `Stream.absorb`.
    fn absorb(&self, piece: &Piece) -> PyResult<()> {
        self.stream.absorb(piece)
    }

    /// The tag; the object cannot be used afterwards.
    fn finalize<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.stream.finalize(py)
    }

    /// Finalizes and checks `tag` in constant time; raises `InvalidTag` if it does not match.
    fn verify(&self, tag: &Bound<'_, PyAny>) -> PyResult<()> {
        self.stream.verify(tag)
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(no_pickle("a MAC object"))
    }
}

/// The hash of one piece of a message, computed anywhere and joined into the message's
/// stream. Secret: it reveals the hash key for a known message. It moves between machines
/// only through `to_bytes` / `Piece.from_bytes(mac, blob)` (never pickle or copy), and its
/// state is zeroized when the piece is dropped or joined. The `bytes` of `to_bytes` belong to
/// Python, which cannot wipe them: drop them once sent.
#[pyclass(module = "wegman", frozen)]
pub(crate) struct Piece {
    state: Mutex<Option<PieceState>>,
    alg: &'static str,
}

impl Piece {
    fn new(state: PieceState, alg: &'static str) -> Piece {
        Piece {
            state: Mutex::new(Some(state)),
            alg,
        }
    }

    fn take(&self) -> PyResult<PieceState> {
        self.state
            .try_lock()
            .map_err(|_| PyValueError::new_err("the piece is in use by another thread"))?
            .take()
            .ok_or_else(|| PyValueError::new_err("the piece was already joined"))
    }

    fn with<T>(&self, f: impl FnOnce(&mut PieceState) -> PyResult<T>) -> PyResult<T> {
        with_locked(&self.state, "the piece", "joined", f)
    }
}

#[pymethods]
impl Piece {
    /// Reads a piece written by `to_bytes` under the key of `mac` (the MAC object of any
    /// algorithm; `ValueError` for a malformed blob or, for the Auth256 family, one made under
    /// another key).
    #[staticmethod]
    fn from_bytes(mac: &Bound<'_, PyAny>, blob: &Bound<'_, PyAny>) -> PyResult<Piece> {
        let blob = small_bytes(blob)?;
        let key = if let Ok(m) = mac.cast::<PyAuth256>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyAuth256_128>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyAuth256TwoLevel>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyAuth256Pb>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyPoly1305Aes>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyHash127Aes>() {
            m.get().key().clone()
        } else if let Ok(m) = mac.cast::<PyPoly1305>() {
            m.get().key.clone()
        } else {
            return Err(PyTypeError::new_err(
                "Piece.from_bytes takes the MAC object (Auth256, Auth256_128, Auth256TwoLevel, Auth256Pb, Poly1305Aes, Hash127Aes or Poly1305) whose key made the piece",
            ));
        };
        Ok(Piece::new(key.piece_from_bytes(&blob)?, key.name()))
    }

    /// Absorbs more of this piece (the GIL is released from 2 KiB on).
    fn update<'py>(slf: &Bound<'py, Self>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        let data = Bytes::get(data)?;
        slf.get().with(|p| {
            data.with(py, |d| p.update(d));
            Ok(())
        })?;
        Ok(slf.clone())
    }

    /// Appends `next`, the piece that starts where this one ends (consumed).
    fn merge(&self, next: &Piece) -> PyResult<()> {
        if std::ptr::eq(self, next) {
            return Err(PyValueError::new_err(
                "a piece cannot be merged with itself",
            ));
        }
        let n = next.take()?;
        self.with(|p| p.merge(n).map_err(err))
    }

    /// The serialised piece (secret: send it only over encrypted channels).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.with(|p| Ok(PyBytes::new(py, &p.serialise())))
    }

    /// Where the piece starts in the message.
    #[getter]
    fn offset(&self) -> PyResult<u64> {
        self.with(|p| Ok(p.offset()))
    }

    /// Bytes absorbed.
    fn __len__(&self) -> PyResult<usize> {
        self.with(|p| Ok(p.len() as usize))
    }

    /// The algorithm's name.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.alg
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(no_pickle("a piece"))
    }

    fn __repr__(&self) -> String {
        match self.with(|p| Ok((p.offset(), p.len()))) {
            Ok((o, l)) => format!("wegman.Piece({}, offset={o}, len={l})", self.alg),
            Err(_) => format!("wegman.Piece({}, joined)", self.alg),
        }
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAuth256>()?;
    m.add_class::<PyAuth256_128>()?;
    m.add_class::<PyAuth256TwoLevel>()?;
    m.add_class::<PyAuth256Pb>()?;
    m.add_class::<PyPoly1305Aes>()?;
    m.add_class::<PyHash127Aes>()?;
    m.add_class::<PyPoly1305>()?;
    m.add_class::<Stream>()?;
    m.add_class::<Piece>()?;
    Ok(())
}
