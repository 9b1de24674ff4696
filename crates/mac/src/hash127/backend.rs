//! Backends for hash127. So far the 64-bit integer backend (`U64`); the paper's exact
//! floating-point method (`Fp53`) and a vector backend are to follow and will be dispatched
//! here, once per bulk call, as design.md §1 prescribes.

pub(super) mod u64;
