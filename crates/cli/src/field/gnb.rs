//! `wegman field --gnb M[,T]`: the calculator in a Gaussian normal basis (docs/spec.md §2, §4).
//!
//! Elements are the §2 normal-basis hex (a_0 the most significant of m bits). `topb A` prints
//! the polynomial-basis image of A under the isomorphism of `wegman_gf2::gnb::NbPbMap` for
//! `--modulus`, `frompb A` the inverse. `--batch` reads `OP A [B]` lines in blocks and runs the
//! block's `mul` lines as one bit-sliced batch (`Gnb::mul_batch`).

use wegman_gf2::gnb::NbPbMap;
use wegman_gf2::{Element, Field, Gnb, Modulus, NbElement};

use crate::error::{Error, Result};

const OPS: &str = "mul, sqr, sqrt, inv, trace, htrace, solve, add, topb, frompb";

/// Input lines per bit-sliced batch in `--batch`.
const BLOCK: usize = 4096;

struct Calc {
    gnb: Gnb,
    /// The polynomial basis of --modulus and the isomorphism, if given.
    pb: Option<(Field, NbPbMap)>,
}

/// A parsed line: its answer, or a product left for the batch.
enum Line {
    Done(String),
    Mul(NbElement, NbElement),
}

pub(super) fn run(spec: &str, modulus: Option<&str>, batch: bool, args: &[String]) -> Result<()> {
    let gnb = Gnb::parse(spec).map_err(|e| Error::new(format!("--gnb {spec}: {e}")))?;
    let pb = match modulus {
        None => None,
        Some(exps) => {
            let modulus: Modulus = exps
                .parse()
                .map_err(|e| Error::new(format!("--modulus {exps}: {e}")))?;
            let field = Field::new(modulus);
            let map = NbPbMap::new(&gnb, &field)
                .map_err(|e| Error::new(format!("--gnb {spec} with --modulus {exps}: {e}")))?;
            Some((field, map))
        }
    };
    let calc = Calc { gnb, pb };
    if batch {
        if !args.is_empty() {
            return Err(Error::new(
                "--batch reads `OP A [B]` lines from standard input; give no operands",
            ));
        }
        return calc.run_batch();
    }
    super::single_line(args, |words| calc.eval(words))
}

impl Calc {
    fn hex(&self, e: &NbElement) -> String {
        self.gnb.to_hex(e)
    }

    fn element(&self, s: &str, which: &str) -> std::result::Result<NbElement, String> {
        self.gnb
            .parse_element(s)
            .map_err(|e| format!("operand {which} `{s}`: {e}"))
    }

    fn pb(&self, op: &str) -> std::result::Result<&(Field, NbPbMap), String> {
        self.pb
            .as_ref()
            .ok_or_else(|| format!("`{op}` needs --modulus EXPS (the polynomial basis)"))
    }

    fn parse(&self, words: &[&str]) -> std::result::Result<Line, String> {
        let (op, rest) = super::operation(words, OPS, &["topb", "frompb"])?;
        if op == "frompb" {
            let (field, map) = self.pb(op)?;
            let a: Element = field
                .parse(rest[0])
                .map_err(|e| format!("operand A `{}`: {e}", rest[0]))?;
            return Ok(Line::Done(self.hex(&map.to_nb(&a))));
        }
        let a = self.element(rest[0], "A")?;
        let g = &self.gnb;
        Ok(Line::Done(match op {
            "mul" => return Ok(Line::Mul(a, self.element(rest[1], "B")?)),
            "add" => self.hex(&(a + self.element(rest[1], "B")?)),
            "sqr" => self.hex(&g.sqr(&a)),
            "sqrt" => self.hex(&g.sqrt(&a)),
            "inv" => {
                let inv: Option<NbElement> = g.inv(&a).into();
                self.hex(&inv.ok_or_else(|| "inv: zero has no inverse".to_string())?)
            }
            "trace" => g.trace(&a).to_string(),
            "htrace" => self.hex(&g.half_trace(&a)),
            "solve" => match g.solve(&a) {
                Some((z, _)) => self.hex(&z),
                None => "none".to_string(),
            },
            "topb" => {
                let (field, map) = self.pb(op)?;
                field.to_hex(&map.to_pb(&a))
            }
            _ => return Err(format!("unknown operation `{op}` (one of {OPS})")),
        }))
    }

    fn eval(&self, words: &[&str]) -> std::result::Result<String, String> {
        Ok(match self.parse(words)? {
            Line::Done(s) => s,
            Line::Mul(a, b) => self.hex(&self.gnb.mul(&a, &b)),
        })
    }

    fn run_batch(&self) -> Result<()> {
        super::batch_stdio(BLOCK, |lines| self.eval_block(lines))
    }

    /// Evaluates a block of lines: every `mul` line that parses joins one bit-sliced batch.
    fn eval_block(&self, lines: &[String]) -> Vec<std::result::Result<String, String>> {
        let block: Vec<std::result::Result<Line, String>> = lines
            .iter()
            .map(|l| self.parse(&l.split_whitespace().collect::<Vec<_>>()))
            .collect();
        let (a, b): (Vec<NbElement>, Vec<NbElement>) = block
            .iter()
            .filter_map(|l| match l {
                Ok(Line::Mul(a, b)) => Some((*a, *b)),
                _ => None,
            })
            .unzip();
        let mut products = vec![NbElement::ZERO; a.len()];
        // Equal lengths by construction: the batch cannot refuse them.
        let batch = self
            .gnb
            .mul_batch(&a, &b, &mut products)
            .map_err(|e| format!("batch: {e}"));
        let mut products = products.iter();
        block
            .into_iter()
            .map(|l| match l? {
                Line::Done(s) => Ok(s),
                Line::Mul(..) => batch
                    .clone()
                    .map(|()| products.next().map(|p| self.hex(p)).unwrap_or_default()),
            })
            .collect()
    }
}
