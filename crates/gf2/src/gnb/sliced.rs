//! Bit-sliced normal-basis multiplication (Brumley–Page, ARITH 2011): w independent products
//! at once, word i holding coefficient i of all w operands (w = 64 on `u64`, 256 on AVX2,
//! 512 on AVX-512), so a rotation is an index change and every multiplier is a sequence of
//! word ANDs and XORs, constant-time in every lane.
//!
//! The six multipliers (indices mod m; A, B rotated by k give c_k):
//! - **Massey–Omura**: c_k = Σ_{i=1}^{p−2} a_{F(i+1)+k} b_{F(p−i)+k}: m(Tm − 1) ANDs.
//! - **Matrix**: c_k = Σ_x a_{x+k} (Σ_{y ∈ Y(x)} b_{y+k}) with M's rows Y(x): m² ANDs.
//! - **XESMPO / AESMPO** (Reyhani-Masoleh–Hasan): C = Σ_i (a_{i−g} b_{i−g} β +
//!   Σ_{j=1}^{(m−1)/2} z_ij δ_j)^{2^i}, δ_j = β^{1+2^j} (its NB support precomputed), z_ij =
//!   a_i b_{i+j} + a_{i+j} b_i (XE, g = 1) or (a_i + a_{i+j})(b_i + b_{i+j}) (AE, g = 0; the
//!   extra a_i b_i terms sum to Σ a_i b_i β^{2^i}, since Σ_{j≠0} β^{2^j} = 1 + β^{2^0}). AE
//!   needs m(m+1)/2 ANDs and, for type 2 (every δ_j of weight 2), about 2.5·m² gates in all.
//! - **Kwon** (after Kwon et al., CHES 2004): the inner sums Σ_{y ∈ Y(x)} b_{y+k} depend only on
//!   the shape of Y(x) up to translation, and a shape repeats along the diagonals of the
//!   partial-product matrix; each shape's sums are computed once for all k and reused by every
//!   row of that shape (for type 2, at most (m − 1)/2 shapes for m − 1 rows of two).
//! - **Fan–Hasan** (IEEE TC 56(10), 2007; type 2 only): in the permuted basis
//!   e_r = γ^r + γ^{−r} (r = 1..m, β^{2^i} = e_{±2^i mod p}), e_r e_s = e_{r+s} + e_{r−s}, so
//!   c = T₁·a + T₂·rev(a) with Toeplitz T₁[k, i] = b̃_{k−i}, T₂ = b̃ at k − i + m + 1 (b̃ the
//!   symmetric extension of b mod p, b̃_0 = 0). Each Toeplitz matrix-vector product splits
//!   into three of half size, [A B; C A]·[v₀; v₁] = [P₀ + P₁; P₀ + P₂] with P₀ = A(v₀ + v₁),
//!   P₁ = (B + A)v₁, P₂ = (C + A)v₀, down to a schoolbook base: O(m^{log₂3}) gates. The
//!   recursion is unrolled once per field into a list of block operations.

use alloc::vec;
use alloc::vec::Vec;

use super::{Gnb, NbElement};
pub use crate::sliced::{Gates, SlicedBackend, SlicedJob, Word};
use crate::sliced::{SlicedField, SlicedKernels, tally};
use wegman_arch::{Job, Kernel};

/// The bit-sliced multipliers of Brumley–Page (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Multiplier {
    /// Massey–Omura, straight from the F sequence.
    MasseyOmura,
    /// The multiplication matrix M, row by row.
    Matrix,
    /// Reyhani-Masoleh–Hasan, XE form.
    Xesmpo,
    /// Reyhani-Masoleh–Hasan, AE form.
    Aesmpo,
    /// Kwon et al.: inner sums shared between rows of one shape.
    Kwon,
    /// Fan–Hasan: two Toeplitz matrix-vector products, split recursively (type 2 only).
    FanHasan,
}

impl Multiplier {
    /// Every multiplier.
    pub const ALL: [Multiplier; 6] = [
        Multiplier::MasseyOmura,
        Multiplier::Matrix,
        Multiplier::Xesmpo,
        Multiplier::Aesmpo,
        Multiplier::Kwon,
        Multiplier::FanHasan,
    ];

    /// Its name in reports and benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            Multiplier::MasseyOmura => "massey-omura",
            Multiplier::Matrix => "matrix",
            Multiplier::Xesmpo => "xesmpo",
            Multiplier::Aesmpo => "aesmpo",
            Multiplier::Kwon => "kwon",
            Multiplier::FanHasan => "fan-hasan",
        }
    }
}

impl core::str::FromStr for Multiplier {
    type Err = crate::error::Error;

    /// The [`Multiplier::name`] of a multiplier.
    fn from_str(s: &str) -> Result<Multiplier, Self::Err> {
        Multiplier::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or(crate::error::Error::UnknownMultiplier)
    }
}

impl core::fmt::Display for Multiplier {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// One block operation of the unrolled Fan–Hasan recursion, on a register file of words.
#[derive(Clone, Copy, Debug)]
pub(crate) enum FhOp {
    /// r\[dst + j\] = r\[a + j\] ⊕ r\[b + j\] for j < len.
    Add { dst: u32, a: u32, b: u32, len: u32 },
    /// The n × n Toeplitz product r\[out + k\] = Σ_i r\[t + k − i + n − 1\] ∧ r\[v + i\].
    Base { out: u32, t: u32, v: u32, n: u32 },
}

/// Where a register of the Fan–Hasan file is loaded from.
#[derive(Clone, Copy, Debug)]
enum Src {
    A(u16),
    B(u16),
    Zero,
}

/// The unrolled Fan–Hasan product for one field.
#[derive(Clone, Debug, Default)]
pub(crate) struct FanHasanPlan {
    /// Register r is loaded from `load[r]`.
    load: Vec<Src>,
    ops: Vec<FhOp>,
    /// c_i (NB index i) is register `out[i]`.
    out: Vec<u32>,
    regs: usize,
}

/// Base size at or below which a Toeplitz product is done by schoolbook.
const FH_BASE: usize = 12;

/// The multipliers' index tables for one field, derived from the F sequence.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    m: usize,
    /// Massey–Omura pairs.
    mo: Vec<(u16, u16)>,
    /// Matrix rows (CSR).
    ys: Vec<u16>,
    row_start: Vec<u32>,
    /// The passes of [`add_rotations`] for each j (entry j − 1) and for each pair
    /// (2s + 1, 2s + 2) (entry s).
    single: Passes,
    paired: Passes,
    /// Whether vector words use `paired`: for type 2 and from m = 128 (below that, for
    /// types ≥ 4, the pairs' many short segments measured slower).
    pair: bool,
    /// Kwon: the distinct row shapes (offsets from the first element, CSR) and, per shape, the
    /// rows (x, y₀) that have it.
    shapes: Vec<u16>,
    shape_start: Vec<u32>,
    shape_rows: Vec<Vec<(u16, u16)>>,
    /// Fan–Hasan (type 2 only).
    fh: Option<FanHasanPlan>,
}

impl Plan {
    pub(crate) fn new(g: &Gnb, pairs: &[(u32, u32)], rows: &[Vec<u32>]) -> Plan {
        let m = g.degree() as usize;
        let mo = pairs.iter().map(|&(u, v)| (u as u16, v as u16)).collect();
        let mut ys = Vec::new();
        let mut row_start = vec![0u32];
        for r in rows {
            ys.extend(r.iter().map(|&y| y as u16));
            row_start.push(ys.len() as u32);
        }
        // δ_j = β·β^{2^j}, by the scalar multiplier.
        let mut delta = Vec::new();
        let mut delta_start = vec![0u32];
        let beta = g.beta();
        for j in 1..=(m - 1) / 2 {
            let d = g.mul(&beta, &g.sqr_n(&beta, j));
            delta.extend((0..m).filter(|&l| d.bit(l) == 1).map(|l| l as u16));
            delta_start.push(delta.len() as u32);
        }
        // Kwon: shapes up to translation (the translate that is smallest as a sorted list).
        let mut shape_list: Vec<Vec<u16>> = Vec::new();
        let mut shape_rows: Vec<Vec<(u16, u16)>> = Vec::new();
        for (x, r) in rows.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            let (shape, y0) = (0..r.len())
                .map(|s| {
                    let y0 = r[s] as usize;
                    let mut sh: Vec<u16> = r
                        .iter()
                        .map(|&y| ((y as usize + m - y0) % m) as u16)
                        .collect();
                    sh.sort_unstable();
                    (sh, y0 as u16)
                })
                .min()
                .unwrap_or_default();
            match shape_list.iter().position(|s| *s == shape) {
                Some(i) => shape_rows[i].push((x as u16, y0)),
                None => {
                    shape_list.push(shape);
                    shape_rows.push(vec![(x as u16, y0)]);
                }
            }
        }
        let mut shapes = Vec::new();
        let mut shape_start = vec![0u32];
        for s in &shape_list {
            shapes.extend_from_slice(s);
            shape_start.push(shapes.len() as u32);
        }
        let fh = (g.gnb_type() == 2).then(|| fan_hasan_plan(m));
        // XESMPO/AESMPO passes: per j (64-bit words), and per pair (j, j + 1) with both z
        // arrays side by side and one pass over c for the rotations of both (offsets into the
        // second array carry + m; vector words, where it measured 10–20% faster on AVX2 and
        // slower on 64-bit words, short of registers for eight streams).
        let v = (m - 1) / 2;
        let supp = |j: usize| &delta[delta_start[j - 1] as usize..delta_start[j] as usize];
        let mut single = Passes::default();
        for j in 1..=v {
            let entries: Vec<(u16, u16)> = supp(j).iter().map(|&l| (l, 0)).collect();
            single.push(m, &entries);
        }
        let mut paired = Passes::default();
        for j in (1..=v).step_by(2) {
            let mut entries: Vec<(u16, u16)> = supp(j).iter().map(|&l| (l, 0)).collect();
            if j < v {
                entries.extend(supp(j + 1).iter().map(|&l| (l, m as u16)));
            }
            paired.push(m, &entries);
        }
        Plan {
            m,
            mo,
            ys,
            row_start,
            single,
            paired,
            pair: g.gnb_type() == 2 || m >= 128,
            shapes,
            shape_start,
            shape_rows,
            fh,
        }
    }

    fn row(&self, x: usize) -> &[u16] {
        &self.ys[self.row_start[x] as usize..self.row_start[x + 1] as usize]
    }

    fn shape(&self, s: usize) -> &[u16] {
        &self.shapes[self.shape_start[s] as usize..self.shape_start[s + 1] as usize]
    }

    pub(crate) fn has_fan_hasan(&self) -> bool {
        self.fh.is_some()
    }

    /// Words of scratch a multiplier needs besides the doubled operands and the output.
    fn scratch(&self, mult: Multiplier) -> usize {
        match mult {
            Multiplier::MasseyOmura | Multiplier::Matrix => 0,
            Multiplier::Xesmpo | Multiplier::Aesmpo | Multiplier::Kwon => 2 * self.m,
            Multiplier::FanHasan => self.fh.as_ref().map_or(0, |f| f.regs),
        }
    }
}

/// Unrolls the Fan–Hasan recursion for F_{2^m} of type 2 (p = 2m + 1).
fn fan_hasan_plan(m: usize) -> FanHasanPlan {
    let p = 2 * m + 1;
    // pal[i]: the index r in 1..=m with β^{2^i} = e_r.
    let mut pal = vec![0usize; m];
    let mut x = 1usize;
    for item in pal.iter_mut() {
        *item = if x <= m { x } else { p - x };
        x = 2 * x % p;
    }
    // b̃ at j mod p, as a load source: NB index of e_{|j|}.
    let mut nb_of_pal = vec![0u16; m + 1];
    for (i, &r) in pal.iter().enumerate() {
        nb_of_pal[r] = i as u16;
    }
    let btilde = |j: i64| -> Src {
        let j = j.rem_euclid(p as i64) as usize;
        if j == 0 {
            Src::Zero
        } else {
            let r = if j <= m { j } else { p - j };
            Src::B(nb_of_pal[r])
        }
    };
    // The padded size n0 = b·2^d ≥ m with b ≤ FH_BASE, of least estimated cost.
    let (n0, _) = (0..8)
        .filter_map(|d| {
            let b = m.div_ceil(1 << d);
            (b <= FH_BASE || d == 7)
                .then(|| (b << d, 2 * b * b * 3usize.pow(d as u32) + 8 * (b << d) * d))
        })
        .min_by_key(|&(_, cost)| cost)
        .unwrap_or((m, 0));
    let mut load = Vec::new();
    // Registers: [0, n0) a in the permuted basis (zero padded); [n0, 2n0) a reversed;
    // t₁ and t₂ (2n0 − 1 each), out₁, out₂ (n0 each), then scratch.
    let va = 0;
    let vr = n0;
    let t1 = 2 * n0;
    let t2 = t1 + 2 * n0 - 1;
    let o1 = t2 + 2 * n0 - 1;
    let o2 = o1 + n0;
    let top = o2 + n0;
    load.resize(top, Src::Zero);
    for k in 0..m {
        // Position k holds e_{k+1}; reversed position k holds e_{m−k}.
        load[va + k] = Src::A(nb_of_pal[k + 1]);
        load[vr + k] = Src::A(nb_of_pal[m - k]);
    }
    // t[x] for the padded matrix: t'[x] = t[x − n0 + m] inside [0, 2m − 1), else 0; the m × m
    // matrices have t₁[d + m − 1] = b̃_d and t₂[d + m − 1] = b̃_{d+m+1}.
    for x in 0..2 * n0 - 1 {
        let d = x as i64 - (n0 as i64 - 1);
        if d.abs() < m as i64 {
            load[t1 + x] = btilde(d);
            load[t2 + x] = btilde(d + m as i64 + 1);
        }
    }
    let mut ops = Vec::new();
    let mut next = top;
    let mut peak = top;
    tmvp(&mut ops, &mut next, &mut peak, n0, t1, va, o1);
    tmvp(&mut ops, &mut next, &mut peak, n0, t2, vr, o2);
    ops.push(FhOp::Add {
        dst: o1 as u32,
        a: o1 as u32,
        b: o2 as u32,
        len: m as u32,
    });
    // c_NB[i] is coefficient e_{pal[i]}, at o1 + pal[i] − 1.
    let out = pal.iter().map(|&r| (o1 + r - 1) as u32).collect();
    FanHasanPlan {
        load,
        ops,
        out,
        regs: peak,
    }
}

/// Emits the n × n Toeplitz product out = T·v, T given by t (2n − 1 registers).
fn tmvp(
    ops: &mut Vec<FhOp>,
    next: &mut usize,
    peak: &mut usize,
    n: usize,
    t: usize,
    v: usize,
    out: usize,
) {
    if n <= FH_BASE || n % 2 == 1 {
        ops.push(FhOp::Base {
            out: out as u32,
            t: t as u32,
            v: v as u32,
            n: n as u32,
        });
        return;
    }
    let h = n / 2;
    let mark = *next;
    let (s1, s2, s3, p0, p1, p2) = (
        mark,
        mark + 2 * h - 1,
        mark + 4 * h - 2,
        mark + 5 * h - 2,
        mark + 6 * h - 2,
        mark + 7 * h - 2,
    );
    *next = mark + 8 * h - 2;
    *peak = (*peak).max(*next);
    let add = |dst: usize, a: usize, b: usize, len: usize| FhOp::Add {
        dst: dst as u32,
        a: a as u32,
        b: b as u32,
        len: len as u32,
    };
    ops.push(add(s1, t, t + h, 2 * h - 1)); // B + A
    ops.push(add(s2, t + 2 * h, t + h, 2 * h - 1)); // C + A
    ops.push(add(s3, v, v + h, h)); // v₀ + v₁
    tmvp(ops, next, peak, h, t + h, s3, p0);
    tmvp(ops, next, peak, h, s1, v + h, p1);
    tmvp(ops, next, peak, h, s2, v, p2);
    ops.push(add(out, p0, p1, h));
    ops.push(add(out + h, p0, p2, h));
    *next = mark;
}

/// Loads up to `W::GROUPS`·64 elements into m words ([`crate::sliced::gather`]).
#[inline(always)]
fn gather<W: Word>(elems: &[NbElement], m: usize, out: &mut [W]) {
    crate::sliced::gather(elems, &mut out[..m]);
}

/// The inverse of [`gather`] for the first `out.len()` lanes.
#[inline(always)]
fn scatter<W: Word>(words: &[W], m: usize, out: &mut [NbElement]) {
    out.fill(NbElement::ZERO);
    let lanes = out.len();
    crate::sliced::scatter(&words[..m], lanes, |j, l, v| out[j].limbs[l] = v);
}

/// Words of the working buffer for one batch: a and b doubled (2m each), c (m), scratch.
pub(crate) fn buffer_words(plan: &Plan, mult: Multiplier) -> usize {
    5 * plan.m + plan.scratch(mult)
}

/// One batch of up to `W::GROUPS`·64 products with `mult` (which the field supports).
/// `buf` has [`buffer_words`] words.
#[inline(always)]
pub(crate) fn mul_chunk<W: Word>(
    plan: &Plan,
    mult: Multiplier,
    a: &[NbElement],
    b: &[NbElement],
    c: &mut [NbElement],
    buf: &mut [W],
) {
    let m = plan.m;
    let (a2, rest) = buf.split_at_mut(2 * m);
    let (b2, rest) = rest.split_at_mut(2 * m);
    let (cw, scratch) = rest.split_at_mut(m);
    gather(a, m, a2);
    gather(b, m, b2);
    // Massey–Omura, the matrix and Kwon read each operand twice over (no reduction mod m);
    // the others stay within the first m words (a smaller working set in L1).
    if matches!(
        mult,
        Multiplier::MasseyOmura | Multiplier::Matrix | Multiplier::Kwon
    ) {
        a2.copy_within(0..m, m);
        b2.copy_within(0..m, m);
    }
    mul_words(plan, mult, a2, b2, cw, scratch);
    scatter(cw, m, c);
}

/// The product on sliced words: a2, b2 hold each operand twice (2m words), c gets m words.
#[inline(always)]
pub(crate) fn mul_words<W: Word>(
    plan: &Plan,
    mult: Multiplier,
    a2: &[W],
    b2: &[W],
    c: &mut [W],
    scratch: &mut [W],
) {
    match mult {
        Multiplier::MasseyOmura => massey_omura(plan, a2, b2, c),
        Multiplier::Matrix => matrix(plan, a2, b2, c),
        Multiplier::Xesmpo => rmh(plan, false, a2, b2, c, scratch),
        Multiplier::Aesmpo => rmh(plan, true, a2, b2, c, scratch),
        Multiplier::Kwon => kwon(plan, a2, b2, c, scratch),
        Multiplier::FanHasan => fan_hasan(plan, a2, b2, c, scratch),
    }
}

#[inline(always)]
fn massey_omura<W: Word>(plan: &Plan, a2: &[W], b2: &[W], c: &mut [W]) {
    let m = plan.m;
    for (k, ck) in c.iter_mut().enumerate().take(m) {
        let (a, b) = (&a2[k..k + m], &b2[k..k + m]);
        let mut pairs = plan.mo.iter();
        let mut acc = match pairs.next() {
            Some(&(u, v)) => a[u as usize].and(b[v as usize]),
            None => W::zero(),
        };
        for &(u, v) in pairs {
            acc = acc.xor(a[u as usize].and(b[v as usize]));
        }
        *ck = acc;
    }
}

/// Σ_{y ∈ row} b\[y\] (the row is never empty for a field with m ≥ 3... but stay total).
#[inline(always)]
fn row_sum<W: Word>(b: &[W], row: &[u16]) -> W {
    let mut it = row.iter();
    let mut s = match it.next() {
        Some(&y) => b[y as usize],
        None => W::zero(),
    };
    for &y in it {
        s = s.xor(b[y as usize]);
    }
    s
}

#[inline(always)]
fn matrix<W: Word>(plan: &Plan, a2: &[W], b2: &[W], c: &mut [W]) {
    let m = plan.m;
    for (k, ck) in c.iter_mut().enumerate().take(m) {
        let (a, b) = (&a2[k..k + m], &b2[k..k + m]);
        let mut acc: Option<W> = None;
        for (x, ax) in a.iter().enumerate() {
            let row = plan.row(x);
            if row.is_empty() {
                continue;
            }
            let t = ax.and(row_sum(b, row));
            acc = Some(match acc {
                Some(s) => s.xor(t),
                None => t,
            });
        }
        *ck = acc.unwrap_or_else(W::zero);
    }
}

/// c\[k\] ^= Σ_{l ∈ ls} z\[(k − l) mod m\] for k in `range`, where no k − l wraps differently
/// inside the range: `offs[t]` is the index of z for k = 0 (−l or m − l, as k + offs ≥ 0).
#[inline(always)]
fn add_shifted<W: Word, const K: usize>(
    c: &mut [W],
    z: &[W],
    lo: usize,
    hi: usize,
    offs: [isize; K],
) {
    let c = &mut c[lo..hi];
    let n = c.len();
    // Each z stream sliced to exactly n words, so the loop needs no bounds checks.
    let zs: [&[W]; K] = core::array::from_fn(|t| {
        let start = (lo as isize + offs[t]) as usize;
        &z[start..start + n]
    });
    for (i, ci) in c.iter_mut().enumerate() {
        let mut acc = *ci;
        for zt in &zs {
            acc = acc.xor(zt[i]);
        }
        *ci = acc;
    }
}

/// Lists of [`Segment`]s, one list per step (CSR).
#[derive(Clone, Debug)]
struct Passes {
    segs: Vec<Segment>,
    start: Vec<u32>,
}

impl Default for Passes {
    fn default() -> Passes {
        Passes {
            segs: Vec::new(),
            start: vec![0],
        }
    }
}

impl Passes {
    fn push(&mut self, m: usize, entries: &[(u16, u16)]) {
        segments(m, entries, &mut self.segs);
        self.start.push(self.segs.len() as u32);
    }

    fn step(&self, s: usize) -> &[Segment] {
        &self.segs[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

/// Up to eight rotations added in one pass over c\[lo..hi\]: c\[k\] ^= Σ_t z\[k + offs\[t\]\].
#[derive(Clone, Copy, Debug)]
struct Segment {
    lo: u16,
    hi: u16,
    len: u8,
    offs: [i16; 8],
}

/// The passes that add Σ_{(l, base)} z\[base + (k − l) mod m\] to every c\[k\]: for each group
/// of up to eight entries (sorted by l), one pass per stretch of k between their l's, where
/// each k − l either never or always wraps.
fn segments(m: usize, entries: &[(u16, u16)], out: &mut Vec<Segment>) {
    let mut entries = entries.to_vec();
    entries.sort_unstable();
    for part in entries.chunks(8) {
        let mut lo = 0usize;
        for seg in 0..=part.len() {
            let hi = part.get(seg).map_or(m, |&(l, _)| l as usize);
            if hi > lo {
                let mut offs = [0i16; 8];
                for (t, o) in offs.iter_mut().enumerate().take(part.len()) {
                    let (l, base) = (part[t].0 as i16, part[t].1 as i16);
                    *o = base + if t < seg { -l } else { m as i16 - l };
                }
                out.push(Segment {
                    lo: lo as u16,
                    hi: hi as u16,
                    len: part.len() as u8,
                    offs,
                });
            }
            lo = hi;
        }
    }
}

/// c\[k\] ^= Σ z\[(k − l) mod m\] over the rotations of a step, by its precomputed passes
/// (one store per k and pass rather than one per (k, l)).
#[inline(always)]
fn add_rotations<W: Word>(c: &mut [W], z: &[W], segs: &[Segment]) {
    for sg in segs {
        let (lo, hi) = (sg.lo as usize, sg.hi as usize);
        let o = |t: usize| sg.offs[t] as isize;
        match sg.len {
            1 => add_shifted::<W, 1>(c, z, lo, hi, [o(0)]),
            2 => add_shifted::<W, 2>(c, z, lo, hi, [o(0), o(1)]),
            3 => add_shifted::<W, 3>(c, z, lo, hi, core::array::from_fn(o)),
            4 => add_shifted::<W, 4>(c, z, lo, hi, core::array::from_fn(o)),
            5 => add_shifted::<W, 5>(c, z, lo, hi, core::array::from_fn(o)),
            6 => add_shifted::<W, 6>(c, z, lo, hi, core::array::from_fn(o)),
            7 => add_shifted::<W, 7>(c, z, lo, hi, core::array::from_fn(o)),
            _ => add_shifted::<W, 8>(c, z, lo, hi, core::array::from_fn(o)),
        }
    }
}

/// z\[i\] for i in lo..hi, with a_{i+j} at i + shift (shift = j, or j − m where it wraps).
#[inline(always)]
fn z_range<W: Word>(ae: bool, a: &[W], b: &[W], z: &mut [W], lo: usize, hi: usize, shift: isize) {
    let n = hi - lo;
    let start = (lo as isize + shift) as usize;
    let (ai, aj) = (&a[lo..hi], &a[start..start + n]);
    let (bi, bj) = (&b[lo..hi], &b[start..start + n]);
    for (i, zi) in z[lo..hi].iter_mut().enumerate() {
        *zi = if ae {
            ai[i].xor(aj[i]).and(bi[i].xor(bj[i]))
        } else {
            ai[i].and(bj[i]).xor(aj[i].and(bi[i]))
        };
    }
}

/// XESMPO (`ae` false) and AESMPO (`ae` true): for each j, the m products z_ij, then each
/// added where δ_j^{2^i} has its ones.
/// z_j of RMH for all i (i + j below m, then wrapped). A function forced inline, not a
/// closure: a closure left out of line is compiled without the caller's target features (AVX2
/// words then ran as pairs of SSE2 operations, at half speed).
#[inline(always)]
fn z_of<W: Word>(ae: bool, a: &[W], b: &[W], z: &mut [W], j: usize) {
    let m = a.len();
    for (lo, hi, shift) in [(0, m - j, j as isize), (m - j, m, j as isize - m as isize)] {
        z_range(ae, a, b, z, lo, hi, shift);
    }
}

#[inline(always)]
fn rmh<W: Word>(plan: &Plan, ae: bool, a2: &[W], b2: &[W], c: &mut [W], scratch: &mut [W]) {
    let m = plan.m;
    let c = &mut c[..m];
    let z = &mut scratch[..2 * m];
    let (a, b) = (&a2[..m], &b2[..m]);
    // The diagonal: a_i b_i β^{2^i} (AE) or β^{2^{i+1}} (XE).
    let g = usize::from(!ae);
    for (i, ci) in c.iter_mut().enumerate() {
        let s = (i + m - g) % m;
        *ci = a[s].and(b[s]);
    }
    let v = (m - 1) / 2;
    if W::GROUPS == 1 || !plan.pair {
        for j in 1..=v {
            z_of(ae, a, b, &mut z[..m], j);
            add_rotations(c, z, plan.single.step(j - 1));
        }
    } else {
        for (step, j) in (1..=v).step_by(2).enumerate() {
            // z_j in z[..m] and z_{j+1} in z[m..].
            let (z1, z2) = z.split_at_mut(m);
            z_of(ae, a, b, z1, j);
            if j < v {
                z_of(ae, a, b, z2, j + 1);
            }
            add_rotations(c, z, plan.paired.step(step));
        }
    }
}

#[inline(always)]
fn kwon<W: Word>(plan: &Plan, a2: &[W], b2: &[W], c: &mut [W], scratch: &mut [W]) {
    let m = plan.m;
    let c = &mut c[..m];
    let v = &mut scratch[..2 * m];
    let mut first = true;
    for (s, rows) in plan.shape_rows.iter().enumerate() {
        // V[i] = Σ_{d ∈ shape} b_{i+d}, for all i (twice over, so V[y₀ + k] needs no mod).
        let shape = plan.shape(s);
        for (i, vi) in v[..m].iter_mut().enumerate() {
            *vi = row_sum(&b2[i..], shape);
        }
        v.copy_within(0..m, m);
        // Row (x, y₀): c_k += a_{x+k} ∧ V[y₀ + k].
        for &(x, y0) in rows {
            let (x, y0) = (x as usize, y0 as usize);
            let (a, vv) = (&a2[x..x + m], &v[y0..y0 + m]);
            for (k, ck) in c.iter_mut().enumerate() {
                let t = a[k].and(vv[k]);
                *ck = if first { t } else { ck.xor(t) };
            }
            first = false;
        }
    }
    if first {
        c.fill(W::zero());
    }
}

#[inline(always)]
fn fan_hasan<W: Word>(plan: &Plan, a2: &[W], b2: &[W], c: &mut [W], r: &mut [W]) {
    let Some(fh) = plan.fh.as_ref() else {
        // Not reachable: the callers check the type first. Stay total.
        c.fill(W::zero());
        return;
    };
    for (reg, src) in r.iter_mut().zip(&fh.load) {
        *reg = match *src {
            Src::A(i) => a2[i as usize],
            Src::B(i) => b2[i as usize],
            Src::Zero => W::zero(),
        };
    }
    for op in &fh.ops {
        match *op {
            FhOp::Add { dst, a, b, len } => {
                let (dst, a, b) = (dst as usize, a as usize, b as usize);
                for j in 0..len as usize {
                    r[dst + j] = r[a + j].xor(r[b + j]);
                }
            }
            FhOp::Base { out, t, v, n } => {
                let (out, t, v) = (out as usize, t as usize, v as usize);
                match n {
                    1 => base::<W, 1>(r, out, t, v),
                    2 => base::<W, 2>(r, out, t, v),
                    3 => base::<W, 3>(r, out, t, v),
                    4 => base::<W, 4>(r, out, t, v),
                    5 => base::<W, 5>(r, out, t, v),
                    6 => base::<W, 6>(r, out, t, v),
                    7 => base::<W, 7>(r, out, t, v),
                    8 => base::<W, 8>(r, out, t, v),
                    9 => base::<W, 9>(r, out, t, v),
                    10 => base::<W, 10>(r, out, t, v),
                    11 => base::<W, 11>(r, out, t, v),
                    _ => base::<W, 12>(r, out, t, v),
                }
            }
        }
    }
    for (ci, &o) in c.iter_mut().zip(&fh.out) {
        *ci = r[o as usize];
    }
}

/// The bit-sliced products of one field on one word type, inside one backend dispatch
/// ([`SlicedJob`], [`Gnb::run_sliced`](super::Gnb::run_sliced)): an element is m words,
/// word i holding coefficient i (of β^{2^i}) of every lane.
pub struct SlicedOps<'a, W: Word> {
    plan: &'a Plan,
    mult: Multiplier,
    a2: Vec<W>,
    b2: Vec<W>,
    scratch: Vec<W>,
    /// The product, out of line and compiled with the backend's features (a job inlining
    /// every product of every multiplier took rustc many minutes): the backend's token
    /// running [`MulWords`].
    mul: crate::sliced::MulWordsFn<'a, W>,
}

impl<W: Word> core::fmt::Debug for SlicedOps<'_, W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SlicedOps")
            .field("m", &self.plan.m)
            .field("mult", &self.mult)
            .field("lanes", &(64 * W::GROUPS))
            .finish_non_exhaustive()
    }
}

/// One product by [`mul_words`] on the token's word, run out of line under its features.
struct MulWords<'a, K: SlicedKernels> {
    plan: &'a Plan,
    mult: Multiplier,
    a2: &'a [K::W],
    b2: &'a [K::W],
    c: &'a mut [K::W],
    scratch: &'a mut [K::W],
}

impl<K: SlicedKernels> Job for MulWords<'_, K> {
    type Output = ();
}

impl<K: SlicedKernels> Kernel<K> for MulWords<'_, K> {
    #[inline(always)]
    fn run(self, _k: K) {
        mul_words(self.plan, self.mult, self.a2, self.b2, self.c, self.scratch);
    }
}

impl<W: Word> SlicedOps<'_, W> {
    /// m.
    #[inline(always)]
    pub fn degree(&self) -> usize {
        self.plan.m
    }

    /// Lanes per word.
    #[inline(always)]
    pub fn lanes(&self) -> usize {
        64 * W::GROUPS
    }

    /// The multiplier [`SlicedOps::mul`] runs.
    pub fn multiplier(&self) -> Multiplier {
        self.mult
    }

    /// c = a·b in every lane (a, b, c of at least m words; the first m are used).
    /// Constant-time in every lane.
    #[inline(always)]
    pub fn mul(&mut self, a: &[W], b: &[W], c: &mut [W]) {
        let m = self.plan.m;
        if matches!(
            self.mult,
            Multiplier::MasseyOmura | Multiplier::Matrix | Multiplier::Kwon
        ) {
            // These read each operand twice over.
            self.a2[..m].copy_from_slice(&a[..m]);
            self.a2[m..].copy_from_slice(&a[..m]);
            self.b2[..m].copy_from_slice(&b[..m]);
            self.b2[m..].copy_from_slice(&b[..m]);
            (self.mul)(&self.a2, &self.b2, &mut c[..m], &mut self.scratch);
        } else {
            (self.mul)(&a[..m], &b[..m], &mut c[..m], &mut self.scratch);
        }
    }
}

impl<W: Word> crate::sliced::SlicedArith<W> for SlicedOps<'_, W> {
    #[inline(always)]
    fn degree(&self) -> usize {
        self.plan.m
    }

    #[inline(always)]
    fn mul(&mut self, a: &[W], b: &[W], c: &mut [W]) {
        SlicedOps::mul(self, a, b, c);
    }

    /// Squaring in a normal basis is the rotation a_i β^{2^i} ↦ a_i β^{2^{i+1}}: word moves.
    #[inline(always)]
    fn sqr(&mut self, a: &[W], c: &mut [W]) {
        let m = self.plan.m;
        c[0] = a[m - 1];
        c[1..m].copy_from_slice(&a[..m - 1]);
    }

    /// 1 = Σ_i β^{2^i} = Tr(β) (β a Gauss period of trace 1): every coefficient set.
    #[inline(always)]
    fn one(&self, c: &mut [W]) {
        c[..self.plan.m].fill(W::splat(!0));
    }
}

impl SlicedField for Gnb {
    type Ops<'a, W: Word> = SlicedOps<'a, W>;
}

/// A [`SlicedJob`] of the normal basis with its multiplier, entered under a backend's token.
pub(crate) struct RunJob<'p, J> {
    pub(crate) plan: &'p Plan,
    pub(crate) mult: Multiplier,
    pub(crate) job: J,
}

impl<J: SlicedJob<Gnb>> Job for RunJob<'_, J> {
    type Output = J::Output;
}

impl<K: SlicedKernels, J: SlicedJob<Gnb>> Kernel<K> for RunJob<'_, J> {
    #[inline(always)]
    fn run(self, k: K) -> J::Output {
        let (plan, mult) = (self.plan, self.mult);
        let mul = move |a2: &[K::W], b2: &[K::W], c: &mut [K::W], scratch: &mut [K::W]| {
            k.run_out_of_line(MulWords::<K> {
                plan,
                mult,
                a2,
                b2,
                c,
                scratch,
            })
        };
        let m = plan.m;
        let mut ops = SlicedOps {
            plan,
            mult,
            a2: vec![K::W::zero(); 2 * m],
            b2: vec![K::W::zero(); 2 * m],
            scratch: vec![K::W::zero(); plan.scratch(mult)],
            mul: &mul,
        };
        self.job.run(&mut ops)
    }
}

/// c\[i\] = a\[i\]·b\[i\] with `mult` over whole slices (equal lengths, `mult` supported:
/// checked by the caller), in batches of the word's lanes (the last one padded).
pub(crate) struct MulBatch<'p> {
    pub(crate) plan: &'p Plan,
    pub(crate) mult: Multiplier,
    pub(crate) a: &'p [NbElement],
    pub(crate) b: &'p [NbElement],
    pub(crate) c: &'p mut [NbElement],
}

impl Job for MulBatch<'_> {
    type Output = ();
}

impl<K: SlicedKernels> Kernel<K> for MulBatch<'_> {
    #[inline(always)]
    fn run(self, _k: K) {
        let (plan, mult) = (self.plan, self.mult);
        let lanes = 64 * K::W::GROUPS;
        let mut buf = vec![K::W::zero(); buffer_words(plan, mult)];
        for ((a, b), c) in self
            .a
            .chunks(lanes)
            .zip(self.b.chunks(lanes))
            .zip(self.c.chunks_mut(lanes))
        {
            mul_chunk(plan, mult, a, b, c, &mut buf);
        }
    }
}

/// The word operations `mult` executes for one bit-sliced product (loads, copies and the
/// transposition excluded), counted by running it.
pub(crate) fn gates(plan: &Plan, mult: Multiplier) -> Gates {
    use tally::Tally;
    let m = plan.m;
    let a2 = vec![Tally; 2 * m];
    let b2 = vec![Tally; 2 * m];
    let mut c = vec![Tally; m];
    let mut scratch = vec![Tally; plan.scratch(mult)];
    tally::count(|| mul_words(plan, mult, &a2, &b2, &mut c, &mut scratch))
}

/// The N × N Toeplitz product r\[out + k\] = Σ_i r\[t + k − i + N − 1\] ∧ r\[v + i\], the
/// accumulators in registers (N ≤ [`FH_BASE`]).
#[inline(always)]
fn base<W: Word, const N: usize>(r: &mut [W], out: usize, t: usize, v: usize) {
    let tt = &r[t..t + 2 * N - 1];
    let vv = &r[v..v + N];
    let mut acc = [W::zero(); N];
    for (k, a) in acc.iter_mut().enumerate() {
        *a = tt[k + N - 1].and(vv[0]);
    }
    for (i, &vi) in vv.iter().enumerate().skip(1) {
        for (k, a) in acc.iter_mut().enumerate() {
            *a = a.xor(tt[k + N - 1 - i].and(vi));
        }
    }
    r[out..out + N].copy_from_slice(&acc);
}
