//! Binary curves, one run: for each of the ten curves and each field representation (NIST PB,
//! SSRF PB, normal basis), the constant-time López–Dahab ladder k·P, the constant-time
//! fixed-base k·G, w-NAF double-and-add and w-NAF halve-and-add (public scalars; halving needs
//! Tr(a) = 1), and chains of 1000 point doublings and halvings; beside them OpenSSL's ECDH
//! derive and `EC_POINT_mul` on the same curve, and OpenSSL's X25519 derive. For each degree
//! and representation, chains of field operations inside one field job (`ec-field-*`: the
//! cost of one operation as the curve code pays it). `cargo bench -p wegman-bench --bench ec`,
//! then `scripts/ec_table.py`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use openssl::derive::Deriver;
use openssl::pkey::PKey;
use wegman_ec::{Curve, CurveField, CurveId, Nb, NistPb, SsrfPb};
use wegman_gf2::{FieldJob, FieldOps};

#[path = "common/ec_peer.rs"]
mod ec_peer;
use ec_peer::openssl_peer;

/// Chain lengths: point doublings and halvings and field operations; in the normal basis
/// (whose products are ~100× slower); inversions.
const CHAIN: u32 = 1000;
const NB_CHAIN: u32 = 50;
const INV_CHAIN: u32 = 20;

/// A field operation timed in a dependent chain inside one job.
#[derive(Clone, Copy, Debug)]
enum Op {
    Mul,
    Sqr,
    Inv,
    Sqrt,
    Trace,
    HalfTrace,
    HalfTraceVartime,
}

impl Op {
    const ALL: [Op; 7] = [
        Op::Mul,
        Op::Sqr,
        Op::Inv,
        Op::Sqrt,
        Op::Trace,
        Op::HalfTrace,
        Op::HalfTraceVartime,
    ];

    fn name(self) -> &'static str {
        match self {
            Op::Mul => "mul",
            Op::Sqr => "sqr",
            Op::Inv => "inv",
            Op::Sqrt => "sqrt",
            Op::Trace => "trace",
            Op::HalfTrace => "ht",
            Op::HalfTraceVartime => "ht-vartime",
        }
    }

    fn reps(self) -> u32 {
        match self {
            Op::Inv => INV_CHAIN,
            _ => CHAIN,
        }
    }
}

/// `reps` dependent applications of `op` to x (y the other factor), inside one job.
struct Chain<E> {
    op: Op,
    x: E,
    y: E,
}

impl<E> FieldJob<E> for Chain<E> {
    type Output = E;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> E {
        let (mut x, y) = (o.load(&self.x), o.load(&self.y));
        let n = self.op.reps();
        match self.op {
            Op::Mul => (0..n).for_each(|_| x = o.mul(&x, &y)),
            Op::Sqr => (0..n).for_each(|_| x = o.sqr(&x)),
            Op::Inv => (0..n).for_each(|_| x = o.inv(&x)),
            Op::Sqrt => (0..n).for_each(|_| x = o.sqrt(&x)),
            Op::HalfTrace => (0..n).for_each(|_| x = o.half_trace(&x) + y),
            Op::HalfTraceVartime => (0..n).for_each(|_| x = o.half_trace_vartime(&x) + y),
            Op::Trace => {
                // The trace decides the next operand, so the chain is dependent.
                for _ in 0..n {
                    let t = o.trace(&x);
                    x = if t == 1 { x + y } else { x + o.one() };
                }
            }
        }
        o.store(&x)
    }
}

fn field_ops<F: CurveField>(grp: &mut BenchmarkGroup<'_, WallTime>, c: &Curve<F>) {
    let (x, y) = c.generator();
    for op in Op::ALL {
        grp.bench_function(format!("{}-x{}-{}", op.name(), op.reps(), F::NAME), |b| {
            b.iter(|| {
                c.field().run(Chain {
                    op,
                    x: black_box(x),
                    y: black_box(y),
                })
            })
        });
    }
}

/// A fixed scalar of t − 1 bits (t the bit length of n) and a public point k₀·G.
fn inputs<F: CurveField>(c: &Curve<F>) -> (wegman_ec::Scalar, wegman_ec::Point<F::Elem>) {
    // t − 1 bits with the top one set: below n, and as long as a scalar below n gets.
    let bits = c.order_bits() as usize - 1;
    let digits = bits.div_ceil(4);
    let top = bits - 4 * (digits - 1);
    let mut rng = wegman_testkit::Rng::new(0xec0 + bits as u64);
    let mut hex = String::new();
    for i in 0..digits {
        let mut d = (rng.next_u64() % 16) as u32;
        if i == 0 {
            d = (d & ((1 << top) - 1)) | (1 << (top - 1));
        }
        hex.push(char::from_digit(d, 16).unwrap());
    }
    let k = c.parse_scalar(&hex).unwrap();
    let p = c.mul_ladder(&c.parse_scalar("123456789abcdef").unwrap(), &c.g());
    (k, p)
}

/// Our methods on one curve and representation; point chains of `chain` doublings or
/// halvings.
fn ours<F: CurveField>(grp: &mut BenchmarkGroup<'_, WallTime>, c: &Curve<F>, chain: u32) {
    let (k, p) = inputs(c);
    let name = F::NAME;
    grp.bench_function(format!("ladder-{name}"), |b| {
        b.iter(|| c.mul_ladder(black_box(&k), black_box(&p)))
    });
    // Public-key validation (on the curve and in the subgroup, by traces).
    grp.bench_function(format!("validate-{name}"), |b| {
        b.iter(|| c.check_public_key(black_box(&p)).unwrap())
    });
    grp.bench_function(format!("double-add-{name}"), |b| {
        b.iter(|| c.mul_wnaf_vartime(black_box(&k), black_box(&p)))
    });
    if c.can_halve() {
        grp.bench_function(format!("halve-add-{name}"), |b| {
            b.iter(|| c.mul_halve_vartime(black_box(&k), black_box(&p)).unwrap())
        });
    }
    if c.is_koblitz() {
        grp.bench_function(format!("tnaf-{name}"), |b| {
            b.iter(|| c.mul_tnaf_vartime(black_box(&k), black_box(&p)).unwrap())
        });
    }
    c.mul_base(&k); // builds the table
    grp.bench_function(format!("fixed-base-{name}"), |b| {
        b.iter(|| c.mul_base(black_box(&k)))
    });
    grp.bench_function(format!("dbl-x{chain}-{name}"), |b| {
        b.iter(|| c.dbl_repeated(black_box(&p), chain))
    });
    if c.can_halve() {
        grp.bench_function(format!("halve-x{chain}-{name}"), |b| {
            b.iter(|| c.halve_repeated_vartime(black_box(&p), chain).unwrap())
        });
    }
}

fn curves(c: &mut Criterion) {
    {
        let mut grp = c.benchmark_group("ec-x25519");
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .sample_size(20);
        let a = PKey::generate_x25519().unwrap();
        let b = PKey::generate_x25519().unwrap();
        let bpub = PKey::public_key_from_raw_bytes(
            &b.raw_public_key().unwrap(),
            openssl::pkey::Id::X25519,
        )
        .unwrap();
        grp.bench_function("openssl-x25519", |bn| {
            bn.iter(|| {
                let mut d = Deriver::new(&a).unwrap();
                d.set_peer(&bpub).unwrap();
                d.derive_to_vec().unwrap()
            })
        });
    }
    let only: Option<String> = std::env::var("WEGMAN_EC_CURVE").ok();
    for id in CurveId::ALL {
        if only.as_deref().is_some_and(|o| o != id.params().name) {
            continue;
        }
        let mut grp = c.benchmark_group(format!("ec-{}", id.params().name));
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .sample_size(10);
        let (nist, ssrf, nb) = (
            Curve::new(id, NistPb::new).unwrap(),
            Curve::new(id, SsrfPb::new).unwrap(),
            Curve::new(id, Nb::new).unwrap(),
        );
        ours(&mut grp, &nist, CHAIN);
        ours(&mut grp, &ssrf, CHAIN);
        ours(&mut grp, &nb, NB_CHAIN);
        openssl_peer(&mut grp, id);
        grp.finish();
        // The field operations once per degree (the k1 and r1 curves share the field).
        if id.params().a == 0 || id == CurveId::Sect163k1 {
            let mut grp = c.benchmark_group(format!("ec-field-{}", nist.field().degree()));
            grp.warm_up_time(Duration::from_millis(200))
                .measurement_time(Duration::from_millis(500))
                .sample_size(10);
            field_ops(&mut grp, &nist);
            field_ops(&mut grp, &ssrf);
            field_ops(&mut grp, &nb);
            grp.finish();
        }
    }
}

criterion_group!(benches, curves);
criterion_main!(benches);
