//! Prints the gate-count report of docs/auth256.md: XOR circuits for products by constants,
//! merged radix conversions, and Table 1 of Bernstein–Chou (FFT multiplication in F_256[x]).
//!
//! `cargo run --release -p wegman-gf256 --example gate_report [RUNS]` (greedy runs per
//! circuit, default 16; the counts are deterministic for a given RUNS).

use wegman_gf256::bitslice::ConstMul;
use wegman_gf256::gates::{
    const_mul_averages, hash256_bit_ops_per_bit, mul_cost, radix_additions_merged,
    radix_additions_unmerged,
};
use wegman_gf256::tower::Gf256;

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(16);
    let [a256, a16, a4] = const_mul_averages();
    println!("## Products by constants (average XOR gates)\n");
    println!("| constant in | wegman | paper |");
    println!("|---|---|---|");
    println!("| F_256 \\ F_16 | {a256:.2} | 14.83 |");
    println!("| F_16 \\ F_4 | {a16:.2} | 7.43 |");
    println!("| F_4 \\ F_2 | {a4:.2} | 4 |");
    println!("\nEvery constant c = 16·row + column (XOR gates of x ↦ c·x):\n");
    println!(
        "| | {} |",
        (0..16)
            .map(|c| format!("{c:x}"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---{}|", "|---".repeat(16));
    for row in 0..16u8 {
        let cells: Vec<String> = (0..16u8)
            .map(|col| {
                ConstMul::new_vartime(Gf256::from_u8(16 * row + col))
                    .gates()
                    .to_string()
            })
            .collect();
        println!("| {row:x} | {} |", cells.join(" | "));
    }
    println!("\n## Radix conversions (additions of F_256 elements), greedy runs: {runs}\n");
    println!(
        "| FFT size | coefficients | level by level | merged (wegman) | paper: level by level | paper: merged |"
    );
    println!("|---|---|---|---|---|---|");
    for (size, paper_u, paper_m) in [(16, "12", "8"), (32, "48", "31"), (64, "160", "82")] {
        let k = size / 2;
        println!(
            "| {size} | {k} | {} | {} | {paper_u} | {paper_m} |",
            radix_additions_unmerged(k),
            radix_additions_merged(k, true, runs)
        );
    }
    println!("\n## Table 1: multiplying b-bit polynomials (bit operations)\n");
    println!("| b | FFT size | forward (×2) | pointwise | inverse | total | paper total |");
    println!("|---|---|---|---|---|---|---|");
    for bits in [16, 32, 64, 128, 256] {
        let c = mul_cost(bits, runs);
        let paper = if bits == 256 {
            "21172 (2·4068 + 64·110 + 5996)"
        } else {
            "—"
        };
        println!(
            "| {bits} | {} | 2·{} | {}·110 = {} | {} | {} | {paper} |",
            c.size,
            c.forward,
            c.size,
            c.pointwise,
            c.inverse,
            c.total()
        );
    }
    println!(
        "\nHash256: {:.2} bit operations per message bit (paper: 29)",
        hash256_bit_ops_per_bit(runs)
    );
}
