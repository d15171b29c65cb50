"""A block of hands at a time: the batch kernel's inner step in AVX-512 (16 rows) or AVX2
(8 rows), written as LLVM IR.

`block_strengths(t, hands, start, width, out, check, deck)` writes the strengths of rows start ..
start + LANES - 1 of a C-contiguous (n, width) uint8 array, in a game without wild cards. It
computes what `core.hand_strength` computes, lane by lane:

- the block's cards as one vector per card column, card j of each row in the low byte of its
  lane and the row's next three cards in the others (for the check): with AVX-512 a byte
  permute of two 64-byte loads per column, with AVX2 two byte shuffles of four 16-byte loads;
- each card's rank key 5**rank (the low half of `card_key` in every game without wild cards)
  and suit counter, summed: with AVX-512 by a register permute per card (`_keys16`), with AVX2
  by byte shuffles of four cards at once (`_keys8`);
- the rank key's perfect-hash bucket and position (`hashing.perfect_hash`) from the high 32
  bits of its product with the multiplier, in 32-bit lanes (`_hash_rank_key`: two 32 x 32 ->
  64 multiplies and one 32-bit one, where 64-bit lanes took four and the shuffles to widen and
  narrow them; 2-10 % faster on AVX-512 and on AVX2);
- the two table reads per hand as scalar loads (gathers measured slower: 550 M/s against 700
  for seven cards), each lane's bucket and position taken out of the vectors once and its
  strength stored on its own (`_store_strengths`: no value goes back into a vector register
  through the shuffle port);
- if a lane holds five cards of a suit, that suit's rank mask by a second pass over the cards,
  and the flush table's value; in games where a flush can hurt, one that table leaves at 0
  is read by (suited mask, rank key) from the mixed table, as `core.suited_strength`.

With `check`, it returns whether a row holds a card outside the game's deck or a repeated card.
With AVX-512, byte compares of the columns test four pairs of a row's cards at a time
(`_bad_rows16`) and vpshufbitqmb reads each card's bit in `deck` (bit c set: card c is in the
game's deck). With AVX2, the same byte compares, and two byte shuffles per column read each
card's bit from a table made of `deck` (`_bad_rows8`). The caller then rescans the rows the
scalar way to name the first bad one. Without `check` a bad row gets a meaningless strength and
every read stays inside the tables (masks are cut to 13 bits, buckets and positions to their
bits, and the tables are padded for any key).

`LANES` and `REQUIRED` are those of the widest level in `LEVELS` whose CPU features numba's
target has; `AVAILABLE` says whether there is one, and the batch kernels fall back to the
scalar loop when not.
"""

from __future__ import annotations

from typing import Any

import numba
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from .table_types import SuitsIgnored, SuitsMixed, Wild
from .core import call_llvm, target_cpu
from .encoding import RANK_BITS, SUIT_BIAS, SUIT_FLUSH
from .hashing import MIXED_HASH, MULT, RANK5_HASH, RANK_HASH, HashSpec

# The instruction sets the kernel is written for, widest first: (lanes, features)
LEVELS = ((16, ("avx512f", "avx512bw", "avx512dq", "avx512vbmi", "avx512bitalg")), (8, ("avx2",)))


_LEVEL = next((level for level in LEVELS if set(level[1]) <= target_cpu()[1]), None)
AVAILABLE = _LEVEL is not None
LANES, REQUIRED = _LEVEL or LEVELS[-1]

I1, I8, I16, I32, I64 = (ir.IntType(bits) for bits in (1, 8, 16, 32, 64))


def _vector(element: ir.IntType, lanes: int = LANES) -> ir.VectorType:
    return ir.VectorType(element, lanes)


def _splat(element: ir.IntType, value: int, lanes: int = LANES) -> ir.Constant:
    return ir.Constant(_vector(element, lanes), [value] * lanes)


def _broadcast(builder: ir.IRBuilder, scalar: Any, lanes: int = LANES) -> Any:
    """`scalar` (an integer) in every one of `lanes` lanes."""
    empty = ir.Constant(_vector(scalar.type, lanes), None)
    one = builder.insert_element(empty, scalar, I32(0))
    return builder.shuffle_vector(one, one, ir.Constant(_vector(I32, lanes), [0] * lanes))


def _call(builder: ir.IRBuilder, name: str, *args: Any) -> Any:
    """Call the LLVM intrinsic `name` on vectors of LANES x i32, returning one."""
    return call_llvm(builder, name, _vector(I32), *args)


def _permute16(builder: ir.IRBuilder, table: list[int], index: Any) -> Any:
    """table[index % 16] in each of sixteen lanes (vpermd)."""
    padded = table + [0] * (16 - len(table))
    return _call(builder, "llvm.x86.avx512.permvar.si.512", ir.Constant(_vector(I32), padded), index)


def _shuffle_bytes(builder: ir.IRBuilder, table: Any, index: Any) -> Any:
    """table[index] for each byte of 32 (vpshufb: within each 128-bit half, 0 where index has
    its top bit set)."""
    return call_llvm(builder, "llvm.x86.avx2.pshuf.b", _vector(I8, 32), table, index)


def _cards(builder: ir.IRBuilder, base: Any, width: int) -> list[Any]:
    """Card j of each of the LANES rows at `base`, for j < width, as LANES x i32."""
    return (_cards16 if LANES == 16 else _cards8)(builder, base, width)


def _cards16(builder: ir.IRBuilder, base: Any, width: int) -> list[Any]:
    """Sixteen rows: card j of each row in the low byte of its lane, and the row's cards
    j + 1, j + 2, j + 3 (mod width) in the others, for the check (`_bad_rows16`; the
    evaluation reads the low byte alone): two 64-byte loads (the block's first and last 64
    bytes) and one byte permute per column."""
    tail = LANES * width - 64
    loaded = _vector(I8, 64).as_pointer()
    head = builder.load(builder.bitcast(base, loaded), align=1)
    rest = builder.load(builder.bitcast(builder.gep(base, [I64(tail)]), loaded), align=1)
    columns = []
    for j in range(width):
        picks = []
        for row in range(LANES):
            for at in (width * row + (j + i) % width for i in range(4)):
                picks.append(at if at < 64 else 64 + at - tail)
        card_bytes = builder.shuffle_vector(head, rest, ir.Constant(_vector(I32, 64), picks))
        columns.append(builder.bitcast(card_bytes, _vector(I32)))
    return columns


def _cards8(builder: ir.IRBuilder, base: Any, width: int) -> list[Any]:
    """Eight rows: card j of each row in the low byte of its lane and the row's cards j + 1,
    j + 2, j + 3 (mod width) in the others, as `_cards16`: a 16-byte load per pair of rows
    (inside the block), pairs (0, 1) and (4, 5) in one register, (2, 3) and (6, 7) in the
    other, so that a byte shuffle within each 128-bit half of each and an OR give a column."""
    size = 8 * width
    starts = [min(2 * width * pair, size - 16) for pair in range(4)]
    loaded = _vector(I8, 16).as_pointer()
    pairs = [builder.load(builder.bitcast(builder.gep(base, [I64(at)]), loaded), align=1) for at in starts]
    both = ir.Constant(_vector(I32, 32), list(range(32)))
    halves = [builder.shuffle_vector(pairs[first], pairs[first + 2], both) for first in (0, 1)]
    columns = []
    for j in range(width):
        column = None
        for first, half in zip((0, 1), halves):
            picks = [0x80] * 32  # a set top bit zeroes the byte
            for pair in (first, first + 2):  # in 128-bit half pair // 2 of `half`
                for row in (2 * pair, 2 * pair + 1):
                    for i in range(4):
                        picks[4 * row + i] = width * row + (j + i) % width - starts[pair]
            picked = _shuffle_bytes(builder, half, ir.Constant(_vector(I8, 32), picks))
            column = picked if column is None else builder.or_(column, picked)
        columns.append(builder.bitcast(column, _vector(I32)))
    return columns


def _keys16(builder: ir.IRBuilder, cards: list[Any], width: int) -> tuple[Any, Any]:
    """(rank key, suit counters) of each of sixteen rows: each card's 5**rank and counter by a
    register permute (vpermd reads the low four bits of a lane: the card's own byte)."""
    key = counters = _splat(I32, 0)
    for card in cards:
        rank = builder.lshr(card, _splat(I32, 2))
        key = builder.add(key, _permute16(builder, [5**r for r in range(13)], rank))
        counters = builder.add(counters, _permute16(builder, [1 << 4 * (i & 3) for i in range(16)], card))
    return key, counters


def _keys8(builder: ir.IRBuilder, cards: list[Any], width: int) -> tuple[Any, Any]:
    """(rank key, suit counters) of each of eight rows, by byte shuffles, four cards at once:
    columns 0 and 4 hold every card of a row once (the second cut to its cards 4 and up), and a
    byte shuffle of their ranks reads one base-128 digit of 5**rank for all of them; the digits
    of the two columns summed per byte (at most 254), then per lane by two multiply-adds, make
    the digit's sum. The suit counters likewise, from tables of 1 and 16 per suit. An eight-
    entry register permute per card would take two and a select for 13 ranks (vpermd: two
    cycles each on AMD's Zen 2, against half a cycle for a byte shuffle)."""

    def table(values: list[int]) -> Any:  # 16 bytes in each 128-bit half, for vpshufb
        padded = values + [0] * (16 - len(values))
        return ir.Constant(_vector(I8, 32), padded * 2)

    def shuffle(values: list[int], index: Any) -> Any:
        return _shuffle_bytes(builder, table(values), index)

    def lane_sums(byte_sums: Any) -> Any:  # the 4 bytes of each lane summed (16-bit pairs first)
        pairs = call_llvm(
            builder, "llvm.x86.avx2.pmadd.ub.sw", _vector(I16, 16), byte_sums, _splat(I8, 1, 32)
        )
        return call_llvm(builder, "llvm.x86.avx2.pmadd.wd", _vector(I32), pairs, _splat(I16, 1, 16))

    # a set top bit makes vpshufb read 0: the bytes of column 4 that repeat cards 0 .. 3
    unused = ir.Constant(_vector(I8, 32), [0x80 if i % 4 >= width - 4 else 0 for i in range(32)])
    ranks, suits = [], []
    for column, cut in ((cards[0], None), (cards[4], unused)):
        column = builder.bitcast(column, _vector(I8, 32))
        rank = builder.and_(builder.lshr(column, _splat(I8, 2, 32)), _splat(I8, 15, 32))
        suit = builder.and_(column, _splat(I8, 3, 32))
        ranks.append(rank if cut is None else builder.or_(rank, cut))
        suits.append(suit if cut is None else builder.or_(suit, cut))
    key = None
    for digit in range(4):  # 5**12 < 128**4
        values = [5**r >> 7 * digit & 0x7F for r in range(13)]
        both = builder.add(shuffle(values, ranks[0]), shuffle(values, ranks[1]))
        part = builder.shl(lane_sums(both), _splat(I32, 7 * digit))
        key = part if key is None else builder.add(key, part)
    # counters of suits 0, 1 (1 and 16 per card: never more than 7 of a suit) and of suits 2, 3
    low, high = [
        builder.add(shuffle(values, suits[0]), shuffle(values, suits[1]))
        for values in ([1, 16, 0, 0], [0, 0, 1, 16])
    ]
    counters = builder.add(lane_sums(low), builder.shl(lane_sums(high), _splat(I32, 8)))
    return key, counters


def _hash(builder: ir.IRBuilder, wide: Any, spec: HashSpec) -> tuple[Any, Any]:
    """(bucket, position) of each lane's 64-bit key, as `hashing.perfect_hash`."""
    mix_shift, bucket_bits, pos_bits = spec
    wide = builder.xor(wide, builder.lshr(wide, _splat(I64, mix_shift)))
    h = builder.mul(wide, _splat(I64, int(MULT)))
    bucket = builder.trunc(builder.lshr(h, _splat(I64, 64 - bucket_bits)), _vector(I32))
    pos = builder.lshr(h, _splat(I64, 64 - bucket_bits - pos_bits))
    pos = builder.and_(builder.trunc(pos, _vector(I32)), _splat(I32, (1 << pos_bits) - 1))
    return bucket, pos


def _hash_rank_key(builder: ir.IRBuilder, key: Any, spec: HashSpec) -> Any:
    """The high 32 bits of key * MULT, which hold `_hash`'s bucket and position (`_cut`), for rank
    keys (below 2**31, so `mix_shift` 63 changes nothing), in 32-bit lanes: with MULT = hi *
    2**32 + lo, those bits are (key * lo >> 32) + key * hi (mod 2**32), since the second term
    has no low bits to carry. Two 32 x 32 -> 64 multiplies of the even and odd lanes and one
    32-bit multiply, where `_hash` widens the lanes to 64 bits (AVX2 has no 64-bit multiply at
    all). Needs 64 - bucket_bits - pos_bits >= 32 (both rank specs have it)."""
    mix_shift, bucket_bits, pos_bits = spec
    assert mix_shift == 63 and 64 - bucket_bits - pos_bits >= 32
    lo, hi = int(MULT) & 0xFFFF_FFFF, int(MULT) >> 32
    halves = _vector(I64, LANES // 2)
    lo_splat = builder.bitcast(_splat(I64, lo, LANES // 2), _vector(I32))
    pmuludq = "llvm.x86.avx512.pmulu.dq.512" if LANES == 16 else "llvm.x86.avx2.pmulu.dq"
    even = call_llvm(builder, pmuludq, halves, key, lo_splat)
    odd_keys = builder.bitcast(
        builder.lshr(builder.bitcast(key, halves), _splat(I64, 32, LANES // 2)), _vector(I32)
    )
    odd = call_llvm(builder, pmuludq, halves, odd_keys, lo_splat)
    # the high half of each product: even lanes' moved down, odd lanes' where they are
    even_high = builder.bitcast(builder.lshr(even, _splat(I64, 32, LANES // 2)), _vector(I32))
    high = builder.shuffle_vector(
        even_high,
        builder.bitcast(odd, _vector(I32)),
        ir.Constant(_vector(I32), [lane if lane % 2 == 0 else LANES + lane for lane in range(LANES)]),
    )
    return builder.add(high, builder.mul(key, _splat(I32, hi)))


def _cut(builder: ir.IRBuilder, h: Any, spec: HashSpec) -> tuple[Any, Any]:
    """(bucket, position) from the high 32 bits `h` of a rank key's hash (`_hash_rank_key`), in
    each lane of a vector or of one i32."""
    _, bucket_bits, pos_bits = spec

    def constant(value: int) -> Any:
        return I32(value) if h.type == I32 else _splat(I32, value)

    bucket = builder.lshr(h, constant(32 - bucket_bits))
    pos = builder.and_(builder.lshr(h, constant(32 - bucket_bits - pos_bits)), constant((1 << pos_bits) - 1))
    return bucket, pos


def _lookup(builder: ir.IRBuilder, table: Any, index: Any, extend: bool) -> Any:
    """table[index] per lane by scalar loads, as LANES x i32 (`extend`: the table is uint16)."""
    result = ir.Constant(_vector(I32), None)
    for lane in range(LANES):
        at = builder.zext(builder.extract_element(index, I32(lane)), I64)
        value = builder.load(builder.gep(table, [at]))
        value = builder.zext(value, I32) if extend else value
        result = builder.insert_element(result, value, I32(lane))
    return result


def _store_strengths(
    builder: ir.IRBuilder, h: Any, spec: HashSpec, offsets: Any, values: Any, out: Any
) -> None:
    """out[lane] = values[offsets[bucket] + position] of each lane (`h` and `spec` as in `_cut`),
    each lane's strength read and stored on its own: the lanes leave the vector registers once
    and no value goes back in. With AVX-512 the bucket and position leave them; with AVX2 the
    hash word, cut in scalar code: half as many extractions, which are slow on some AVX2 CPUs
    (docs/performance.md)."""
    bucket, pos = _cut(builder, h, spec) if LANES == 16 else (None, None)
    for lane in range(LANES):
        if LANES == 16:
            at, step = (builder.extract_element(lanes, I32(lane)) for lanes in (bucket, pos))
        else:
            at, step = _cut(builder, builder.extract_element(h, I32(lane)), spec)
        offset = builder.load(builder.gep(offsets, [builder.zext(at, I64)]))
        value = builder.load(builder.gep(values, [builder.zext(builder.add(offset, step), I64)]))
        builder.store(value, builder.gep(out, [I64(lane)]))


def _any(builder: ir.IRBuilder, lanes: Any) -> Any:
    return builder.icmp_unsigned("!=", builder.bitcast(lanes, ir.IntType(LANES)), ir.IntType(LANES)(0))


def _data(context: Any, builder: Any, array_type: Any, value: Any) -> Any:
    return context.make_array(array_type)(context, builder, value).data


def _repeats(builder: ir.IRBuilder, cards: list[Any], width: int) -> Any:
    """LANES x 4 x i1, all set unless a row repeats a card. Column j holds a row's cards j,
    j + 1, j + 2, j + 3 (mod width) in its lane's bytes (`_cards`), so a byte compare of
    columns j and j + step checks four pairs of cards `step` apart: columns 0 and 4 cover
    every start."""

    def column(j: int) -> Any:
        return builder.bitcast(cards[j % width], _vector(I8, 4 * LANES))

    ok = _splat(I1, 1, 4 * LANES)
    for step in range(1, width // 2 + 1):
        starts = width if 2 * step < width else step  # pairs (j, j + width / 2) come twice
        for first in range(0, starts, 4):
            ok = builder.and_(ok, builder.icmp_unsigned("!=", column(first), column(first + step)))
    return ok


def _bad_rows8(builder: ir.IRBuilder, cards: list[Any], width: int, deck: Any) -> Any:
    """i1: whether one of eight rows repeats a card or holds one outside `deck`: the repeats
    by byte compares (`_repeats`), each card's deck bit by two byte shuffles. Card 16 h + i
    (i < 16) is in the deck when bit h of byte i of a 16-byte table made from `deck` (in each
    128-bit half, for vpshufb) and byte h of (1, 2, 4, 8, 0, ...) share a bit; cards of 64 and
    up read a 0 from the second."""
    table = ir.Constant(_vector(I8, 32), None)
    gather = I64(1 + (1 << 15) + (1 << 30) + (1 << 45))  # bits 0, 16, 32, 48 to 45 .. 48
    for i in range(16):  # byte i: bits i, 16 + i, 32 + i, 48 + i of deck (hoisted by LLVM)
        spread = builder.and_(builder.lshr(deck, I64(i)), I64(0x0001_0001_0001_0001))
        nibble = builder.trunc(builder.lshr(builder.mul(spread, gather), I64(45)), I8)
        for at in (i, 16 + i):
            table = builder.insert_element(table, builder.and_(nibble, I8(15)), I32(at))
    suit_bits = ir.Constant(_vector(I8, 32), ([1, 2, 4, 8] + [0] * 12) * 2)
    ok = _repeats(builder, cards, width)
    for first in (0, 4):
        cards_here = builder.bitcast(cards[first % width], _vector(I8, 32))
        low = builder.and_(cards_here, _splat(I8, 15, 32))
        high = builder.lshr(cards_here, _splat(I8, 4, 32))
        in_row = _shuffle_bytes(builder, table, low)
        bit = _shuffle_bytes(builder, suit_bits, high)
        ok = builder.and_(ok, builder.icmp_unsigned("!=", builder.and_(in_row, bit), _splat(I8, 0, 32)))
    return builder.icmp_unsigned("!=", builder.bitcast(ok, I32), I32(-1))


def _bad_rows16(builder: ir.IRBuilder, cards: list[Any], width: int, deck: Any) -> Any:
    """i1: whether one of sixteen rows repeats a card (`_repeats`) or holds one outside
    `deck`: columns 0 and 4 hold every card for vpshufbitqmb's test of its bit in `deck` (a
    card of 64 or more is out by a compare)."""
    ok = _repeats(builder, cards, width)
    deck_bytes = builder.bitcast(_broadcast(builder, deck, 8), _vector(I8, 64))
    for first in (0, 4):
        cards_here = builder.bitcast(cards[first % width], _vector(I8, 64))
        in_deck = call_llvm(
            builder, "llvm.x86.avx512.vpshufbitqmb.512", _vector(I1, 64), deck_bytes, cards_here
        )
        below = builder.icmp_unsigned("<", cards_here, _splat(I8, 64, 64))
        ok = builder.and_(ok, builder.and_(in_deck, below))
    return builder.icmp_unsigned("!=", builder.bitcast(ok, I64), I64(-1))


def handles(tables: Any, hands: Any) -> bool:
    """Whether `block_strengths` takes these numba types: a game's tables without wild cards, and
    a C-contiguous uint8 array."""
    kind = getattr(tables, "instance_class", None)
    return (
        kind is not None
        and not issubclass(kind, Wild)
        and isinstance(hands, types.Array)
        and hands.layout == "C"
        and hands.dtype == types.uint8
    )


@intrinsic(prefer_literal=True)
def block_strengths(
    typingctx: Any, t: Any, hands: Any, start: Any, width: Any, out: Any, check: Any, deck: Any
) -> Any:
    """out[start:start + LANES] = strengths of those rows; returns whether one is bad (`check`)."""
    if not handles(t, hands):
        raise numba.core.errors.TypingError(
            "block_strengths: tables without wild cards and C-contiguous uint8 hands only (see `handles`)"
        )
    if not (isinstance(width, types.IntegerLiteral) and isinstance(check, types.BooleanLiteral)):
        raise numba.core.errors.TypingError("block_strengths: width and check must be constants")
    kind = t.instance_class
    n_cards, checked = width.literal_value, check.literal_value
    suits = not issubclass(kind, SuitsIgnored)
    mixed = issubclass(kind, SuitsMixed)
    spec, offsets_name, values_name = (
        (RANK5_HASH, "rank5_offsets", "rank5_values")
        if n_cards == 5
        else (RANK_HASH, "rank_offsets", "rank_values")
    )
    signature = types.boolean(t, hands, types.intp, width, out, check, types.uint64)

    def field(context: Any, builder: Any, tables: Any, name: str) -> Any:
        index = t.fields.index(name)
        return _data(context, builder, t.types[index], builder.extract_value(tables, index))

    def hashed(
        context: Any, builder: Any, tables: Any, key: Any, spec: HashSpec, offsets: str, values: str
    ) -> Any:
        bucket, pos = _hash(builder, key, spec)
        slot = builder.add(_lookup(builder, field(context, builder, tables, offsets), bucket, False), pos)
        return _lookup(builder, field(context, builder, tables, values), slot, True)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        tables, hands_value, first, _, out_value, _, deck_value = args
        base = builder.gep(_data(context, builder, hands, hands_value), [builder.mul(first, I64(n_cards))])
        cards = _cards(builder, base, n_cards)
        key, counters = (_keys16 if LANES == 16 else _keys8)(builder, cards, n_cards)
        out_data = builder.gep(_data(context, builder, out, out_value), [first])
        target = builder.bitcast(out_data, _vector(I16).as_pointer())
        _store_strengths(
            builder,
            _hash_rank_key(builder, key, spec),
            spec,
            field(context, builder, tables, offsets_name),
            field(context, builder, tables, values_name),
            out_data,
        )
        if suits:
            flush = builder.and_(
                builder.add(counters, _splat(I32, int(SUIT_BIAS))), _splat(I32, int(SUIT_FLUSH))
            )
            suited = builder.icmp_unsigned("!=", flush, _splat(I32, 0))
            with builder.if_then(_any(builder, suited), likely=False):
                # the suit whose counter reached five (at most one of seven cards)
                suit = _splat(I32, 0)
                for above in (0x8, 0x80, 0x800):
                    over = builder.icmp_unsigned(">", flush, _splat(I32, above))
                    suit = builder.add(suit, builder.zext(over, _vector(I32)))
                mask = _splat(I32, 0)
                for card in cards:
                    same = builder.icmp_unsigned("==", builder.and_(card, _splat(I32, 3)), suit)
                    rank = builder.and_(builder.lshr(card, _splat(I32, 2)), _splat(I32, 15))
                    bit = builder.shl(_splat(I32, 1), rank)
                    mask = builder.or_(mask, builder.select(same, bit, _splat(I32, 0)))
                mask = builder.and_(mask, _splat(I32, int(RANK_BITS)))
                flushed = _lookup(builder, field(context, builder, tables, "flush"), mask, True)
                if mixed:  # no flush value: the hand is read by its suited mask and ranks
                    suited_key = builder.or_(
                        builder.shl(builder.zext(mask, _vector(I64)), _splat(I64, 32)),
                        builder.zext(key, _vector(I64)),
                    )
                    by_ranks = hashed(
                        context, builder, tables, suited_key, MIXED_HASH, "mixed_offsets", "mixed_values"
                    )
                    unsettled = builder.icmp_unsigned("==", flushed, _splat(I32, 0))
                    flushed = builder.select(unsettled, by_ranks, flushed)
                stored = builder.zext(builder.load(target, align=2), _vector(I32))
                builder.store(
                    builder.trunc(builder.select(suited, flushed, stored), _vector(I16)), target, align=2
                )
        if not checked:
            return cgutils.false_bit
        if LANES == 16:
            return _bad_rows16(builder, cards, n_cards, deck_value)
        return _bad_rows8(builder, cards, n_cards, deck_value)

    return signature, codegen
