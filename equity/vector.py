"""Which vector path the kernels take on this machine: ``EQUITY_SIMD`` and :func:`vector_path`.

Where the processor has AVX-512 (and Numba's target has it), Hold'em ``evaluate_many``, whole
Omaha and Spanish deals and the heads-up Monte Carlo of two fixed hands run sixteen rows at a
time in vector registers (:mod:`equity._kernels.simd`); elsewhere the scalar kernels give the
same strengths.  ``EQUITY_SIMD`` chooses:

- unset, ``1``, ``on``, ``true``, ``yes`` or ``auto``: the blocks where the machine has them;
- ``avx512``: the blocks, and an error where the machine cannot run them;
- ``0``, ``off``, ``false``, ``no`` or ``scalar``: the scalar kernels.

Any other value is an :class:`~equity.errors.OptionError`, not a silent default (``avx2``
included: this version has no AVX2 path).  The setting is read each time a kernel is chosen.
"""

from __future__ import annotations

import os

from equity.errors import OptionError

__all__ = ["vector_path", "blocks_enabled", "SIMD_VALUES"]

#: The values of ``EQUITY_SIMD`` and what each asks for.
SIMD_VALUES = {
    "": "auto", "1": "auto", "on": "auto", "true": "auto", "yes": "auto", "auto": "auto",
    "avx512": "avx512",
    "0": "scalar", "off": "scalar", "false": "scalar", "no": "scalar", "scalar": "scalar",
}


def _setting() -> str:
    raw = os.environ.get("EQUITY_SIMD", "")
    asked = SIMD_VALUES.get(raw.strip().lower())
    if asked is None:
        hint = " (this version has no AVX2 path: its vector kernels need AVX-512)" \
            if raw.strip().lower() == "avx2" else ""
        raise OptionError(f"EQUITY_SIMD={raw!r} is not a setting the toolkit knows{hint}: use 1 or auto "
                          "(the AVX-512 blocks where the machine has them), avx512 (insist on them) or 0 "
                          "(the scalar kernels)")
    return asked


def blocks_enabled() -> bool:
    """Whether the AVX-512 block kernels run here, as ``EQUITY_SIMD`` asks (see the module)."""
    asked = _setting()
    if asked == "scalar":
        return False
    from equity._kernels import simd

    if simd.available():
        return True
    if asked == "avx512":
        raise OptionError("EQUITY_SIMD=avx512, but this machine (or Numba's target) has no AVX-512: "
                          "unset it, or use 0 for the scalar kernels")
    return False


def vector_path() -> str:
    """The vector path the kernels take here: ``"avx512"`` (sixteen rows at a time) or ``"scalar"``.

    Examples
    --------
    >>> vector_path() in ("avx512", "scalar")
    True
    """
    return "avx512" if blocks_enabled() else "scalar"
