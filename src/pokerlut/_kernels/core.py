"""Numba kernels: a five-card evaluator and an incremental hand of 5 to 7 cards.

Everything here is @njit code over one game's `Tables` namedtuple passed as an argument: the
same kernels rank every game. Nothing is checked: cards must be distinct cards of the game's
deck (validate at the boundary). Any uint8 card reads inside the tables; a card outside the deck
only sets INVALID_CARD in the key, and the result is then meaningless. A hand is a pair of
uint64 (key, bits), laid out in `encoding`: key holds sum(5**rank) in its low 32 bits and one
4-bit counter per suit above them; bits has one bit per card, 16 bits per suit. Adding a card is
an add and an or, so a board can be summed once and merged with each player's hole cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numba
import numpy as np
from llvmlite import binding, ir
from numba.core import types
from numba.extending import intrinsic, overload

from .table_types import SuitsIgnored, SuitsMixed, SuitsSettle, Tables, Wild

from .encoding import RANK_BITS, RANK_KEY_MASK, SUIT_BIAS, SUIT_FLUSH, WILD_SHIFT
from .hashing import MIXED_HASH, PAIR_HASH, RANK5_HASH, RANK_HASH, WILD_HASH, perfect_hash

# Options of every parallel kernel. `_nrt=False`: kernels allocate nothing, and without
# numba's reference counting, reading the tables through the namedtuple in a loop costs nothing
# extra (with it, each access increfs an array: a 30x slowdown measured on numba 0.68).
KERNEL = dict(parallel=True, cache=True, _nrt=False)
# Options of a serial kernel that releases the GIL, run by several Python threads at once, each
# on its share of the work (`odds.threads`): the equity kernels. numpy's error model, as in a
# parallel loop's body: no check for a division by zero.
NOGIL_KERNEL = dict(nogil=True, cache=True, _nrt=False, error_model="numpy")
# Options of a function that kernels call and LLVM inlines into each of them (`alwaysinline`):
# it is typed and lowered once per signature, where numba's own inlining (`inline="always"`)
# copies its IR into every call site, in a time that grows with the square of its size (numba
# 0.68 deep-copies the callee's whole scope once per block); for the larger shared functions.
LLVM_INLINE = dict(forceinline=True, _nrt=False, error_model="numpy")

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

_F = TypeVar("_F", bound=Callable[..., object])
Hand = tuple[np.uint64, np.uint64]  # (key, bits), see above


def njit(**options: Any) -> Callable[[_F], Dispatcher[_F]]:
    """`numba.njit(**options)`, typed for mypy: numba's own stubs reject the private `_nrt`
    option (and a `**KERNEL` dict), which would leave every kernel untyped."""
    decorate: Callable[[_F], Dispatcher[_F]] = numba.njit(**options)
    return decorate


@njit(inline="always")
def hand_empty() -> Hand:
    """The hand with no cards."""
    return (np.uint64(0), np.uint64(0))


@njit(inline="always")
def hand_add(t: Tables, hand: Hand, card: Any) -> Hand:
    """`hand` plus one card (the card must not be in it already)."""
    return (hand[0] + t.card_key[card], hand[1] | t.card_bit[card])


@njit(inline="always")
def hand_merge(a: Hand, b: Hand) -> Hand:
    """The union of two hands that share no card (a board and a player's hole cards)."""
    return (a[0] + b[0], a[1] | b[1])


def call_llvm(builder: ir.IRBuilder, name: str, result: ir.Type, *args: Any) -> Any:
    """Call the LLVM function `name` (an intrinsic, declared in the module on first use) on
    args, returning a value of type `result`."""
    fn = builder.module.globals.get(name) or ir.Function(
        builder.module, ir.FunctionType(result, [arg.type for arg in args]), name
    )
    return builder.call(fn, list(args))


@intrinsic
def _no_alias(typingctx: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        for arg in builder.function.args:
            if isinstance(arg.type, ir.PointerType):
                arg.add_attribute("noalias")
        return context.get_dummy_value()

    return types.none(), codegen


@njit(inline="always")
def no_alias() -> None:
    """Called first in a kernel: tell LLVM that no two of its array arguments overlap where
    one is written (`noalias` on every pointer argument, as numba compiles the body of a
    parallel loop), so that values read from one array stay in registers across writes to
    another (2-5 % on the equity kernels). Arrays passed twice must both be read-only."""
    _no_alias()  # type: ignore[call-arg]  # numba passes the typing context itself


@intrinsic
def _ctpop(typingctx: Any, bits: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return call_llvm(builder, "llvm.ctpop.i64", ir.IntType(64), args[0])

    return types.uint64(types.uint64), codegen


@njit(inline="always")
def bit_count(bits: Any) -> Any:
    """The number of set bits of a uint64, by the CPU's popcount instruction (`llvm.ctpop`)."""
    # numba passes the typing context itself
    return _ctpop(np.uint64(bits))  # type: ignore[call-arg]


def target_cpu() -> tuple[str, set[str]]:
    """The CPU numba compiles for and its features: the host's, unless NUMBA_CPU_NAME names
    another CPU (then only the features NUMBA_CPU_FEATURES lists)."""
    config = numba.core.config
    name = getattr(config, "CPU_NAME")
    if name not in (None, "host"):
        listed = getattr(config, "CPU_FEATURES") or ""
        return name, {flag[1:] for flag in listed.split(",") if flag.startswith("+")}
    features = binding.get_host_cpu_features()
    return binding.get_host_cpu_name(), {name for name, present in features.items() if present}


# BMI2's pdep finds the k-th set bit of a word in one instruction; AMD CPUs before Zen 3 run it
# as microcode (hundreds of cycles), so they, and CPUs without BMI2, use `nth_bit_search`.
_CPU, _FEATURES = target_cpu()
FAST_PDEP = "bmi2" in _FEATURES and not _CPU.startswith(("bdver", "znver1", "znver2"))


@intrinsic
def _pdep(typingctx: Any, source: Any, mask: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return call_llvm(builder, "llvm.x86.bmi.pdep.64", ir.IntType(64), *args)

    return types.uint64(types.uint64, types.uint64), codegen


@intrinsic
def _pext(typingctx: Any, source: Any, mask: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return call_llvm(builder, "llvm.x86.bmi.pext.64", ir.IntType(64), *args)

    return types.uint64(types.uint64, types.uint64), codegen


@njit(inline="always")
def _compress_loop(bits: Any, mask: Any) -> Any:
    """`compress_bits` without pext: mask's set bits one at a time."""
    bits, mask = np.uint64(bits), np.uint64(mask)
    out, k = np.uint64(0), np.uint64(0)
    while mask:
        low = mask & (~mask + np.uint64(1))
        if bits & low:
            out |= np.uint64(1) << k
        k += np.uint64(1)
        mask ^= low
    return out


@njit(inline="always")
def compress_bits(bits: Any, mask: Any) -> Any:
    """The bits of `bits` at the set positions of `mask`, packed into the low bits: BMI2's
    pext where it is fast (as for `draw_card`), else a loop over mask's bits."""
    if FAST_PDEP:
        return _pext(np.uint64(bits), np.uint64(mask))  # type: ignore[call-arg]
    return _compress_loop(bits, mask)


@intrinsic
def _cttz(typingctx: Any, bits: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return call_llvm(builder, "llvm.cttz.i64", ir.IntType(64), args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen


@intrinsic
def _ctlz(typingctx: Any, bits: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return call_llvm(builder, "llvm.ctlz.i64", ir.IntType(64), args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen


@njit(inline="always")
def top_bit(bits: Any) -> Any:
    """The highest set bit of a nonzero uint64, as a mask (one leading-zero count)."""
    return np.uint64(1) << (np.uint64(63) - _ctlz(np.uint64(bits)))  # type: ignore[call-arg]


@njit(inline="always")
def _expand_loop(bits: Any, mask: Any) -> Any:
    """`expand_bits` without pdep: mask's set bits one at a time."""
    bits, mask = np.uint64(bits), np.uint64(mask)
    out = np.uint64(0)
    while mask:
        low = mask & (~mask + np.uint64(1))
        out |= low & (np.uint64(0) - (bits & np.uint64(1)))
        bits >>= np.uint64(1)
        mask ^= low
    return out


@njit(inline="always")
def expand_bits(bits: Any, mask: Any) -> Any:
    """The low bits of `bits` placed at the set positions of `mask`, lowest first (the inverse
    of `compress_bits`): BMI2's pdep where it is fast, else a loop over mask's bits."""
    if FAST_PDEP:
        return _pdep(np.uint64(bits), np.uint64(mask))  # type: ignore[call-arg]
    return _expand_loop(bits, mask)


@njit(inline="always")
def nth_bit_pdep(bits: Any, k: Any) -> Any:
    """The position of the k-th lowest set bit of bits (k from 0, below bit_count(bits)), by
    one pdep (BMI2) and a trailing-zero count."""
    return _cttz(_pdep(np.uint64(1) << np.uint64(k), np.uint64(bits)))  # type: ignore[call-arg]


def _select_in_byte() -> np.ndarray:
    """table[b | r << 8]: the position of the r-th lowest set bit of the byte b (8: none)."""
    table = np.full((8, 256), 8, np.uint8)
    for byte in range(256):
        for r, bit in enumerate(i for i in range(8) if byte >> i & 1):
            table[r, byte] = bit
    return table.ravel()


SELECT_IN_BYTE = _select_in_byte()
ONES_STEP_8, MSBS_STEP_8 = np.uint64(0x0101_0101_0101_0101), np.uint64(0x8080_8080_8080_8080)


@njit(inline="always")
def nth_bit_search(bits: Any, k: Any) -> Any:
    """`nth_bit_pdep` without pdep or popcount (Vigna's broadword select): the bytes' set bits
    counted in one word and summed up to each byte by a multiply; the byte where the sum passes
    k found by comparing all eight at once; the bit inside it read from `SELECT_IN_BYTE`."""
    bits, k, one = np.uint64(bits), np.uint64(k), np.uint64(1)
    twos, fours = np.uint64(0x3333_3333_3333_3333), np.uint64(0x0F0F_0F0F_0F0F_0F0F)
    s = bits - ((bits >> one) & np.uint64(0x5555_5555_5555_5555))
    s = (s & twos) + ((s >> np.uint64(2)) & twos)
    sums = ((s + (s >> np.uint64(4))) & fours) * ONES_STEP_8  # byte i: set bits of bytes 0..i
    before = (((k * ONES_STEP_8) | MSBS_STEP_8) - sums) & MSBS_STEP_8  # bytes whose sum is <= k
    place = (((before >> np.uint64(7)) * ONES_STEP_8) >> np.uint64(53)) & np.uint64(0x38)
    rank = k - (((sums << np.uint64(8)) >> place) & np.uint64(0xFF))
    byte = (bits >> place) & np.uint64(0xFF)
    return place + np.uint64(SELECT_IN_BYTE[byte | (rank << np.uint64(8))])


def nth_bit(bits: Any, k: Any) -> Any:
    """The position of the k-th lowest set bit of bits: `nth_bit_pdep` where this CPU runs pdep
    fast (`FAST_PDEP`), else `nth_bit_search`; chosen when numba compiles the caller (an
    overload, below), and on a GPU always the search (`pokerlut._gpu` registers that)."""
    return nth_bit_pdep(bits, k) if FAST_PDEP else nth_bit_search(bits, k)


def _nth_bit(pdep: bool) -> Callable[[Any, Any], Callable[[Any, Any], Any]]:
    """The overload of `nth_bit` by pdep or by the search."""
    chosen = nth_bit_pdep if pdep else nth_bit_search

    def typed(bits: Any, k: Any) -> Callable[[Any, Any], Any]:
        def impl(bits: Any, k: Any) -> Any:
            return chosen(bits, k)

        return impl

    return typed


@njit(inline="always")
def draw_card(available: Any, n: Any, r32: Any) -> Any:
    """A card drawn uniformly from the n cards of the bitmask `available` by a uniform 32-bit
    random number r32 (the caller takes it out of `available`)."""
    k = (np.uint64(r32) * np.uint64(n)) >> np.uint64(32)
    return nth_bit(available, k)


@njit(inline="always")
def nth_bit_mask(bits: Any, k: Any) -> Any:
    """The k-th lowest set bit of bits as a mask (1 << `nth_bit`): with pdep, that one
    instruction alone."""
    if FAST_PDEP:
        return _pdep(np.uint64(1) << np.uint64(k), np.uint64(bits))  # type: ignore[call-arg]
    return np.uint64(1) << np.uint64(nth_bit_search(bits, k))


def inline_overload(func: Callable[..., Any], on_gpu: Callable[..., Any] | None = None) -> Callable[[_F], _F]:
    """`overload(func, inline="always")`, its generator also recorded in `CUDA_OVERLOADS` (or
    `on_gpu`'s, where the GPU takes another implementation)."""

    def register(generator: _F) -> _F:
        overload(func, inline="always")(generator)
        CUDA_OVERLOADS.append((func, on_gpu or generator))
        return generator

    return register


# The inlined overloads (`inline_overload`) with their generators for numba-cuda's target:
# numba's generic registration of an inline overload fails in CUDA code, so `pokerlut._gpu`
# registers each of these again for target="cuda" on first use (numba.cuda is not imported here).
CUDA_OVERLOADS: list[tuple[Callable[..., Any], Callable[..., Any]]] = []
inline_overload(nth_bit, on_gpu=_nth_bit(False))(_nth_bit(FAST_PDEP))


def is_wild(t: Tables) -> bool:
    """Whether the game has wild cards (compile time: from the class of `t`)."""
    return isinstance(t, Wild)


def suits_matter(t: Tables) -> bool:
    """Whether the game's kernels look at suits (compile time: from the class of `t`)."""
    return not isinstance(t, SuitsIgnored)


def suits_settle(t: Tables) -> bool:
    """Whether five or more suited cards settle the hand by their rank mask (compile time)."""
    return isinstance(t, SuitsSettle)


def suited_strength(t: Tables, mask: np.uint64, ranks: np.uint64) -> Any:
    """Strength of a hand with five or more cards of one suit: `mask` their ranks, `ranks` the
    whole hand's rank key. For numba code only: compiled per kind of tables (below)."""
    raise NotImplementedError("suited_strength is compiled by numba; call hand_strength")


def _kind(t: Any) -> type:
    return getattr(t, "instance_class", None) or object


# An @overload's typing function (arguments: numba types) and the implementation it returns
# (arguments: values) must have the same parameters, annotations included: numba checks.


def _compile_time(predicate: Callable[[Tables], bool], of_kind: Callable[[type], bool]) -> None:
    """Compile `predicate(t)` in numba code to the constant `of_kind(class of t)`."""

    @inline_overload(predicate)
    def typed(t: Any) -> Callable[[Any], bool]:
        flag = of_kind(_kind(t))

        def impl(t: Any) -> bool:
            return flag

        return impl


_compile_time(is_wild, lambda kind: issubclass(kind, Wild))
_compile_time(suits_matter, lambda kind: not issubclass(kind, SuitsIgnored))
_compile_time(suits_settle, lambda kind: issubclass(kind, SuitsSettle))


@inline_overload(suited_strength)
def _suited_strength(t: Any, mask: Any, ranks: Any) -> Callable[[Any, Any, Any], Any]:
    if issubclass(_kind(t), SuitsMixed):

        def mixed(t: Any, mask: Any, ranks: Any) -> Any:
            value = t.flush[mask]
            if value:
                return value
            key = (mask << np.uint64(32)) | ranks
            return t.mixed_values[perfect_hash(key, t.mixed_offsets, MIXED_HASH)]

        return mixed

    def settled(t: Any, mask: Any, ranks: Any) -> Any:
        return t.flush[mask]

    return settled


def wild_strength(t: Tables, hand: Hand) -> Any:
    """Strength of a hand in a wild game. The rank key holds the wild cards too (see
    `encoding.wild_rank_key`) and each wild card counts in every suit, so a hand is read as in a
    plain game: the best non-flush five by one lookup, unless a suit's naturals and wild cards
    reach five; then also that suit's flush. For numba code only: compiled for wild tables
    alone (`hand_strength` never reaches it for others, and they compile no `_wild_flush`)."""
    raise NotImplementedError("wild_strength is compiled by numba; call hand_strength")


@inline_overload(wild_strength)
def _wild_strength(t: Any, hand: Any) -> Callable[[Any, Any], Any]:
    if not issubclass(_kind(t), Wild):

        def unreached(t: Any, hand: Any) -> Any:
            return t.wild_values[0]

        return unreached

    def wild(t: Any, hand: Any) -> Any:
        key = hand[0] & RANK_KEY_MASK
        if suits_matter(t):
            flush = ((hand[0] >> np.uint64(32)) + SUIT_BIAS) & SUIT_FLUSH
            if flush:  # a call, not inlined: it keeps the hot loop small (10 % on natural hands)
                return _wild_flush(t, hand, flush, key)
        return t.wild_values[perfect_hash(key, t.wild_offsets, WILD_HASH)]

    return wild


@njit(_nrt=False, cache=True)
def _wild_flush(t: Tables, hand: Hand, flush: np.uint64, key: np.uint64) -> Any:
    """The better of the non-flush five and each suit's flush (naturals and wild cards)."""
    best = t.wild_values[perfect_hash(key, t.wild_offsets, WILD_HASH)]
    row = np.int64(hand[0] >> WILD_SHIFT) * 8192
    for suit in range(4):
        if flush & (np.uint64(0x8) << np.uint64(4 * suit)):
            mask = (hand[1] >> np.uint64(16 * suit)) & RANK_BITS
            value = t.flush[row + np.int64(mask)]
            if value > best:
                best = value
    return best


@njit(**LLVM_INLINE)
def hand_strength(t: Tables, hand: Hand, five: bool = False) -> Any:
    """Strength (higher wins; 0: no qualifying hand) of a hand of 5, 6 or 7 cards: the best
    five in the game whose tables `t` are. `five=True` (a constant, for a hand of exactly five
    cards) reads a table of five-card rank multisets alone (22 KB, which stays in L1 cache)."""
    if is_wild(t):  # compile time
        return wild_strength(t, hand)
    if suits_matter(t):
        flush = ((hand[0] >> np.uint64(32)) + SUIT_BIAS) & SUIT_FLUSH
        if flush:
            # at most one suit can hold five of seven cards: its counter is 0x8 << 4*suit
            suit = (flush > 0x8) + (flush > 0x80) + (flush > 0x800)
            mask = (hand[1] >> np.uint64(16 * suit)) & RANK_BITS
            return suited_strength(t, mask, hand[0] & RANK_KEY_MASK)
    return rank_strength(t, hand[0] & RANK_KEY_MASK, five)


@njit(**LLVM_INLINE)
def rank_strength(t: Tables, ranks: Any, five: bool = False) -> Any:
    """Strength of a hand that is no flush, from its rank key (a perfect-hash lookup); `five`
    as in `hand_strength`."""
    if five:
        return t.rank5_values[perfect_hash(ranks, t.rank5_offsets, RANK5_HASH)]
    return t.rank_values[perfect_hash(ranks, t.rank_offsets, RANK_HASH)]


@njit(inline="always")
def eval5(t: Tables, a: Any, b: Any, c: Any, d: Any, e: Any) -> Any:
    """Strength of five distinct cards by Cactus Kev's method: flush, unique ranks, or pairs."""
    mask = t.rank_bit[a] | t.rank_bit[b] | t.rank_bit[c] | t.rank_bit[d] | t.rank_bit[e]
    if ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3 == 0:
        return t.flush5[mask]
    unique = t.unique5[mask]
    product = t.card_prime[a] * t.card_prime[b] * t.card_prime[c] * t.card_prime[d] * t.card_prime[e]
    paired = t.pair_values[perfect_hash(product, t.pair_offsets, PAIR_HASH)]
    return unique if unique else paired


@njit(inline="always")
def next_combo(idx: np.ndarray, m: int, n: int) -> bool:
    """Advance idx[:m], an increasing m-subset of range(n), to the next in lexicographic order;
    False (idx reset to the first subset) after the last."""
    i = m - 1
    while i >= 0 and idx[i] == n - m + i:
        i -= 1
    if i < 0:
        for j in range(m):
            idx[j] = j
        return False
    idx[i] += 1
    for j in range(i + 1, m):
        idx[j] = idx[j - 1] + 1
    return True
