// A small C harness around NTL's GF2E for wegman's benchmarks: one context per modulus, two
// fixed operands, and one call per operation so that the Rust side times each call.
#include <NTL/GF2E.h>
#include <NTL/GF2X.h>

using namespace NTL;

namespace {
struct Ctx {
    GF2EContext ctx;
    GF2E a, b, c;
};

GF2X from_limbs(const unsigned long long* limbs, long n) {
    GF2X x;
    for (long i = 0; i < 64 * n; i++) {
        if ((limbs[i / 64] >> (i % 64)) & 1) SetCoeff(x, i);
    }
    return x;
}
}  // namespace

extern "C" {

// A context for the modulus with these exponents and operands a, b (little-endian limbs).
// Returns null on any NTL error.
void* wegman_ntl_new(const long* exps, long n_exps, const unsigned long long* a,
                     const unsigned long long* b, long limbs) {
    try {
        GF2X p;
        for (long i = 0; i < n_exps; i++) SetCoeff(p, exps[i]);
        GF2E::init(p);
        Ctx* c = new Ctx;
        c->ctx.save();
        conv(c->a, from_limbs(a, limbs));
        conv(c->b, from_limbs(b, limbs));
        return c;
    } catch (...) {
        return nullptr;
    }
}

// Makes this context's modulus current (NTL keeps one global modulus).
void wegman_ntl_use(void* p) { static_cast<Ctx*>(p)->ctx.restore(); }

void wegman_ntl_mul(void* p) {
    Ctx* c = static_cast<Ctx*>(p);
    mul(c->c, c->a, c->b);
}

void wegman_ntl_sqr(void* p) {
    Ctx* c = static_cast<Ctx*>(p);
    sqr(c->c, c->a);
}

void wegman_ntl_inv(void* p) {
    Ctx* c = static_cast<Ctx*>(p);
    inv(c->c, c->a);
}

// The last result, as little-endian limbs.
void wegman_ntl_result(void* p, unsigned long long* out, long limbs) {
    Ctx* c = static_cast<Ctx*>(p);
    const GF2X& x = rep(c->c);
    for (long i = 0; i < limbs; i++) out[i] = 0;
    for (long i = 0; i <= deg(x) && i < 64 * limbs; i++) {
        if (IsOne(coeff(x, i))) out[i / 64] |= 1ULL << (i % 64);
    }
}

void wegman_ntl_free(void* p) { delete static_cast<Ctx*>(p); }
}
