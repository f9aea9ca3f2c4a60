"""CSS lengths and percentages (CSS Values 4): a declared length parsed once, then
computed for an element (font-relative and viewport units to px, as Chromium's
computed values are), then resolved against a percentage basis at layout time.

Three stages, one function each:

* ``parse(token)`` — a declared ``<length-percentage>``: a plain dimension, a
  percentage, a unitless zero, or a math function (``calc()``, ``min()``, ``max()``,
  ``clamp()``, ``round()``, ``mod()``, ``rem()``, ``abs()``, ``sign()``). The result is a
  :class:`Expr` tree, or None when the token is no length.
* ``compute(expr, units)`` — the computed value: a float (px) when no percentage is
  left, else a :class:`LengthPercentage` that :func:`resolve` finishes once the basis
  is known. ``units`` (:class:`Units`) says what an em, rem, ex, ch, lh, vw… is worth.
* ``resolve(value, basis)`` — the used px value.

Chromium keeps a computed ``calc(10px + 50%)`` as a pixel and a percent part
(``Length::kCalculated``); comparison functions that mix percentages with lengths
stay expressions until layout, as here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

#: Absolute units in CSS px (CSS Values 4 §6.2).
ABSOLUTE_UNITS = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6}
# Viewport-percentage units (CSS Values 4 §6.1.2): no scrollbar and no dynamic toolbar
# in a headless browser, so the small, large and dynamic viewports are one; container
# query units fall back to the small viewport when no container applies.
_VIEWPORT_UNITS = {
    "vw": "w",
    "svw": "w",
    "lvw": "w",
    "dvw": "w",
    "vi": "w",
    "svi": "w",
    "lvi": "w",
    "dvi": "w",
    "cqw": "w",
    "cqi": "w",
    "vh": "h",
    "svh": "h",
    "lvh": "h",
    "dvh": "h",
    "vb": "h",
    "svb": "h",
    "lvb": "h",
    "dvb": "h",
    "cqh": "h",
    "cqb": "h",
    "vmin": "min",
    "svmin": "min",
    "lvmin": "min",
    "dvmin": "min",
    "cqmin": "min",
    "vmax": "max",
    "svmax": "max",
    "lvmax": "max",
    "dvmax": "max",
    "cqmax": "max",
}
_FONT_UNITS = frozenset({"em", "rem", "ex", "rex", "ch", "rch", "ic", "ric", "cap", "rcap", "lh", "rlh"})
LENGTH_UNITS = frozenset(ABSOLUTE_UNITS) | frozenset(_VIEWPORT_UNITS) | _FONT_UNITS
_MATH_FUNCTIONS = frozenset({"calc", "-webkit-calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign"})
# Nesting beyond this is refused (a declaration, not a stack overflow).
_MAX_DEPTH = 32


@dataclass(frozen=True, slots=True)
class Units:
    """What the relative units are worth for one element, in px: its font size (the
    parent's, when computing font-size itself), the root's, the primary font's x-height,
    the advance of "0", the cap height, the computed line-height, and the viewport."""

    em: float = 16.0
    rem: float = 16.0
    ex: float = 8.0
    ch: float = 8.0
    cap: float = 11.0
    lh: float = 18.0
    rlh: float = 18.0
    viewport_width: float = 1280.0
    viewport_height: float = 720.0
    # The root's x-height and "0" advance (rex, rch) are rarely used: taken from em ratios.

    def unit(self, name: str) -> float:
        """One ``name`` (a unit this module knows) in px."""
        if name in ABSOLUTE_UNITS:
            return ABSOLUTE_UNITS[name]
        axis = _VIEWPORT_UNITS.get(name)
        if axis is not None:
            w, h = self.viewport_width / 100, self.viewport_height / 100
            return w if axis == "w" else h if axis == "h" else min(w, h) if axis == "min" else max(w, h)
        return _FONT_UNIT_VALUE[name](self)


_FONT_UNIT_VALUE: dict[str, Callable[[Units], float]] = {
    "em": lambda u: u.em,
    "rem": lambda u: u.rem,
    "ex": lambda u: u.ex,
    "rex": lambda u: u.rem * (u.ex / u.em if u.em else 0.5),
    "ch": lambda u: u.ch,
    "rch": lambda u: u.rem * (u.ch / u.em if u.em else 0.5),
    "ic": lambda u: u.em,  # no CJK glyph in the default fonts: 1em (CSS Values 4's fallback)
    "ric": lambda u: u.rem,
    "cap": lambda u: u.cap,
    "rcap": lambda u: u.rem * (u.cap / u.em if u.em else 0.7),
    "lh": lambda u: u.lh,
    "rlh": lambda u: u.rlh,
}


# --- expressions ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Leaf:
    """A number, a dimension or a percentage: ``unit`` is "" (a number), "%", or a length unit."""

    value: float
    unit: str


@dataclass(frozen=True, slots=True)
class Op:
    """An operation on sub-expressions: "+", "*" (a product), "/", "neg", or a math
    function's name (min, max, clamp, round-<strategy>, mod, rem, abs, sign)."""

    op: str
    args: tuple


Expr = Leaf | Op


def parse(token: Any) -> Expr | None:
    """A declared ``<length-percentage>`` (a unitless zero counts), or None."""
    if token.type == "dimension":
        unit = token.lower_unit
        return Leaf(float(token.value), unit) if unit in LENGTH_UNITS else None
    if token.type == "percentage":
        return Leaf(float(token.value), "%")
    if token.type == "number" and token.value == 0:
        return Leaf(0.0, "px")
    if token.type == "function" and token.lower_name in _MATH_FUNCTIONS:
        expr = _function(token, 0)
        return expr if expr is not None and _kind(expr) in ("length", "zero") else None
    return None


def parse_number(token: Any) -> float | None:
    """A ``<number>``, calc() included (a number-valued expression needs no context)."""
    if token.type == "number":
        return float(token.value)
    if token.type == "function" and token.lower_name in _MATH_FUNCTIONS:
        expr = _function(token, 0)
        if expr is not None and _kind(expr) == "number":
            value = compute(expr, Units())
            return value if isinstance(value, float) else None
    return None


def _function(token: Any, depth: int) -> Expr | None:
    if depth > _MAX_DEPTH:
        return None
    name = token.lower_name
    args = _split_commas(token.arguments)
    if name in ("calc", "-webkit-calc"):
        return _sum(args[0], depth) if len(args) == 1 else None
    parsed = [_sum(arg, depth) for arg in args]
    if any(p is None for p in parsed):
        if name == "round" and parsed and parsed[0] is None and _strategy(args[0]) is not None:
            rest = [_sum(arg, depth) for arg in args[1:]]
            if rest and all(r is not None for r in rest) and len(rest) <= 2:
                return Op(f"round-{_strategy(args[0])}", tuple(rest))
        return None
    arity = {"clamp": (3, 3), "mod": (2, 2), "rem": (2, 2), "abs": (1, 1), "sign": (1, 1), "round": (1, 2)}
    low, high = arity.get(name, (1, 10_000))
    if not low <= len(parsed) <= high:
        return None
    return Op("round-nearest" if name == "round" else name, tuple(parsed))


def _strategy(tokens: list) -> str | None:
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in ("nearest", "up", "down", "to-zero"):
        return parts[0].lower_value
    return None


def _split_commas(tokens: list) -> list[list]:
    out: list[list] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            out.append([])
        else:
            out[-1].append(token)
    return out


def _sum(tokens: list, depth: int) -> Expr | None:
    """A calc-sum: products joined by + and - (which must have white space around them,
    which tinycss2 gives as separate tokens or folds into the next number's sign)."""
    parts = [t for t in tokens if t.type != "comment"]
    terms: list[Expr] = []
    sign = 1
    product: list = []
    expecting_operand = True
    for token in parts:
        if token.type == "whitespace":
            continue
        if token.type == "literal" and token.value in "+-" and not expecting_operand:
            terms.append(_signed(_product(product, depth), sign))
            if terms[-1] is None:
                return None
            sign = 1 if token.value == "+" else -1
            product = []
            expecting_operand = True
            continue
        product.append(token)
        expecting_operand = token.type == "literal" and token.value in "*/"
    last = _signed(_product(product, depth), sign)
    if last is None:
        return None
    terms.append(last)
    if len(terms) == 1:
        return terms[0]
    if any(_kind(t) is None for t in terms) or len({_kind(t) for t in terms} - {"zero"}) > 1:
        return None  # a number added to a length
    return Op("+", tuple(terms))


def _signed(expr: Expr | None, sign: int) -> Expr | None:
    if expr is None or sign == 1:
        return expr
    return Op("neg", (expr,))


def _product(tokens: list, depth: int) -> Expr | None:
    if not tokens:
        return None
    factors: list[Expr] = []
    divide = False
    expect_value = True
    for token in tokens:
        if token.type == "literal" and token.value in "*/":
            if expect_value:
                return None
            divide = token.value == "/"
            expect_value = True
            continue
        if not expect_value:
            return None
        value = _value(token, depth)
        if value is None:
            return None
        factors.append(Op("/", (value,)) if divide else value)
        divide = False
        expect_value = False
    if expect_value:
        return None
    lengths = [f for f in factors if _kind(f) in ("length",)]
    if len(lengths) > 1 or any(isinstance(f, Op) and f.op == "/" and _kind(f.args[0]) == "length" for f in factors):
        return None  # length × length, or a division by a length: not a length
    return factors[0] if len(factors) == 1 else Op("*", tuple(factors))


def _value(token: Any, depth: int) -> Expr | None:
    if token.type == "number":
        return Leaf(float(token.value), "")
    if token.type == "dimension":
        return Leaf(float(token.value), token.lower_unit) if token.lower_unit in LENGTH_UNITS else None
    if token.type == "percentage":
        return Leaf(float(token.value), "%")
    if token.type == "() block":
        return _sum(token.content, depth + 1)
    if token.type == "ident":
        constant = {"pi": math.pi, "e": math.e, "infinity": math.inf, "-infinity": -math.inf, "nan": math.nan}
        return Leaf(constant[token.lower_value], "") if token.lower_value in constant else None
    if token.type == "function" and token.lower_name in _MATH_FUNCTIONS:
        return _function(token, depth + 1)
    return None


def _kind(expr: Expr) -> str | None:
    """ "number", "length" (percentages included), or "zero" for a literal 0 length."""
    if isinstance(expr, Leaf):
        return "number" if expr.unit == "" else "length"
    if expr.op == "*":
        kinds = [_kind(a) for a in expr.args]
        return "length" if "length" in kinds else "number"
    if expr.op == "/":
        return _kind(expr.args[0])
    if expr.op == "sign":
        return "number"
    kinds = {_kind(a) for a in expr.args}
    if None in kinds or len(kinds) > 1:
        return None
    return kinds.pop()


# --- computed values -------------------------------------------------------------


class LengthPercentage:
    """A computed length that still holds a percentage: ``px + pct% of the basis``, or a
    comparison function of such terms (``min(50%, 300px)``), resolved by :func:`resolve`."""

    __slots__ = ("px", "pct", "expr")

    def __init__(self, px: float, pct: float, expr: Callable[[float], float] | None = None) -> None:
        self.px = px
        self.pct = pct
        self.expr = expr

    def resolve(self, basis: float) -> float:
        if self.expr is not None:
            return self.expr(basis)
        return self.px + self.pct * basis / 100

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LengthPercentage)
            and self.expr is None
            and other.expr is None
            and (self.px, self.pct) == (other.px, other.pct)
        )

    def __hash__(self) -> int:
        return hash((self.px, self.pct, id(self.expr) if self.expr is not None else None))

    def __repr__(self) -> str:
        return f"LengthPercentage({self.px}px + {self.pct}%)" if self.expr is None else "LengthPercentage(<expr>)"


Computed = float | LengthPercentage


def percent(value: float) -> LengthPercentage:
    return LengthPercentage(0.0, value)


def compute(expr: Expr, units: Units) -> Computed:
    """The computed value of a declared length-percentage (or number) expression."""
    linear = _linear(expr, units)
    if linear is not None:
        px, pct = _finite(linear[0]), _finite(linear[1])
        return px if pct == 0 else LengthPercentage(px, pct)
    return LengthPercentage(0.0, 0.0, lambda basis: _finite(_evaluate(expr, units, basis)))


def _linear(expr: Expr, units: Units) -> tuple[float, float] | None:
    """(px, percent) when the expression is linear in the basis without comparisons
    that involve a percentage; None otherwise."""
    if isinstance(expr, Leaf):
        if expr.unit == "%":
            return 0.0, expr.value
        return (expr.value * units.unit(expr.unit) if expr.unit else expr.value), 0.0
    if expr.op == "+":
        parts = [_linear(a, units) for a in expr.args]
        if any(p is None for p in parts):
            return None
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if expr.op == "neg":
        inner = _linear(expr.args[0], units)
        return None if inner is None else (-inner[0], -inner[1])
    if expr.op == "*":
        scale = 1.0
        term: tuple[float, float] | None = None
        for arg in expr.args:
            if isinstance(arg, Op) and arg.op == "/":
                scale = _divide(scale, _evaluate(arg.args[0], units, 0.0))
            elif _kind(arg) == "length":
                term = _linear(arg, units)
                if term is None:
                    return None
            else:
                scale *= _evaluate(arg, units, 0.0)
        return (scale, 0.0) if term is None else (term[0] * scale, term[1] * scale)
    if not uses_percent(expr):
        return _evaluate(expr, units, 0.0), 0.0
    return None


def uses_percent(expr: Expr) -> bool:
    if isinstance(expr, Leaf):
        return expr.unit == "%"
    return any(uses_percent(a) for a in expr.args)


def _evaluate(expr: Expr, units: Units, basis: float) -> float:
    if isinstance(expr, Leaf):
        if expr.unit == "%":
            return expr.value * basis / 100
        return expr.value * units.unit(expr.unit) if expr.unit else expr.value
    values = [_evaluate(a, units, basis) for a in expr.args]
    op = expr.op
    if op == "+":
        return sum(values)
    if op == "neg":
        return -values[0]
    if op == "*":
        out = 1.0
        for arg, value in zip(expr.args, values):
            out = _divide(out, value) if isinstance(arg, Op) and arg.op == "/" else out * value
        return out
    if op == "/":
        return values[0]  # the divisor of a product: applied by "*"
    return _MATH[op.split("-")[0]](op, values)


def _divide(a: float, b: float) -> float:
    """a / b with IEEE semantics (CSS Values 4: a division by zero is infinite)."""
    if b == 0:
        return math.nan if a == 0 else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _round(op: str, values: list[float]) -> float:
    value, step = values[0], (values[1] if len(values) > 1 else 1.0)
    if step == 0 or math.isnan(step):
        return math.nan
    strategy = op.split("-", 1)[1]
    quotient = value / step
    rounded = {
        "nearest": math.floor(quotient + 0.5),
        "up": math.ceil(quotient),
        "down": math.floor(quotient),
        "to-zero": math.trunc(quotient) if math.isfinite(quotient) else quotient,
    }[strategy]
    return rounded * step


def _mod(op: str, values: list[float]) -> float:
    a, b = values
    if b == 0 or math.isinf(a):
        return math.nan
    return math.fmod(a, b) if op == "rem" else a - b * math.floor(a / b)


_MATH: dict[str, Callable[[str, list[float]], float]] = {
    "min": lambda op, v: min(v),
    "max": lambda op, v: max(v),
    "clamp": lambda op, v: max(v[0], min(v[1], v[2])),
    "round": _round,
    "mod": _mod,
    "rem": _mod,
    "abs": lambda op, v: abs(v[0]),
    "sign": lambda op, v: float((v[0] > 0) - (v[0] < 0)),
}


def _finite(value: float) -> float:
    """CSS Values 4 §10.12: an infinite result is clamped to the largest value the UA
    supports, NaN becomes 0. Chromium's LayoutUnit range is ±2^25 px."""
    if math.isnan(value):
        return 0.0
    return max(-33_554_431.0, min(33_554_431.0, value))


def resolve(value: Computed, basis: float) -> float:
    """The used px value of a computed length-percentage against ``basis``."""
    if value.__class__ is float:
        return value  # type: ignore[return-value]
    return value.resolve(basis)  # type: ignore[union-attr]


def has_percent(value: Any) -> bool:
    return isinstance(value, LengthPercentage)
