"""Generating functions of one die and of a pool of them, truncated with a rigorous bound.

One die's count (successes, or successes minus ones) has the generating function

    G(x) = H(x) + N(x) / (1 - B(x)),    B(x) = b1 x + b2 x^2,

where ``B`` gathers the faces that add another die (an "again" face always succeeds, for one or,
doubled, two successes) and ``N`` the faces that end the chain; ``H`` is only used by a rote die
(its first face succeeding without adding a die). Every coefficient is non-negative, so no
rounding can make a probability negative. Where ones count against the roll a die can be worth
-1, so the variable is shifted by one (``shift``) to keep every exponent non-negative.

A pool of ``n`` dice is ``G^n``. With explosions it has no last term: it is cut at degree ``M``,
chosen with the Chernoff bound P(X > M) <= G(z)^n / z^(M+1) (any z > 1 where the series
converges) so that the cut-off mass is below ``EPSILON``; the bound itself is reported. Below
degree ``M`` the coefficients are exact, because truncated products of power series are.

The power is taken by repeated squaring, except for the commonest die (success or not, again
faces worth one: ``(a + b x) / (1 - c x)``), whose pool is a binomial count plus a negative
binomial one, each written down term by term. Large pools (long FFT products, running sums of
logarithms) are rescaled so their total is one less the truncated mass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dicepool.core.pool import DieRule
from dicepool.odds.records import Pmf

EPSILON = 1e-16
"""Mass a truncation may cut off (the brief allows 1e-15; this leaves room for a contest)."""

FFT_ABOVE = 1 << 18
"""Convolutions with a product of lengths above this use the FFT (error ~1e-16 absolute)."""

# Chernoff's z is searched on this grid, as the fraction of the way from 1 to the radius of
# convergence (dense near 1, where the best z of a large pool lies).
_Z_FRACTIONS = np.concatenate([np.geomspace(1e-5, 0.5, 40), 1 - np.geomspace(0.5, 1e-5, 12)[1:]])


@dataclass(frozen=True)
class DieGf:
    """One die's generating function ``H(x) + N(x) / (1 - b1 x - b2 x^2)``, shifted.

    Attributes:
        numerator: coefficients of ``N``, lowest degree first.
        head: coefficients of ``H`` (empty for all but a rote die).
        b1: probability of an again face worth one success.
        b2: probability of an again face worth two successes.
        shift: exponent minus count (1 where a one counts -1, else 0).
    """

    numerator: tuple[float, ...]
    head: tuple[float, ...] = ()
    b1: float = 0.0
    b2: float = 0.0
    shift: int = 0

    @property
    def binomial(self) -> bool:
        """Whether the pool has the closed form of :func:`_binomial_power` (the commonest die:
        success or not, again faces worth one)."""
        return len(self.numerator) <= 2 and not self.head and self.b2 == 0

    @property
    def explodes(self) -> bool:
        """Whether the die can add dice (its series never ends)."""
        return self.b1 > 0 or self.b2 > 0

    def radius(self) -> float:
        """Where ``1 - B(z)`` reaches zero (the series' radius of convergence), or inf."""
        if self.b2 > 0:
            return (-self.b1 + math.sqrt(self.b1**2 + 4 * self.b2)) / (2 * self.b2)
        return 1 / self.b1 if self.b1 > 0 else math.inf

    def at(self, z: Pmf) -> Pmf:
        """``G(z)`` for an array of ``z`` inside the radius."""
        value = np.polynomial.polynomial.polyval(z, np.asarray(self.numerator))
        result: Pmf = value / (1 - self.b1 * z - self.b2 * z * z)
        if self.head:
            result += np.polynomial.polynomial.polyval(z, np.asarray(self.head))
        return result

    def series(self, length: int) -> Pmf:
        """The first ``length`` coefficients of ``G`` (all of them, whatever ``length``, when
        ``G`` is a polynomial)."""
        numerator = np.asarray(self.numerator)
        if self.explodes:
            inverse = _inverse_series(self.b1, self.b2, _capacity(length))[:length]
            numerator = convolve(numerator, inverse, length)
        if not self.head:
            return numerator.copy()
        out = np.zeros(max(numerator.size, len(self.head)))
        out[: numerator.size] += numerator
        out[: len(self.head)] += self.head
        return out[:length] if self.explodes else out


def _capacity(length: int) -> int:
    """Round a series length up so the cache sees few distinct lengths."""
    return max(64, 1 << (length - 1).bit_length())


@lru_cache(maxsize=256)
def _inverse_series(b1: float, b2: float, length: int) -> Pmf:
    """Coefficients of ``1 / (1 - b1 x - b2 x^2)``, from the roots of ``t^2 = b1 t + b2``."""
    k = np.arange(length, dtype=np.float64)
    if b2 == 0:
        out: Pmf = b1**k
    else:
        root = math.sqrt(b1 * b1 + 4 * b2)
        alpha, beta = (b1 + root) / 2, (b1 - root) / 2
        out = (alpha ** (k + 1) - np.sign(beta) ** (k + 1) * np.abs(beta) ** (k + 1)) / root
    out.setflags(write=False)
    return out


def die_gf(
    rule: DieRule, *, count_ones: bool = False, rote: bool = False, no_ones: bool = False
) -> DieGf:
    """The generating function of one die read by ``rule``, explosions included.

    Args:
        rule: how the die (and every die its again faces add) is read.
        count_ones: count successes minus ones (a one is worth -1) instead of successes.
        rote: the die is rolled once more if it fails (its first face then counts nothing; the
            new die counts, explosions and ones included; ruling 8).
        no_ones: drop every outcome in which some die of the chain shows a one (a
            sub-probability: the chance of each count *and* no one at all).
    """
    if rote and no_ones:
        raise ValueError("a rote die's first one never counts: no_ones does not apply")
    return _die_gf(rule, count_ones, rote, no_ones)


@lru_cache(maxsize=256)
def _die_gf(rule: DieRule, count_ones: bool, rote: bool, no_ones: bool) -> DieGf:
    shift = 1 if count_ones else 0
    plain = np.zeros(4)  # faces that add no die, by exponent (count + shift)
    again = np.zeros(3)  # again faces, by count (1 or 2)
    fail = 0.0  # faces with no success (a rote rerolls them)
    for face in range(1, rule.sides + 1):
        value = rule.successes(face)
        one = rule.ones and face == 1 and value == 0
        if one and no_ones:
            continue
        if rule.explodes(face):
            again[value] += 1 / rule.sides
        else:
            plain[value + shift - (1 if one and count_ones else 0)] += 1 / rule.sides
        if value == 0:
            fail += 1 / rule.sides
    b1, b2 = float(again[1]), float(again[2])
    head: tuple[float, ...] = ()
    numerator = plain
    if rote:
        # A success that adds no die ends there (H); an again face goes on as ever (B G); a
        # failed die counts nothing and a fresh die is rolled (fail G): N_rote = (B + fail) N.
        success = plain.copy()
        success[: shift + 1] = 0
        head = _trimmed(success)
        numerator = np.convolve([fail, b1, b2], plain)
    return DieGf(_trimmed(numerator), head, b1, b2, shift)


def _trimmed(coefficients: Pmf) -> tuple[float, ...]:
    return tuple(float(c) for c in np.trim_zeros(coefficients, "b"))


def convolve(a: Pmf, b: Pmf, length: int | None = None) -> Pmf:
    """The product of two series, cut to ``length`` terms (exact below the cut)."""
    if length is not None:
        a, b = a[:length], b[:length]
    if a.size * b.size <= FFT_ABOVE or min(a.size, b.size) < 64:
        out: Pmf = np.convolve(a, b)
    else:
        size = a.size + b.size - 1
        fast = 1 << (size - 1).bit_length()
        out = np.fft.irfft(np.fft.rfft(a, fast) * np.fft.rfft(b, fast), fast)[:size]
        np.maximum(out, 0.0, out=out)  # rounding noise must not make a probability negative
    return out[:length] if length is not None else out


def power(base: Pmf, n: int, length: int | None = None) -> Pmf:
    """``base ** n`` as a series, cut to ``length`` terms, by repeated squaring."""
    if length == 1:
        return np.array([base[0] ** n])
    result: Pmf | None = None
    square = base[:length] if length is not None else base
    while True:
        if n & 1:
            result = square if result is None else convolve(result, square, length)
        n >>= 1
        if not n:
            break
        square = convolve(square, square, length)
    assert result is not None, "a pool has at least one die"
    return result


def cut_degree(gf: DieGf, n: int, eps: float = EPSILON) -> tuple[int, float]:
    """The degree to cut a pool of ``n`` dice at, and the bound on the mass beyond it.

    Returns:
        ``(M, bound)`` with P(X > M) <= bound <= eps for X the pool's shifted count.
    """
    log_gz, log_z = _chernoff_grid(gf)
    needed = n * log_gz
    needed -= math.log(eps)
    needed /= log_z  # z^(M+1) must reach G(z)^n / eps
    best = int(np.argmin(needed))
    cut = max(0, math.ceil(needed[best]) - 1)
    bound = math.exp(n * log_gz[best] - (cut + 1) * log_z[best])
    return cut, bound


@lru_cache(maxsize=256)
def _chernoff_grid(gf: DieGf) -> tuple[Pmf, Pmf]:
    """log G(z) and log z over the grid of z that :func:`cut_degree` searches."""
    z = 1 + (min(gf.radius(), 1e6) - 1) * _Z_FRACTIONS
    return np.log(gf.at(z)), np.log(z)


def pool_series(gf: DieGf, n: int, eps: float = EPSILON) -> tuple[Pmf, float]:
    """The shifted count of a pool of ``n`` dice: coefficients and the truncation bound.

    Series of up to :data:`CACHED` terms are remembered (a chart asks for one pool at a
    hundred difficulties); each caller gets its own copy.
    """
    if series_length(gf, n, eps) <= CACHED:
        series, bound = _remembered_series(gf, n, eps)
        return series.copy(), bound
    return _pool_series(gf, n, eps)


CACHED = 1 << 16
"""The longest series :func:`pool_series` remembers (256 of them hold at most 128 MB)."""


def series_length(gf: DieGf, n: int, eps: float = EPSILON) -> int:
    """How many terms :func:`pool_series` returns, without computing them."""
    if gf.explodes:
        return cut_degree(gf, n, eps)[0] + 1
    return n * max(len(gf.numerator) - 1, len(gf.head) - 1, 0) + 1


@lru_cache(maxsize=256)
def _remembered_series(gf: DieGf, n: int, eps: float) -> tuple[Pmf, float]:
    series, bound = _pool_series(gf, n, eps)
    series.setflags(write=False)
    return series, bound


def _pool_series(gf: DieGf, n: int, eps: float) -> tuple[Pmf, float]:
    if not gf.explodes:
        if gf.binomial:
            return renormalized(_binomial_power(gf, n, n + 1), n, 0.0), 0.0
        return renormalized(power(gf.series(0), n), n, 0.0), 0.0
    cut, bound = cut_degree(gf, n, eps)
    if gf.binomial:
        return renormalized(_binomial_power(gf, n, cut + 1), n, bound), bound
    return renormalized(power(gf.series(cut + 1), n, cut + 1), n, bound), bound


LARGE_POOL = 256
"""Pools from this size on are renormalized: their long sums and FFTs drift by ~1e-12."""


def renormalized(pmf: Pmf, n: int, missing: float) -> Pmf:
    """``pmf`` scaled to sum to ``1 - missing`` when the pool is large, else as it is.

    Rounding in thousands of terms (FFT products, running sums of logarithms) leaves a large
    pool's total off by up to ~1e-11; every term's own error is far smaller. Scaling by the
    total, known to be one less the truncated mass (at most ``missing`` <= 1e-16), puts the sum
    right and moves no term by more than its rounding.
    """
    if n < LARGE_POOL:
        return pmf
    total = float(pmf.sum())
    scaled: Pmf = pmf * ((1.0 - missing) / total) if total > 0 else pmf
    return scaled


def _binomial_power(gf: DieGf, n: int, length: int) -> Pmf:
    """``((a + b x) / (1 - c x)) ** n`` cut to ``length`` terms, in closed form.

    The most common die (a success or not, again faces worth one) needs no repeated squaring:
    its pool is a binomial count (of first faces that succeed) plus a negative binomial one (of
    again faces), ``Binomial(n, b / (a + b)) * NegativeBinomial(n, c)``, scaled by
    ``((a + b) / (1 - c)) ** n`` (1 for a die; the scale is kept for a sub-probability).
    """
    a, b, c = gf.numerator[0], gf.numerator[1] if len(gf.numerator) > 1 else 0.0, gf.b1
    top = min(n, length - 1) if b > 0 else 0
    k = _counting(length)
    # C(n, k) p^k (1 - p)^(n - k), p = b / (a + b): term k is term k-1 times (n+1-k)/k * b/a
    counts = _products(n * math.log(a / (a + b)), n + 1, -1.0, k[:top], b / a if b else 0.0)
    scale = (a + b) / (1 - c)
    if c == 0:
        return counts * scale**n if scale != 1 else counts
    # C(n + k - 1, k) c^k (1 - c)^n: term k is term k-1 times (n-1+k)/k * c
    again = _products(n * math.log1p(-c), n - 1, 1.0, k[: length - 1], c)
    if scale != 1:
        again *= scale**n
    if counts.size * again.size > FFT_ABOVE:
        return convolve(counts, again, length)
    joined: Pmf = np.convolve(counts, again)[:length]
    return joined


def _products(log_first: float, numerator: float, step: float, k: Pmf, factor: float) -> Pmf:
    """Terms ``t0 = exp(log_first)``, ``t_k = t_{k-1} * (numerator / k + step) * factor``.

    Built in place with few numpy calls (this is the hot path of most pools); a first term
    too small for a float (a huge pool) is carried as a logarithm instead.
    """
    out = np.empty(k.size + 1)
    ratios = out[1:]
    np.divide(numerator, k, out=ratios)
    ratios += step
    ratios *= factor
    if log_first > -600:  # a normal float: the running product is exact enough
        out[0] = math.exp(log_first)
        return np.multiply.accumulate(out, out=out)
    out[0] = log_first
    np.log(ratios, out=ratios)
    return np.exp(np.add.accumulate(out, out=out), out=out)


_COUNTING = np.arange(1, 1025, dtype=np.float64)


def _counting(size: int) -> Pmf:
    """1.0, 2.0, ... at least ``size`` of them (kept between calls: only slices are used)."""
    global _COUNTING
    if _COUNTING.size < size:
        _COUNTING = np.arange(1, 2 * size + 1, dtype=np.float64)
    return _COUNTING


def low_series(gf: DieGf, n: int, degree: int) -> Pmf:
    """The coefficients of degree 0..``degree`` of a pool of ``n`` dice (exact, no tail)."""
    length = degree + 1
    out = power(gf.series(length), n, length)
    if out.size < length:
        out = np.pad(out, (0, length - out.size))
    return out


def binomial(n: int, p: float) -> Pmf:
    """Binomial(n, p) probabilities, normalized so a large ``n`` loses no mass to rounding.

    Each term is the one before times ``(n - k + 1) / k * p / (1 - p)``, built outwards from the
    mode (so nothing overflows, and terms far out underflow harmlessly to 0), then divided by
    the sum: the only error left is a few ulps per step away from the mode.
    """
    if p <= 0 or p >= 1:
        out: Pmf = np.zeros(n + 1)
        out[n if p >= 1 else 0] = 1.0
        return out
    mode = min(n, int((n + 1) * p))
    k = _counting(n)[:n]  # 1..n
    up = (n - k[mode:] + 1) / k[mode:] * (p / (1 - p))  # term j+1 over term j, j = mode..n-1
    down = k[:mode] / (n - k[:mode] + 1) * ((1 - p) / p)  # term j-1 over term j, j = 1..mode
    out = np.empty(n + 1)
    out[mode] = 1.0
    out[mode + 1 :] = np.cumprod(up)
    out[:mode] = np.cumprod(down[::-1])[::-1]
    out /= out.sum()
    return out
