//! `wegman field`: a binary-field calculator (docs/spec.md §4).
//!
//! `wegman field --modulus EXPS OP A [B]` prints one result; `--batch` reads `OP A [B]` lines
//! from standard input and prints one result line per input line (`error: ...` for a bad line,
//! and the run continues); `wegman field ssrf DEGREE` prints the square-root-friendly modulus
//! of an odd degree and the exponents of sqrt(x). `wegman field --gnb M[,T]` is the same
//! calculator in a Gaussian normal basis ([`gnb`]).

use std::io::{BufRead, Write};

use wegman_gf2::{Element, Field, Modulus};

use crate::error::{Error, Result};

mod gnb;

const OPS: &str = "mul, sqr, sqrt, inv, trace, htrace, solve, add";

/// Runs the subcommand.
pub(crate) fn run(
    modulus: Option<&str>,
    gnb: Option<&str>,
    batch: bool,
    args: &[String],
) -> Result<()> {
    if args.first().map(String::as_str) == Some("ssrf") {
        if batch || modulus.is_some() || gnb.is_some() {
            return Err(Error::new(
                "`field ssrf DEGREE` takes no --modulus, --gnb or --batch",
            ));
        }
        return ssrf(&args[1..]);
    }
    if let Some(spec) = gnb {
        return gnb::run(spec, modulus, batch, args);
    }
    let exps = modulus.ok_or_else(|| {
        Error::new("field: --modulus EXPS or --gnb M[,T] is required (e.g. --modulus 163,57,49,29,0 or --gnb 163), or use `field ssrf DEGREE`")
    })?;
    let modulus: Modulus = exps
        .parse()
        .map_err(|e| Error::new(format!("--modulus {exps}: {e}")))?;
    let field = Field::new(modulus);
    if batch {
        if !args.is_empty() {
            return Err(Error::new(
                "--batch reads `OP A [B]` lines from standard input; give no operands",
            ));
        }
        return run_batch(&field);
    }
    single_line(args, |words| eval(&field, words))
}

/// Prints the result of one `OP A [B]` given as arguments.
pub(crate) fn single_line(
    args: &[String],
    eval: impl Fn(&[&str]) -> std::result::Result<String, String>,
) -> Result<()> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let line = eval(&words).map_err(Error::new)?;
    crate::error::out(&format!("{line}\n"))
}

fn run_batch(field: &Field) -> Result<()> {
    batch_lines(|words| eval(field, words))
}

/// `field --modulus EXPS --batch` from `input` to `out` (the fuzz target's entry).
pub(crate) fn batch_on(exps: &str, input: impl BufRead, out: impl Write) -> Result<()> {
    let modulus: Modulus = exps
        .parse()
        .map_err(|e| Error::new(format!("--modulus {exps}: {e}")))?;
    let field = Field::new(modulus);
    lines_io(input, out, |words| eval(&field, words))
}

/// Reads OP lines from standard input and prints one result line each: the answer, or
/// `error: line N: ...` (and the run continues). Shared by the `field` and `ec` calculators.
pub(crate) fn batch_lines(
    eval: impl Fn(&[&str]) -> std::result::Result<String, String>,
) -> Result<()> {
    batch_stdio(1, |lines| {
        lines
            .iter()
            .map(|l| eval(&l.split_whitespace().collect::<Vec<_>>()))
            .collect()
    })
}

/// [`batch_io`] from standard input to standard output.
pub(crate) fn batch_stdio(
    block: usize,
    eval: impl FnMut(&[String]) -> Vec<std::result::Result<String, String>>,
) -> Result<()> {
    let stdout = std::io::stdout();
    batch_io(
        std::io::stdin().lock(),
        std::io::BufWriter::new(stdout.lock()),
        block,
        eval,
    )
}

/// [`batch_lines`] from any reader to any writer.
fn lines_io(
    input: impl BufRead,
    out: impl Write,
    eval: impl Fn(&[&str]) -> std::result::Result<String, String>,
) -> Result<()> {
    batch_io(input, out, 1, |lines| {
        lines
            .iter()
            .map(|l| eval(&l.split_whitespace().collect::<Vec<_>>()))
            .collect()
    })
}

/// Reads OP lines from `input` and writes one result line each to `out`, handing `eval` up
/// to `block` lines at a time (for batched evaluation); it returns one result per line, in
/// order. A bad line's result is `error: line N: ...` and the run continues. Each line is
/// wiped once evaluated (`wg keystream` lines hold keys).
pub(crate) fn batch_io(
    input: impl BufRead,
    mut out: impl Write,
    block: usize,
    mut eval: impl FnMut(&[String]) -> Vec<std::result::Result<String, String>>,
) -> Result<()> {
    let mut lines = input.lines();
    let mut first = 1;
    loop {
        let mut chunk: Vec<String> = lines
            .by_ref()
            .take(block)
            .collect::<std::io::Result<_>>()
            .map_err(|e| Error::new(format!("reading standard input: {e}")))?;
        if chunk.is_empty() {
            break;
        }
        let results = eval(&chunk);
        chunk.iter_mut().for_each(zeroize::Zeroize::zeroize);
        for (i, r) in results.into_iter().enumerate() {
            let result = match r {
                Ok(r) => r,
                Err(e) => format!("error: line {}: {e}", first + i),
            };
            writeln!(out, "{result}")
                .map_err(|e| Error::new(format!("writing the output: {e}")))?;
        }
        first += chunk.len();
    }
    out.flush()
        .map_err(|e| Error::new(format!("writing the output: {e}")))
}

fn element(field: &Field, s: Option<&&str>, which: &str) -> std::result::Result<Element, String> {
    let s = s.ok_or_else(|| format!("missing operand {which}"))?;
    field
        .parse(s)
        .map_err(|e| format!("operand {which} `{s}`: {e}"))
}

/// Evaluates `OP A [B]` and returns the output line.
fn eval(field: &Field, words: &[&str]) -> std::result::Result<String, String> {
    let (op, rest) = operation(words, OPS, &[])?;
    let a = element(field, rest.first(), "A")?;
    let hex = |e: &Element| field.to_hex(e);
    Ok(match op {
        "mul" => hex(&field.mul(&a, &element(field, rest.get(1), "B")?)),
        "add" => hex(&(a + element(field, rest.get(1), "B")?)),
        "sqr" => hex(&field.sqr(&a)),
        "sqrt" => hex(&field.sqrt(&a)),
        "inv" => {
            let inv: Option<Element> = field.inv(&a).into();
            hex(&inv.ok_or_else(|| "inv: zero has no inverse".to_string())?)
        }
        "trace" => field.trace(&a).to_string(),
        "htrace" => hex(&field.half_trace(&a).map_err(|e| format!("htrace: {e}"))?),
        "solve" => match field.solve(&a) {
            Some((z, _)) => hex(&z),
            None => "none".to_string(),
        },
        _ => unreachable!("operation checked above"),
    })
}

/// Splits `OP A [B]` and checks the operand count: the calculator's operations (`mul`, `add`
/// with two operands; `sqr`, `sqrt`, `inv`, `trace`, `htrace`, `solve` with one) and `extra`
/// one-operand operations; `ops` lists them for messages.
pub(crate) fn operation<'a, 'b>(
    words: &'b [&'a str],
    ops: &str,
    extra: &[&str],
) -> std::result::Result<(&'a str, &'b [&'a str]), String> {
    let (op, rest) = words
        .split_first()
        .ok_or_else(|| format!("missing operation (one of {ops})"))?;
    let arity = match *op {
        "mul" | "add" => 2,
        "sqr" | "sqrt" | "inv" | "trace" | "htrace" | "solve" => 1,
        x if extra.contains(&x) => 1,
        _ => return Err(format!("unknown operation `{op}` (one of {ops})")),
    };
    if rest.len() != arity {
        return Err(format!(
            "`{op}` takes {arity} operand(s), got {}",
            rest.len()
        ));
    }
    Ok((op, rest))
}

fn ssrf(args: &[String]) -> Result<()> {
    let [degree] = args else {
        return Err(Error::new(
            "usage: wegman field ssrf DEGREE (an odd degree, 3..=571)",
        ));
    };
    let m: u32 = degree.parse().map_err(|_| {
        Error::new(format!(
            "field ssrf: `{degree}` is not a degree (an odd number, 3..=571)"
        ))
    })?;
    let (modulus, zeta) =
        wegman_gf2::ssrf_modulus(m).map_err(|e| Error::new(format!("field ssrf {m}: {e}")))?;
    let zeta: Vec<String> = zeta.iter().map(u32::to_string).collect();
    crate::error::out(&format!("{modulus} {}\n", zeta.join(",")))
}
