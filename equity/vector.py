"""Which vector path the kernels take on this machine: ``EQUITY_SIMD`` and :func:`vector_path`.

Where the processor has AVX-512 (and Numba's target has it), Hold'em ``evaluate_many``, whole
Omaha and Spanish deals and the heads-up Monte Carlo of two fixed hands run sixteen rows at a
time in vector registers (:mod:`equity._kernels.simd`).  Where it has AVX2 only (most laptops
and desktops before 2023), ``evaluate_many`` of Hold'em and of whole Omaha and Spanish deals
runs eight rows at a time in AVX2 registers; the heads-up Monte Carlo blocks are AVX-512 only
(an AVX2 version ran slower than the scalar kernel), and there the scalar kernel runs.  Every
path gives the same strengths.  ``EQUITY_SIMD`` chooses:

- unset, ``1``, ``on``, ``true``, ``yes`` or ``auto``: the widest blocks the machine has;
- ``avx512``: the AVX-512 blocks, and an error where the machine cannot run them;
- ``avx2``: the AVX2 blocks (also on a machine with AVX-512), an error where it has no AVX2;
- ``0``, ``off``, ``false``, ``no`` or ``scalar``: the scalar kernels.

Any other value is an :class:`~equity.errors.OptionError`, not a silent default.  The setting
is read each time a kernel is chosen.
"""

from __future__ import annotations

import os

from equity.errors import OptionError

__all__ = ["vector_path", "blocks_enabled", "SIMD_VALUES"]

#: The values of ``EQUITY_SIMD`` and what each asks for.
SIMD_VALUES = {
    "": "auto", "1": "auto", "on": "auto", "true": "auto", "yes": "auto", "auto": "auto",
    "avx512": "avx512", "avx2": "avx2",
    "0": "scalar", "off": "scalar", "false": "scalar", "no": "scalar", "scalar": "scalar",
}


def _setting() -> str:
    raw = os.environ.get("EQUITY_SIMD", "")
    asked = SIMD_VALUES.get(raw.strip().lower())
    if asked is None:
        raise OptionError(f"EQUITY_SIMD={raw!r} is not a setting the toolkit knows: use 1 or auto (the "
                          "widest blocks the machine has), avx512 or avx2 (insist on those blocks) or 0 "
                          "(the scalar kernels)")
    return asked


def blocks_enabled() -> bool:
    """Whether the AVX-512 block kernels run here, as ``EQUITY_SIMD`` asks (see the module)."""
    return vector_path() == "avx512"


def vector_path() -> str:
    """The vector path the kernels take here: ``"avx512"`` (sixteen rows at a time), ``"avx2"``
    (eight rows at a time, ``evaluate_many`` only) or ``"scalar"``.

    Examples
    --------
    >>> vector_path() in ("avx512", "avx2", "scalar")
    True
    """
    from equity._kernels import simd

    asked = _setting()
    if asked == "scalar":
        return "scalar"
    if asked == "avx512" and not simd.available():
        raise OptionError("EQUITY_SIMD=avx512, but this machine (or Numba's target) has no AVX-512: "
                          "unset it, or use avx2 or 0")
    if asked == "avx2" and not simd.available("avx2"):
        raise OptionError("EQUITY_SIMD=avx2, but this machine (or Numba's target) has no AVX2: unset it, "
                          "or use 0 for the scalar kernels")
    if asked == "avx2":
        return "avx2"
    if simd.available():
        return "avx512"
    return "avx2" if simd.available("avx2") else "scalar"
