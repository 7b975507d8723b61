"""
bss_eval scoring for tests/bench/audio/separator.ts (bench only; Debian: apt-get install -y python3-mir-eval).

Reads a JSON job from stdin:
  {"pieces": [{"id": ..., "mix": path, "refs": {stem: path}, "estimates": {system: {stem: path}},
               "oracle": true|false}]}
and prints one JSON line per (piece, system): {"id", "system", "sdr": {stem: dB}, "sir": ..., "sar": ...}.
Scoring is mono, as the outside evaluation of issue #19 did: references and estimates are downmixed
((L + R) / 2) and scored as mir_eval.separation.bss_eval_sources does (512-tap distortion filter, no
permutation). mir_eval recomputes the references' Gram matrix for every estimate, which takes minutes a
piece at 44.1 kHz; BssEval below computes the same quantities (same least-squares projections, same
energy ratios) with the Gram matrix factored once per piece. `--check` scores the first piece's first
10 s both ways and prints the largest difference, so the shortcut stays honest. With "oracle", two reference systems are scored too: the mixture as every estimate, and
the oracle ideal ratio mask (each stem's share of the magnitude, |S_j| / sum_k |S_k|, per channel,
2048-point STFT, hop 512) applied to the mix.
"""
import json
import sys
import wave

import numpy as np
import mir_eval
from scipy import fft as sfft
from scipy.linalg import lu_factor, lu_solve, toeplitz
from scipy.signal import stft, istft

STEMS = ["vocals", "drums", "bass", "other"]


def read(path):
    with wave.open(path) as w:
        frames = w.readframes(w.getnframes())
        width = w.getsampwidth()
        channels = w.getnchannels()
    if width == 2:
        x = np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32768.0
    elif width == 4:
        x = np.frombuffer(frames, dtype="<f4").astype(np.float64)
    else:
        raise ValueError(f"{path}: {width * 8}-bit WAV not supported here")
    return x.reshape(-1, channels)


def mono(x):
    return x.mean(axis=1)


def oracle_irm(mix, refs):
    spectra = [stft(r.T, nperseg=2048, noverlap=1536)[2] for r in refs]
    mixed = stft(mix.T, nperseg=2048, noverlap=1536)[2]
    total = sum(np.abs(s) for s in spectra) + 1e-12
    out = []
    for s in spectra:
        y = istft(mixed * (np.abs(s) / total), nperseg=2048, noverlap=1536)[1].T
        y = y[: len(mix)]
        if len(y) < len(mix):
            y = np.pad(y, ((0, len(mix) - len(y)), (0, 0)))
        out.append(y)
    return out


def safe_db(num, den):
    if den == 0:
        return np.inf
    return 10 * np.log10(num / den)


class BssEval:
    """bss_eval_sources (mir_eval 0.7, flen 512) for many estimates against one set of references."""

    def __init__(self, refs, flen=512):
        self.refs = refs
        self.flen = flen
        nsrc, nsampl = refs.shape
        self.nsampl = nsampl
        # Any length ≥ nsampl + flen − 1 gives the same linear correlations; a fast one, not the next power
        # of two (that is up to twice as long), so a 30 s piece is scored in a third less time.
        self.n_fft = sfft.next_fast_len(nsampl + flen - 1, real=True)
        self.sf = sfft.rfft(refs, n=self.n_fft, axis=1)
        G = np.zeros((nsrc * flen, nsrc * flen))
        for i in range(nsrc):
            for j in range(i, nsrc):
                ssf = sfft.irfft(self.sf[i] * np.conj(self.sf[j]), n=self.n_fft)
                ss = toeplitz(np.hstack((ssf[0], ssf[-1:-flen:-1])), r=ssf[:flen])
                G[i * flen : (i + 1) * flen, j * flen : (j + 1) * flen] = ss
                G[j * flen : (j + 1) * flen, i * flen : (i + 1) * flen] = ss.T
        self.G_all = lu_factor(G)
        self.G_own = [lu_factor(G[j * flen : (j + 1) * flen, j * flen : (j + 1) * flen]) for j in range(nsrc)]

    def _filtered(self, C, sources):
        acc = np.zeros(self.n_fft // 2 + 1, dtype=complex)
        for k, i in enumerate(sources):
            acc += sfft.rfft(C[:, k], n=self.n_fft) * self.sf[i]
        return sfft.irfft(acc, n=self.n_fft)[: self.nsampl + self.flen - 1]

    def score(self, j, estimate):
        flen, nsrc = self.flen, self.refs.shape[0]
        sef = sfft.rfft(estimate, n=self.n_fft)
        D = np.zeros(nsrc * flen)
        for i in range(nsrc):
            ssef = sfft.irfft(self.sf[i] * np.conj(sef), n=self.n_fft)
            D[i * flen : (i + 1) * flen] = np.hstack((ssef[0], ssef[-1:-flen:-1]))
        C_all = lu_solve(self.G_all, D).reshape(flen, nsrc, order="F")
        C_own = lu_solve(self.G_own[j], D[j * flen : (j + 1) * flen]).reshape(flen, 1, order="F")
        s_true = np.hstack((self.refs[j], np.zeros(flen - 1)))
        e_spat = self._filtered(C_own, [j]) - s_true
        e_interf = self._filtered(C_all, range(nsrc)) - s_true - e_spat
        e_artif = -s_true - e_spat - e_interf
        e_artif[: self.nsampl] += estimate
        s_filt = s_true + e_spat
        sdr = safe_db(np.sum(s_filt**2), np.sum((e_interf + e_artif) ** 2))
        sir = safe_db(np.sum(s_filt**2), np.sum(e_interf**2))
        sar = safe_db(np.sum((s_filt + e_interf) ** 2), np.sum(e_artif**2))
        return sdr, sir, sar


def trim(refs_mono, ests_mono):
    n = min(len(refs_mono[0]), min(len(e) for e in ests_mono))
    return np.stack([r[:n] for r in refs_mono]), np.stack([e[:n] for e in ests_mono])


def score(evaluator, ests_mono):
    n = evaluator.nsampl
    out = {"sdr": {}, "sir": {}, "sar": {}}
    for j, stem in enumerate(STEMS):
        est = np.zeros(n)
        m = min(n, len(ests_mono[j]))
        est[:m] = ests_mono[j][:m]
        sdr, sir, sar = evaluator.score(j, est)
        out["sdr"][stem], out["sir"][stem], out["sar"][stem] = float(sdr), float(sir), float(sar)
    return out


def check(piece):
    """The shortcut against mir_eval itself on the first 10 s of one piece (estimates: the mixture)."""
    refs = [mono(read(piece["refs"][s]))[: 441000] for s in STEMS]
    mix = mono(read(piece["mix"]))[: 441000]
    ests = [mix * 0.5 + refs[j] * 0.5 for j in range(4)]
    ref, est = trim(refs, ests)
    expected, _, _, _ = mir_eval.separation.bss_eval_sources(ref, est, compute_permutation=False)
    got = score(BssEval(ref), list(est))["sdr"]
    diff = max(abs(expected[j] - got[s]) for j, s in enumerate(STEMS))
    print(json.dumps({"check": "bss_eval_sources", "max_abs_sdr_difference_db": float(diff)}), flush=True)


def main():
    job = json.load(sys.stdin)
    if "--check" in sys.argv and job["pieces"]:
        check(job["pieces"][0])
    for piece in job["pieces"]:
        refs = [read(piece["refs"][s]) for s in STEMS]
        refs_mono = [mono(r) for r in refs]
        evaluator = BssEval(np.stack(refs_mono))
        systems = {}
        for system, files in piece.get("estimates", {}).items():
            systems[system] = [mono(read(files[s])) for s in STEMS]
        if piece.get("oracle"):
            mix = read(piece["mix"])
            systems["mixture"] = [mono(mix)] * 4
            systems["oracle IRM"] = [mono(y) for y in oracle_irm(mix, refs)]
        for system, ests in systems.items():
            line = {"id": piece["id"], "system": system}
            line.update(score(evaluator, ests))
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
