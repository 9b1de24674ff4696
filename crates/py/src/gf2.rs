//! `wegman.gf2`: binary fields on numpy arrays.
//!
//! An array of field elements is a C-contiguous `uint64` array of shape (n, limbs), limbs =
//! ⌈m/64⌉, row i the little-endian limbs of element i (bit j: the coefficient of x^j in a
//! polynomial basis, of β^{2^j} in a normal basis). Inputs are read in place (no copy of the
//! array) and checked to be reduced (no bit at or above m); every operation makes one output
//! array and runs with the GIL released.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use wegman_gf2::{Element, Field, Gnb, NbElement};

/// What the numpy front end needs of a field: [`Field`] (polynomial basis) and [`Gnb`]
/// (Gaussian normal basis) both provide it.
trait Ops: Sync {
    type E: Copy + Default + Send + Sync;
    fn degree(&self) -> u32;
    fn elem(&self, limbs: &[u64]) -> Result<Self::E, String>;
    fn limbs(e: &Self::E) -> &[u64];
    fn mul_all(&self, a: &[Self::E], b: &[Self::E], out: &mut [Self::E]);
    fn sqr(&self, a: &Self::E) -> Self::E;
    fn sqrt(&self, a: &Self::E) -> Self::E;
    fn inv_all(&self, a: &[Self::E], out: &mut [Self::E]);
    fn trace(&self, a: &Self::E) -> u8;
    fn half_trace(&self, a: &Self::E) -> Result<Self::E, String>;
    fn solve(&self, c: &Self::E) -> Option<Self::E>;
    fn pow(&self, a: &Self::E, e: &[u64]) -> Self::E;
    fn parse(&self, s: &str) -> Result<Self::E, String>;
    fn hex(&self, e: &Self::E) -> String;
    fn add(a: &Self::E, b: &Self::E) -> Self::E;
}

impl Ops for Field {
    type E = Element;
    fn degree(&self) -> u32 {
        Field::degree(self)
    }
    fn elem(&self, limbs: &[u64]) -> Result<Element, String> {
        self.element(limbs).map_err(|e| e.to_string())
    }
    fn limbs(e: &Element) -> &[u64] {
        e.limbs()
    }
    fn mul_all(&self, a: &[Element], b: &[Element], out: &mut [Element]) {
        // The three slices have one length by construction.
        let _ = self.mul_slice(out, a, b);
    }
    fn sqr(&self, a: &Element) -> Element {
        Field::sqr(self, a)
    }
    fn sqrt(&self, a: &Element) -> Element {
        Field::sqrt(self, a)
    }
    fn inv_all(&self, a: &[Element], out: &mut [Element]) {
        let _ = self.inv_slice(out, a);
    }
    fn trace(&self, a: &Element) -> u8 {
        Field::trace(self, a)
    }
    fn half_trace(&self, a: &Element) -> Result<Element, String> {
        Field::half_trace(self, a).map_err(|e| e.to_string())
    }
    fn solve(&self, c: &Element) -> Option<Element> {
        Field::solve(self, c).map(|(z, _)| z)
    }
    fn pow(&self, a: &Element, e: &[u64]) -> Element {
        Field::pow(self, a, e)
    }
    fn parse(&self, s: &str) -> Result<Element, String> {
        Field::parse(self, s).map_err(|e| e.to_string())
    }
    fn hex(&self, e: &Element) -> String {
        self.to_hex(e)
    }
    fn add(a: &Element, b: &Element) -> Element {
        *a + *b
    }
}

impl Ops for Gnb {
    type E = NbElement;
    fn degree(&self) -> u32 {
        Gnb::degree(self)
    }
    fn elem(&self, limbs: &[u64]) -> Result<NbElement, String> {
        self.element(limbs).map_err(|e| e.to_string())
    }
    fn limbs(e: &NbElement) -> &[u64] {
        e.limbs()
    }
    fn mul_all(&self, a: &[NbElement], b: &[NbElement], out: &mut [NbElement]) {
        // Bit-sliced for a batch; one product at a time (Ning–Yin) for a handful.
        if a.len() >= 16 {
            let _ = self.mul_batch(a, b, out);
        } else {
            for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                *o = self.mul(x, y);
            }
        }
    }
    fn sqr(&self, a: &NbElement) -> NbElement {
        Gnb::sqr(self, a)
    }
    fn sqrt(&self, a: &NbElement) -> NbElement {
        Gnb::sqrt(self, a)
    }
    fn inv_all(&self, a: &[NbElement], out: &mut [NbElement]) {
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.inv(x).unwrap_or(NbElement::ZERO);
        }
    }
    fn trace(&self, a: &NbElement) -> u8 {
        Gnb::trace(self, a)
    }
    fn half_trace(&self, a: &NbElement) -> Result<NbElement, String> {
        Ok(Gnb::half_trace(self, a))
    }
    fn solve(&self, c: &NbElement) -> Option<NbElement> {
        Gnb::solve(self, c).map(|(z, _)| z)
    }
    fn pow(&self, a: &NbElement, e: &[u64]) -> NbElement {
        Gnb::pow(self, a, e)
    }
    fn parse(&self, s: &str) -> Result<NbElement, String> {
        self.parse_element(s).map_err(|e| e.to_string())
    }
    fn hex(&self, e: &NbElement) -> String {
        self.to_hex(e)
    }
    fn add(a: &NbElement, b: &NbElement) -> NbElement {
        *a + *b
    }
}

/// A field of compile-time-specialised elements ([`wegman_gf2::fields`]): the type says the
/// modulus, so the value carries nothing.
struct Fixed<T>(core::marker::PhantomData<T>);

/// [`Ops`] for the fixed field types, each through its own inherent methods.
macro_rules! fixed_ops {
    ($($t:ident),* $(,)?) => {$(
        impl Fixed<wegman_gf2::$t> {
            fn backend(&self) -> wegman_gf2::Backend {
                wegman_gf2::$t::backend()
            }
        }

        impl Ops for Fixed<wegman_gf2::$t> {
            type E = wegman_gf2::$t;
            fn degree(&self) -> u32 {
                wegman_gf2::$t::DEGREE
            }
            fn elem(&self, limbs: &[u64]) -> Result<Self::E, String> {
                wegman_gf2::$t::from_limbs(limbs).map_err(|e| e.to_string())
            }
            fn limbs(e: &Self::E) -> &[u64] {
                e.limbs()
            }
            fn mul_all(&self, a: &[Self::E], b: &[Self::E], out: &mut [Self::E]) {
                // The three slices have one length by construction.
                let _ = wegman_gf2::$t::mul_slice(out, a, b);
            }
            fn sqr(&self, a: &Self::E) -> Self::E {
                a.square()
            }
            fn sqrt(&self, a: &Self::E) -> Self::E {
                a.sqrt()
            }
            fn inv_all(&self, a: &[Self::E], out: &mut [Self::E]) {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = x.invert().unwrap_or(wegman_gf2::$t::ZERO);
                }
            }
            fn trace(&self, a: &Self::E) -> u8 {
                a.trace()
            }
            fn half_trace(&self, a: &Self::E) -> Result<Self::E, String> {
                Ok(a.half_trace())
            }
            fn solve(&self, c: &Self::E) -> Option<Self::E> {
                c.solve().map(|(z, _)| z)
            }
            fn pow(&self, a: &Self::E, e: &[u64]) -> Self::E {
                a.pow(e)
            }
            fn parse(&self, s: &str) -> Result<Self::E, String> {
                s.parse().map_err(|e: wegman_gf2::Error| e.to_string())
            }
            fn hex(&self, e: &Self::E) -> String {
                e.to_string()
            }
            fn add(a: &Self::E, b: &Self::E) -> Self::E {
                *a + *b
            }
        }
    )*};
}

fixed_ops!(
    F127, F127Ssrf, F163Nist, F163Ssrf, F191, F233Nist, F233Ssrf, F283Nist, F283Ssrf, F409,
    F571Nist, F571Ssrf,
);

/// Limbs per element of a degree-m field.
fn limbs_for(m: u32) -> usize {
    m.div_ceil(64) as usize
}

/// Elements converted at a time: the buffers stay small (no large allocation, whose page
/// faults cost more than the arithmetic) and fill the widest bit-sliced batch (512 lanes).
const CHUNK: usize = 512;

/// The limbs of an (n, limbs) array, checking shape and layout.
fn rows<'a, O: Ops>(f: &O, a: &'a PyReadonlyArray2<'_, u64>, what: &str) -> PyResult<&'a [u64]> {
    let l = limbs_for(f.degree());
    let shape = a.shape();
    if shape[1] != l {
        return Err(PyValueError::new_err(format!(
            "{what}: expected an array of shape (n, {l}) for GF(2^{}), got {shape:?}",
            f.degree()
        )));
    }
    a.as_slice().map_err(|_| {
        PyValueError::new_err(format!(
            "{what}: the array is not C-contiguous; pass numpy.ascontiguousarray(...)"
        ))
    })
}

/// Runs `body(first_row, elements…)` over the rows of `ins` (equal row counts), `CHUNK` rows
/// at a time, each row checked to be reduced.
fn for_chunks<O: Ops>(
    f: &O,
    ins: &[(&[u64], &str)],
    mut body: impl FnMut(usize, &[Vec<O::E>]) -> Result<(), String>,
) -> Result<(), String> {
    let l = limbs_for(f.degree());
    let n = ins.first().map_or(0, |(s, _)| s.len() / l);
    let mut bufs: Vec<Vec<O::E>> = ins.iter().map(|_| Vec::with_capacity(CHUNK)).collect();
    for start in (0..n).step_by(CHUNK) {
        let end = (start + CHUNK).min(n);
        for ((input, what), buf) in ins.iter().zip(&mut bufs) {
            buf.clear();
            for i in start..end {
                buf.push(
                    f.elem(&input[i * l..(i + 1) * l])
                        .map_err(|e| format!("{what}, row {i}: {e}"))?,
                );
            }
        }
        body(start, &bufs)?;
    }
    Ok(())
}

/// Writes `es` as rows `first..` of `out`.
fn put<O: Ops>(out: &mut [u64], l: usize, first: usize, es: &[O::E]) {
    for (row, e) in out[first * l..].chunks_exact_mut(l).zip(es) {
        row.copy_from_slice(&O::limbs(e)[..l]);
    }
}

/// Elements from hex strings into a new array.
fn from_elems<'py, O: Ops>(py: Python<'py>, f: &O, es: &[O::E]) -> Bound<'py, PyArray2<u64>> {
    let l = limbs_for(f.degree());
    let out = PyArray2::<u64>::zeros(py, [es.len(), l], false);
    {
        let mut rw = out.readwrite();
        put::<O>(
            rw.as_slice_mut().expect("a new array is contiguous"),
            l,
            0,
            es,
        );
    }
    out
}

/// An exponent (a non-negative Python int) as little-endian limbs.
fn exponent(e: &Bound<'_, PyInt>) -> PyResult<Vec<u64>> {
    if e.lt(0)? {
        return Err(PyValueError::new_err(
            "the exponent must be non-negative (use inv first for a negative power)",
        ));
    }
    let bits: usize = e.call_method0("bit_length")?.extract()?;
    let n = bits.div_ceil(64).max(1);
    let bytes: Vec<u8> = e.call_method1("to_bytes", (8 * n, "little"))?.extract()?;
    Ok(bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect())
}

/// An element-valued operation of one or two operands: the output array is written chunk by
/// chunk with the GIL released. `op` maps a chunk of each operand to a chunk of results.
fn elementwise<'py, O: Ops>(
    py: Python<'py>,
    f: &O,
    ins: &[(&PyReadonlyArray2<'py, u64>, &str)],
    op: impl Fn(&O, &[Vec<O::E>], &mut Vec<O::E>) -> Result<(), String> + Send + Sync,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let l = limbs_for(f.degree());
    let slices = ins
        .iter()
        .map(|(a, what)| Ok((rows(f, a, what)?, *what)))
        .collect::<PyResult<Vec<_>>>()?;
    let n = slices[0].0.len() / l;
    for (s, _) in &slices[1..] {
        same(n, s.len() / l)?;
    }
    let out = PyArray2::<u64>::zeros(py, [n, l], false);
    {
        let mut rw = out.readwrite();
        let o = rw.as_slice_mut()?;
        py.detach(|| {
            let mut res = Vec::with_capacity(CHUNK);
            for_chunks(f, &slices, |first, chunk| {
                res.clear();
                op(f, chunk, &mut res)?;
                put::<O>(o, l, first, &res);
                Ok(())
            })
        })
        .map_err(PyValueError::new_err)?;
    }
    Ok(out)
}

/// The numpy methods of a field class (identical for both bases), and the class's own.
macro_rules! field_methods {
    ($cls:ident, $inner:ty, { $($extra:tt)* }) => {
        #[pymethods]
        impl $cls {
            $($extra)*

            /// The extension degree m.
            #[getter]
            fn degree(&self) -> u32 {
                Ops::degree(&self.f)
            }

            /// uint64 limbs per element: ⌈m/64⌉.
            #[getter]
            fn limbs(&self) -> usize {
                limbs_for(Ops::degree(&self.f))
            }

            /// The backend the arithmetic runs on.
            #[getter]
            fn backend(&self) -> String {
                self.f.backend().to_string()
            }

            /// An (n, limbs) array of zeros.
            fn zeros<'py>(&self, py: Python<'py>, n: usize) -> Bound<'py, PyArray2<u64>> {
                PyArray2::zeros(py, [n, self.limbs()], false)
            }

            /// Elements from hex strings (most significant digit first, as `wegman field`).
            #[allow(clippy::wrong_self_convention)] // Python's naming: a method of the field.
            fn from_hex<'py>(
                &self,
                py: Python<'py>,
                strings: Vec<String>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                let es = strings
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        <$inner as Ops>::parse(&self.f, s)
                            .map_err(|e| PyValueError::new_err(format!("string {i} ({s:?}): {e}")))
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                Ok(from_elems(py, &self.f, &es))
            }

            /// Hex strings of the rows of `a`.
            fn to_hex(&self, a: PyReadonlyArray2<'_, u64>) -> PyResult<Vec<String>> {
                let mut out = Vec::new();
                for_chunks(&self.f, &[(rows(&self.f, &a, "a")?, "a")], |_, c| {
                    out.extend(c[0].iter().map(|e| self.f.hex(e)));
                    Ok(())
                })
                .map_err(PyValueError::new_err)?;
                Ok(out)
            }

            /// a + b (XOR).
            fn add<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
                b: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                elementwise(py, &self.f, &[(&a, "a"), (&b, "b")], |_, c, out| {
                    out.extend(c[0].iter().zip(&c[1]).map(|(x, y)| <$inner as Ops>::add(x, y)));
                    Ok(())
                })
            }

            /// a·b, element by element (one backend dispatch per chunk of rows).
            fn mul<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
                b: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                elementwise(py, &self.f, &[(&a, "a"), (&b, "b")], |f, c, out| {
                    out.resize(c[0].len(), Default::default());
                    f.mul_all(&c[0], &c[1], out);
                    Ok(())
                })
            }

            /// a².
            fn sqr<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                elementwise(py, &self.f, &[(&a, "a")], |f, c, out| {
                    out.extend(c[0].iter().map(|x| <$inner as Ops>::sqr(f, x)));
                    Ok(())
                })
            }

            /// The square root (every element has exactly one).
            fn sqrt<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                elementwise(py, &self.f, &[(&a, "a")], |f, c, out| {
                    out.extend(c[0].iter().map(|x| <$inner as Ops>::sqrt(f, x)));
                    Ok(())
                })
            }

            /// a^{−1}; `ZeroDivisionError` naming the first zero row.
            fn inv<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                let s = rows(&self.f, &a, "a")?;
                let l = self.limbs();
                if let Some(i) = s.chunks_exact(l).position(|r| r.iter().all(|&w| w == 0)) {
                    return Err(PyZeroDivisionError::new_err(format!(
                        "row {i} is zero, which has no inverse"
                    )));
                }
                elementwise(py, &self.f, &[(&a, "a")], |f, c, out| {
                    out.resize(c[0].len(), Default::default());
                    f.inv_all(&c[0], out);
                    Ok(())
                })
            }

            /// a^e for a non-negative integer e (constant-time in the elements and in e, for
            /// e's length).
            fn pow<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
                e: &Bound<'py, PyInt>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                let e = exponent(e)?;
                elementwise(py, &self.f, &[(&a, "a")], move |f, c, out| {
                    out.extend(c[0].iter().map(|x| <$inner as Ops>::pow(f, x, &e)));
                    Ok(())
                })
            }

            /// Tr(a) ∈ {0, 1} as a uint8 array of shape (n,).
            fn trace<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray1<u8>>> {
                let s = rows(&self.f, &a, "a")?;
                let f = &self.f;
                let t = py
                    .detach(|| {
                        let mut t = Vec::with_capacity(s.len() / self.limbs());
                        for_chunks(f, &[(s, "a")], |_, c| {
                            t.extend(c[0].iter().map(|e| <$inner as Ops>::trace(f, e)));
                            Ok(())
                        })
                        .map(|()| t)
                    })
                    .map_err(PyValueError::new_err)?;
                Ok(PyArray1::from_vec(py, t))
            }

            /// The half-trace H(a) = Σ_{i<(m+1)/2} a^{4^i} (odd m): H(a)² + H(a) = a + Tr(a).
            fn half_trace<'py>(
                &self,
                py: Python<'py>,
                a: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<Bound<'py, PyArray2<u64>>> {
                elementwise(py, &self.f, &[(&a, "a")], |f, c, out| {
                    for x in &c[0] {
                        out.push(<$inner as Ops>::half_trace(f, x)?);
                    }
                    Ok(())
                })
            }

            /// A root z of z² + z = c for each row (the other root is z + 1), and a bool
            /// array saying which rows have roots (Tr(c) = 0); rows without one give 0.
            fn solve<'py>(
                &self,
                py: Python<'py>,
                c: PyReadonlyArray2<'py, u64>,
            ) -> PyResult<(Bound<'py, PyArray2<u64>>, Bound<'py, PyArray1<bool>>)> {
                let f = &self.f;
                let ok_ref = std::sync::Mutex::new(Vec::new());
                let z = elementwise(py, f, &[(&c, "c")], |f, ch, out| {
                    let mut flags = ok_ref.lock().map_err(|_| "poisoned".to_string())?;
                    for x in &ch[0] {
                        match <$inner as Ops>::solve(f, x) {
                            Some(z) => {
                                out.push(z);
                                flags.push(true);
                            }
                            None => {
                                out.push(Default::default());
                                flags.push(false);
                            }
                        }
                    }
                    Ok(())
                })?;
                let ok = ok_ref.into_inner().map_err(|_| PyValueError::new_err("poisoned"))?;
                Ok((z, PyArray1::from_vec(py, ok)))
            }
        }
    };
}

fn same(a: usize, b: usize) -> PyResult<()> {
    if a == b {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "the operands have different numbers of rows ({a} and {b})"
        )))
    }
}

/// GF(2^m) in a polynomial basis: any irreducible trinomial or pentanomial, m ≤ 571, given
/// by its exponents (`"163,7,6,3,0"`); the NIST and square-root-friendly moduli have unrolled
/// kernels.
#[pyclass(name = "Field", module = "wegman.gf2", frozen)]
pub(crate) struct PyField {
    f: Field,
}

field_methods!(PyField, Field, {
    #[new]
    fn new(modulus: &str) -> PyResult<Self> {
        Field::from_exponents(modulus)
            .map(|f| PyField { f })
            .map_err(|e| PyValueError::new_err(format!("modulus {modulus:?}: {e}")))
    }

    /// The field of Avanzi's square-root-friendly modulus of odd degree m.
    #[staticmethod]
    fn ssrf(m: u32) -> PyResult<Self> {
        let (modulus, _) =
            wegman_gf2::ssrf_modulus(m).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyField {
            f: Field::new(modulus),
        })
    }

    /// The modulus as its exponents, highest first (`"163,7,6,3,0"`).
    #[getter]
    fn modulus(&self) -> String {
        // Display prints the exponents, highest first.
        self.f.modulus().to_string()
    }

    fn __repr__(&self) -> String {
        format!("wegman.gf2.Field({:?})", self.modulus())
    }
});

/// GF(2^m) in a Gaussian normal basis of type T (the smallest when not given): squaring is
/// a rotation, and batches of products run bit-sliced (Brumley–Page).
#[pyclass(name = "Gnb", module = "wegman.gf2", frozen)]
pub(crate) struct PyGnb {
    f: Gnb,
}

field_methods!(PyGnb, Gnb, {
    #[new]
    #[pyo3(signature = (m, t = None))]
    fn new(m: u32, t: Option<u32>) -> PyResult<Self> {
        Gnb::with_type(m, t)
            .map(|f| PyGnb { f })
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The type T.
    #[getter]
    fn gnb_type(&self) -> u32 {
        self.f.gnb_type()
    }

    fn __repr__(&self) -> String {
        format!("wegman.gf2.Gnb({}, {})", self.f.degree(), self.f.gnb_type())
    }
});

/// The Python classes of the fixed field types: the numpy methods of `Field`, a constructor
/// without arguments, the modulus, and a conversion to the runtime `Field` of the same
/// modulus (whose arrays are the same).
macro_rules! fixed_classes {
    ($($t:ident = $py:literal: $doc:literal;)*) => {
        $(
            #[doc = $doc]
            #[pyclass(name = $py, module = "wegman.gf2", frozen)]
            pub(crate) struct $t {
                f: Fixed<wegman_gf2::$t>,
            }

            field_methods!($t, Fixed<wegman_gf2::$t>, {
                #[new]
                fn new() -> Self {
                    $t { f: Fixed(core::marker::PhantomData) }
                }

                /// The modulus as its exponents, highest first.
                #[getter]
                fn modulus(&self) -> String {
                    wegman_gf2::$t::modulus().to_string()
                }

                /// The runtime `Field` of the same modulus (same arrays, same results).
                fn field(&self) -> PyField {
                    PyField { f: Field::new(wegman_gf2::$t::modulus()) }
                }

                fn __repr__(&self) -> String {
                    format!("wegman.gf2.{}()", $py)
                }
            });
        )*

        /// Adds the fixed field classes to the module.
        fn register_fixed(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_class::<$t>()?;)*
            Ok(())
        }
    };
}

fixed_classes! {
    F127 = "F127": "GF(2^127) with x^127 + x^63 + 1 (square-root friendly), specialised at compile time.";
    F127Ssrf = "F127Ssrf": "GF(2^127) with x^127 + x + 1 (square-root friendly, lowest middle term), specialised at compile time.";
    F163Nist = "F163Nist": "GF(2^163) with NIST's x^163 + x^7 + x^6 + x^3 + 1 (B-163, K-163), specialised at compile time.";
    F163Ssrf = "F163Ssrf": "GF(2^163) with Avanzi's square-root-friendly x^163 + x^57 + x^49 + x^29 + 1, specialised at compile time.";
    F191 = "F191": "GF(2^191) with x^191 + x^9 + 1 (square-root friendly), specialised at compile time.";
    F233Nist = "F233Nist": "GF(2^233) with NIST's x^233 + x^74 + 1 (B-233, K-233), specialised at compile time.";
    F233Ssrf = "F233Ssrf": "GF(2^233) with Avanzi's square-root-friendly x^233 + x^159 + 1, specialised at compile time.";
    F283Nist = "F283Nist": "GF(2^283) with NIST's x^283 + x^12 + x^7 + x^5 + 1 (B-283, K-283), specialised at compile time.";
    F283Ssrf = "F283Ssrf": "GF(2^283) with Avanzi's square-root-friendly x^283 + x^97 + x^89 + x^87 + 1, specialised at compile time.";
    F409 = "F409": "GF(2^409) with NIST's x^409 + x^87 + 1 (B-409, K-409; also square-root friendly), specialised at compile time.";
    F571Nist = "F571Nist": "GF(2^571) with NIST's x^571 + x^10 + x^5 + x^2 + 1 (B-571, K-571), specialised at compile time.";
    F571Ssrf = "F571Ssrf": "GF(2^571) with Avanzi's square-root-friendly x^571 + x^193 + x^185 + x^5 + 1, specialised at compile time.";
}

/// Avanzi's square-root-friendly modulus of odd degree m, as exponents (`"163,…,0"`).
#[pyfunction]
fn ssrf(m: u32) -> PyResult<String> {
    let (modulus, _) =
        wegman_gf2::ssrf_modulus(m).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(modulus.to_string())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyField>()?;
    m.add_class::<PyGnb>()?;
    register_fixed(m)?;
    m.add_function(wrap_pyfunction!(ssrf, m)?)?;
    Ok(())
}
