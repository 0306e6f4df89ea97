"""Colour-vision-deficiency simulation for the palette tests (Machado, Oliveira & Fernandes
2009, "A physiologically-based model for simulation of color vision deficiency", severity 1.0
matrices, applied in linear RGB) and CIELAB distances (CIE76 delta E, D65)."""

from __future__ import annotations

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _lin(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate(colour: Colour, kind: str) -> tuple[float, float, float]:
    """``colour`` as seen with ``kind`` (a key of :data:`MACHADO`), sRGB 0..1 floats."""
    lin = [_lin(c) for c in colour]
    return tuple(
        _gamma(sum(m * x for m, x in zip(row, lin, strict=True)))  # type: ignore
        for row in MACHADO[kind]
    )


def lab(rgb01: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_lin(round(c * 255)) for c in rgb01)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Colour, b: Colour, kind: str | None = None) -> float:
    """CIE76 distance between ``a`` and ``b``, both seen normally or both through ``kind``."""

    def seen(c: Colour) -> tuple[float, float, float]:
        return tuple(x / 255 for x in c) if kind is None else simulate(c, kind)  # type: ignore

    la, lb = lab(seen(a)), lab(seen(b))
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)
