#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/corpus/TARGET/) from the wegman binary:
real key files, check lines, counters, encoded points and calculator lines. Run from the
repository root after `cargo build --release`: python3 fuzz/seeds.py"""
import os, random, subprocess, tempfile

W = "target/release/wegman"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
rng = random.Random(17)

def put(target, name, data):
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def run(*args, stdin=None, env=None):
    return subprocess.run([W, *args], input=stdin, capture_output=True, check=True, env=env).stdout.decode()

algs = ["auth256", "auth256-128", "poly1305-aes", "hash127-aes", "poly1305"]
with tempfile.TemporaryDirectory() as t:
    env = dict(os.environ, WEGMAN_HOME=t)
    msg = os.path.join(t, "msg")
    with open(msg, "w") as f:
        f.write("a message\n")
    for a in algs:
        k = os.path.join(t, a + ".key")
        run("keygen", "--alg", a, "-o", k, env=env)
        put("key_file", a, open(k, "rb").read())
        bs = [None, "8", "256"] if a.startswith("auth256") else [None]
        for b in bs:
            extra = ["--b", b] if b else []
            line = run("tag", "--key-file", k, *extra, msg, env=env).replace(msg, "some/path name")
            put("check_line", a + (("-b" + b) if b else ""), line.strip())
        if a != "poly1305":
            put("nonce_counter", a, open(k + ".nonce", "rb").read())
put("key_file", "short", "wegman-key poly1305-aes 00\n")
put("nonce_counter", "zero", "wegman-nonce-counter 0\n")
put("nonce_counter", "max", "wegman-nonce-counter %d\n" % (2**128 - 1))

put("parse_hex", "pentanomial", "163,7,6,3,0\n" + "%041x" % rng.getrandbits(163))
put("parse_hex", "trinomial", "233,74,0\n0x" + "%x" % rng.getrandbits(233))
put("parse_hex", "gnb", "163\n" + "%x" % rng.getrandbits(163))
put("parse_hex", "gnb-type", "233,2\n" + "%x" % rng.getrandbits(233))
put("parse_hex", "scalar", "sect163k1\n" + "%x" % rng.getrandbits(160))
put("parse_hex", "nist-name", "B-233\n" + "%x" % rng.getrandbits(230))

curves = ["sect163k1", "sect163r2", "sect233k1", "sect233r1", "sect283k1", "sect283r1",
          "sect409k1", "sect409r1", "sect571k1", "sect571r1"]
gens = {}
for i, c in enumerate(curves):
    x, y = run("ec", "--curve", c, "mul", "2").split()
    gens[c] = (x, y)
    m = int(c[4:7])
    nb = (m + 7) // 8
    enc = bytes([4]) + int(x, 16).to_bytes(nb, "big") + int(y, 16).to_bytes(nb, "big")
    for r in range(3):
        put("sec1_decode", f"{c}-{r}", bytes([i + 10 * r]) + enc)
put("sec1_decode", "infinity", bytes([0, 0]))

for sel in range(6):
    put("mac_stream", f"mac{sel}", bytes([sel]) + bytes(rng.getrandbits(8) for _ in range(52 + 40 * sel)))
for sel in range(12):
    put("field_ops", f"m{sel}", bytes([sel]) + bytes(rng.getrandbits(8) for _ in range(160)))

lines = "mul 3 5\nsqr 7\nsqrt 9\ninv 0\ninv 2\nsolve 1\ntrace abc\nhtrace 2\nadd 1 2\nbad\nmul 1\n"
for sel in [2, 5, 10]:
    put("field_batch", f"m{sel}", bytes([sel]) + lines.encode())
for sel, c in enumerate(curves[:4]):
    x, y = gens[c]
    body = (f"mul 1\nmul 5 {x} {y}\nmul 0 {x} {y}\ncheck {x} {y}\ndbl {x} {y}\nhalve {x} {y}\n"
            f"add {x} {y} {x} {y}\ncheck 1 1\nmul zz\n")
    for r in range(3):
        put("ec_batch", f"{c}-{r}", bytes([sel + 4 * r]) + body.encode())
print("seeds written to", root)

# piece_blob: serialised pieces under the target's fixed key (wegman_fuzz::PIECE_KEY), made
# with the Python package when it is installed (scripts/test.sh's venv has it).
try:
    import wegman
except ImportError:
    print("seeds: the wegman Python package is not installed; piece_blob seeds kept as they are")
else:
    key = bytes([7] * 32)
    pkey = bytearray(key)
    for i in (3, 7, 11, 15):
        pkey[16 + i] &= 15
    for i in (4, 8, 12):
        pkey[16 + i] &= 252
    poly = wegman.Poly1305Aes(bytes(pkey))
    for off, n in [(0, 0), (0, 5), (3, 40), (16, 16), (100, 300)]:
        put("piece_blob", f"poly-{off}-{n}", bytes([0]) + poly.piece(off).update(bytes(range(256))[:n] * 2).to_bytes())
    for b in (1, 8, 256):
        mac = wegman.Auth256(key, b=b)
        for units, n in [(0, 0), (1, 10), (2, 64 * b + 3)]:
            put("piece_blob", f"auth256-b{b}-{units}-{n}", bytes([1]) + mac.piece(units * 64 * b).update(bytes(n)).to_bytes())

# auth256-pb (selector 9 of mac_stream, 3 of piece_blob), from an rng of its own so that the
# seeds above stay as they were.
rng_pb = random.Random(0x9B)
put("mac_stream", "mac9", bytes([9]) + bytes(rng_pb.getrandbits(8) for _ in range(52 + 120)))
try:
    import wegman
except ImportError:
    pass
else:
    pb = wegman.Auth256Pb(bytes([7] * 32))
    for off, n in [(0, 0), (0, 10), (0, 64), (16384, 5000), (32768, 16384)]:
        put("piece_blob", f"auth256-pb-{off}-{n}", bytes([3]) + pb.piece(off).update(bytes(n)).to_bytes())

# hash127-AES (selector 4 of piece_blob).
try:
    import wegman
except ImportError:
    pass
else:
    h127 = wegman.Hash127Aes(bytes([7] * 32))
    for off, n in [(0, 0), (0, 3), (4, 40), (400, 401)]:
        put("piece_blob", f"hash127-{off}-{n}", bytes([4]) + h127.piece(off).update((bytes(range(256)) * 2)[:n]).to_bytes())

# ecdsa_files: the first byte picks the curve (sel % 10, CurveId::ALL order) and the parser
# (sel // 10 % 3: 0 a signature, 1 a private-key file, 2 a public-key file).
curves = ["sect163k1", "sect163r2", "sect233k1", "sect233r1", "sect283k1", "sect283r1",
          "sect409k1", "sect409r1", "sect571k1", "sect571r1"]
with tempfile.TemporaryDirectory() as t:
    msg = os.path.join(t, "msg")
    with open(msg, "w") as f:
        f.write("m")
    for c in curves[::3]:
        i = curves.index(c)
        for fmt in ["sec1", "pkcs8"]:
            k = os.path.join(t, c + fmt)
            p = k + ".pub"
            subprocess.run([W, "ec", "keygen", "--curve", c, "--format", fmt, "--out", k, "--pubout", p], check=True)
            put("ecdsa_files", c + "-" + fmt + ".pem", bytes([10 + i]) + open(k, "rb").read())
            put("ecdsa_files", c + "-" + fmt + ".pub", bytes([20 + i]) + open(p, "rb").read())
        sig = subprocess.run([W, "ec", "sign", "--key", k, msg], capture_output=True, check=True).stdout
        put("ecdsa_files", c + ".sig", bytes([i]) + sig)
