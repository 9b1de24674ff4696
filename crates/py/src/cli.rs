//! The key file and nonce counter of `wegman tag` (`wegman_files::tagging`), for
//! `python -m wegman.dask tag`: private helpers of the package (underscored names).

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Loads (or, for the default path, creates) the key as `wegman tag` does: (alg, key, path).
#[pyfunction]
#[pyo3(signature = (key_file = None, alg = None))]
fn _cli_load_key(
    py: Python<'_>,
    key_file: Option<PathBuf>,
    alg: Option<&str>,
) -> PyResult<(String, Py<PyBytes>, String)> {
    let k =
        wegman_files::tagging::load_key(key_file.as_deref(), alg).map_err(PyOSError::new_err)?;
    Ok((
        k.alg.clone(),
        PyBytes::new(py, &k.key).unbind(),
        k.path.display().to_string(),
    ))
}

/// Durably reserves `count` nonces from the key's counter.
#[pyfunction]
fn _cli_reserve_nonces(key_path: PathBuf, alg: &str, count: usize) -> PyResult<Vec<Vec<u8>>> {
    wegman_files::tagging::reserve_nonces(&key_path, alg, count).map_err(PyOSError::new_err)
}

/// The `ALG NONCE TAG PATH` line.
#[pyfunction]
#[pyo3(signature = (alg, b, nonce, tag, path))]
fn _cli_check_line(
    alg: &str,
    b: u32,
    nonce: Option<Vec<u8>>,
    tag: Vec<u8>,
    path: &str,
) -> PyResult<String> {
    wegman_files::tagging::check_line(alg, b, nonce.as_deref(), &tag, path)
        .map_err(pyo3::exceptions::PyValueError::new_err)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_cli_load_key, m)?)?;
    m.add_function(wrap_pyfunction!(_cli_reserve_nonces, m)?)?;
    m.add_function(wrap_pyfunction!(_cli_check_line, m)?)?;
    Ok(())
}
