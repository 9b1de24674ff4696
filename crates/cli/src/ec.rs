//! `wegman ec`: a calculator on the NIST binary curves (docs/spec.md §4), in a chosen field
//! representation; points in and out in the SEC 2 polynomial basis, so every representation
//! prints the same.

use std::io::{BufRead, Write};

use wegman_ec::{Curve, CurveField, CurveId, Nb, NistPb, Point, SsrfPb};

use crate::error::{Error, Result};

const OPS: &str = "mul D | mul D X Y | add X1 Y1 X2 Y2 | dbl X Y | halve X Y | check X Y";

/// Where the calculator's operations come from.
pub(crate) enum Source<'a> {
    /// One operation from the command line.
    Args(&'a [String]),
    /// `--batch`: OP lines from `input`, one result line each to `out`.
    Batch {
        input: &'a mut dyn BufRead,
        out: &'a mut dyn Write,
    },
}

/// Runs the subcommand.
pub(crate) fn run(curve: &str, repr: &str, batch: bool, args: &[String]) -> Result<()> {
    if !batch {
        return run_on(curve, repr, Source::Args(args));
    }
    if !args.is_empty() {
        return Err(Error::new(
            "--batch reads OP lines from standard input; give no operands",
        ));
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    run_on(
        curve,
        repr,
        Source::Batch {
            input: &mut stdin.lock(),
            out: &mut out,
        },
    )
}

/// The calculator on `curve` in `repr`, reading `source`.
pub(crate) fn run_on(curve: &str, repr: &str, source: Source<'_>) -> Result<()> {
    let id = CurveId::from_name(curve).map_err(|e| Error::new(format!("--curve {curve}: {e}")))?;
    let err = |e: wegman_ec::Error| Error::new(format!("--curve {curve} --repr {repr}: {e}"));
    match repr {
        "nist" => go(&Curve::new(id, NistPb::new).map_err(err)?, source),
        "ssrf" => go(&Curve::new(id, SsrfPb::new).map_err(err)?, source),
        "nb" => go(&Curve::new(id, Nb::new).map_err(err)?, source),
        _ => Err(Error::new(format!(
            "--repr {repr}: unknown representation (nist, ssrf or nb)"
        ))),
    }
}

fn go<F: CurveField>(c: &Curve<F>, source: Source<'_>) -> Result<()> {
    match source {
        Source::Args(args) => crate::field::single_line(args, |words| eval(c, words)),
        Source::Batch { input, out } => {
            crate::field::batch_io(input, out, BLOCK, |lines| eval_block(c, lines))
        }
    }
}

/// Lines read and evaluated together: their `mul D X Y` lines run as one bit-sliced batch
/// ([`Curve::mul_batch`], on all cores).
const BLOCK: usize = 8192;

/// Evaluates a block of lines: every `mul D X Y` line that parses joins one batch of scalar
/// multiplications; the other lines are evaluated one by one (`mul D` by the fixed-base
/// table, faster for G than any ladder).
fn eval_block<F: CurveField>(
    c: &Curve<F>,
    lines: &[String],
) -> Vec<std::result::Result<String, String>> {
    let mut out: Vec<std::result::Result<String, String>> = Vec::with_capacity(lines.len());
    let (mut ks, mut ps, mut at) = (Vec::new(), Vec::new(), Vec::new());
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let parsed = match words.as_slice() {
            ["mul", d, x, y] => Some(
                c.parse_scalar(d)
                    .map_err(|e| format!("D `{d}`: {e}"))
                    .and_then(|k| Ok((k, point(c, x, y, true)?))),
            ),
            _ => None,
        };
        match parsed {
            Some(Ok((k, p))) => {
                ks.push(k);
                ps.push(p);
                at.push(out.len());
                // Replaced by the batch's result below.
                out.push(Ok(String::new()));
            }
            Some(Err(e)) => out.push(Err(e)),
            None => out.push(eval(c, &words)),
        }
    }
    match c.mul_batch(&ks, &ps) {
        Ok(r) => {
            for (&i, p) in at.iter().zip(&r) {
                out[i] = Ok(show(c, p));
            }
        }
        // Every input was validated above; report rather than panic if that ever changes.
        Err(e) => {
            for &i in &at {
                out[i] = Err(e.to_string());
            }
        }
    }
    for k in &mut ks {
        zeroize::Zeroize::zeroize(k);
    }
    out
}

fn show<F: CurveField>(c: &Curve<F>, p: &Point<F::Elem>) -> String {
    match p {
        Point::Infinity => "infinity".to_string(),
        Point::Affine { x, y } => format!("{} {}", c.element_hex(x), c.element_hex(y)),
    }
}

/// A point given as `X Y`, fully validated (docs/spec.md §3.5).
fn point<F: CurveField>(
    c: &Curve<F>,
    x: &str,
    y: &str,
    check: bool,
) -> std::result::Result<Point<F::Elem>, String> {
    let x = c.parse_element(x).map_err(|e| format!("X `{x}`: {e}"))?;
    let y = c.parse_element(y).map_err(|e| format!("Y `{y}`: {e}"))?;
    let p = Point::Affine { x, y };
    if check {
        c.check_public_key(&p).map_err(|e| e.to_string())?;
    }
    Ok(p)
}

fn eval<F: CurveField>(c: &Curve<F>, words: &[&str]) -> std::result::Result<String, String> {
    let (op, rest) = words
        .split_first()
        .ok_or_else(|| format!("missing operation ({OPS})"))?;
    let usage = || format!("`{op}`: wrong number of operands ({OPS})");
    Ok(match (*op, rest) {
        ("mul", [d]) => {
            let k = c.parse_scalar(d).map_err(|e| format!("D `{d}`: {e}"))?;
            show(c, &c.mul_base(&k))
        }
        ("mul", [d, x, y]) => {
            let k = c.parse_scalar(d).map_err(|e| format!("D `{d}`: {e}"))?;
            let p = point(c, x, y, true)?;
            show(c, &c.mul_ladder(&k, &p))
        }
        ("add", [x1, y1, x2, y2]) => {
            let (p, q) = (point(c, x1, y1, true)?, point(c, x2, y2, true)?);
            show(c, &c.add_vartime(&p, &q))
        }
        ("dbl", [x, y]) => show(c, &c.dbl_vartime(&point(c, x, y, true)?)),
        ("halve", [x, y]) => {
            let p = point(c, x, y, true)?;
            show(c, &c.halve_vartime(&p).map_err(|e| e.to_string())?)
        }
        ("check", [x, y]) => {
            point(c, x, y, true)?;
            "ok".to_string()
        }
        ("mul" | "add" | "dbl" | "halve" | "check", _) => return Err(usage()),
        _ => return Err(format!("unknown operation `{op}` ({OPS})")),
    })
}
