"""Cards as small integers, because the bots simulate thousands of turns per decision.

A card is its uid: ``copy * 64 + code`` where ``code = rank * 4 + suit`` for the 52 cards of a
deck, ``code = 52`` for a joker and ``code = 53`` for the Caliente card (CAL-1). Identical
cards of a two- or three-deck pack differ only in ``copy`` (N-CARD-2). Ranks are indexed
``2 3 4 5 6 7 8 9 T J Q K A`` = 0..12, the joker is 13 and the Caliente 15 (a rank no meld
key uses: CAL-5, it is never melded), so ``rank(uid)`` is one table look-up. Text uses the
RULES.md notation (``Kh``, ``3d``, ``JK``, ``CA``) with an optional ``#n`` (1-based copy)
when the physical card matters.
"""

from __future__ import annotations

from collections.abc import Iterable

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
TWO, THREE, ACE, JOKER = 0, 1, 12, 13
#: Meld keys beyond the natural ranks 2..12 (FOUR..ACE).
BLACK_THREE_KEY = THREE
WILD_KEY = 14
#: SAM-9: a sequence's meld key is SEQUENCE_KEY + its suit, so keys never meet the ranks.
SEQUENCE_KEY = 16
FOUR = 2
NATURAL_RANKS = tuple(range(FOUR, ACE + 1))
JOKER_CODE = 52
#: CAL-1: the Caliente card of Canasta Caliente, one per deck; its rank is beside every meld key.
CALIENTE_CODE = 53
CALIENTE = 15
COPY_STRIDE = 64
MAX_COPIES = 16  # HF-2: seven decks hold 14 jokers

# Card values of RULES.md 1.3, indexed by rank (the red three has none: it is never counted
# as a card, only as a bonus).
# CAL-5 (ENG): the Caliente card is worth 0 (index 14, the wild key, is never a card's rank).
RANK_VALUE = (20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 50, 0, 0)

_RANK = [0] * (COPY_STRIDE * MAX_COPIES)
_SUIT = [-1] * (COPY_STRIDE * MAX_COPIES)
for _copy in range(MAX_COPIES):
    for _code in range(CALIENTE_CODE + 1):
        _uid = _copy * COPY_STRIDE + _code
        if _code == CALIENTE_CODE:
            _RANK[_uid] = CALIENTE
        else:
            _RANK[_uid] = JOKER if _code == JOKER_CODE else _code // 4
        _SUIT[_uid] = -1 if _code >= JOKER_CODE else _code % 4
RANK_OF: tuple[int, ...] = tuple(_RANK)
SUIT_OF: tuple[int, ...] = tuple(_SUIT)
VALUE_OF: tuple[int, ...] = tuple(RANK_VALUE[r] for r in RANK_OF)
IS_WILD: tuple[bool, ...] = tuple(r in (TWO, JOKER) for r in RANK_OF)
IS_RED_THREE: tuple[bool, ...] = tuple(
    r == THREE and s in (1, 2) for r, s in zip(RANK_OF, SUIT_OF, strict=True)
)
IS_BLACK_THREE: tuple[bool, ...] = tuple(
    r == THREE and s in (0, 3) for r, s in zip(RANK_OF, SUIT_OF, strict=True)
)
IS_NATURAL: tuple[bool, ...] = tuple(FOUR <= r <= ACE for r in RANK_OF)
IS_CALIENTE: tuple[bool, ...] = tuple(r == CALIENTE for r in RANK_OF)


def make_uid(rank: int, suit: int, copy: int = 0) -> int:
    """The uid of a physical card; ``suit`` is ignored for the joker and the Caliente."""
    if rank == CALIENTE:
        return copy * COPY_STRIDE + CALIENTE_CODE
    code = JOKER_CODE if rank == JOKER else rank * 4 + suit
    return copy * COPY_STRIDE + code


def copy_of(uid: int) -> int:
    return uid // COPY_STRIDE


def face_text(uid: int) -> str:
    """The card as RULES.md writes it, without the copy number."""
    rank = RANK_OF[uid]
    if rank == JOKER:
        return "JK"
    if rank == CALIENTE:
        return "CA"
    return RANK_CHARS[rank] + SUIT_CHARS[SUIT_OF[uid]]


def card_text(uid: int) -> str:
    """The physical card: ``Kh#2`` is the second king of hearts in the pack."""
    return f"{face_text(uid)}#{copy_of(uid) + 1}"


def rank_text(rank: int) -> str:
    if rank == JOKER:
        return "JK"
    if rank == CALIENTE:
        return "CA"
    if rank == WILD_KEY:
        return "wild"
    if rank >= SEQUENCE_KEY:
        return "run " + SUIT_CHARS[rank - SEQUENCE_KEY]
    return RANK_CHARS[rank]


def parse_face(text: str) -> tuple[int, int]:
    """``'Kh'`` -> (rank, suit); raises ValueError with the offending text."""
    t = text.strip()
    if t.upper() == "JK":
        return JOKER, -1
    if t.upper() == "CA":
        return CALIENTE, -1  # CAL-1
    if len(t) != 2 or t[0].upper() not in RANK_CHARS or t[1].lower() not in SUIT_CHARS:
        raise ValueError(f"not a card: {text!r} (expected e.g. Kh, Ts, 3d, JK or CA)")
    return RANK_CHARS.index(t[0].upper()), SUIT_CHARS.index(t[1].lower())


def parse_card(text: str) -> int:
    """Parse ``Kh`` (first copy) or ``Kh#2`` (the given copy) into a uid."""
    face, _, copy = text.strip().partition("#")
    rank, suit = parse_face(face)
    index = int(copy) - 1 if copy else 0
    if not 0 <= index < MAX_COPIES:
        raise ValueError(f"copy number out of range in {text!r}")
    return make_uid(rank, suit, index)


def parse_cards(text: str | Iterable[str], used: set[int] | None = None) -> list[int]:
    """Parse a space-separated list; repeated faces without ``#`` get successive copies.

    ``used`` carries the cards already taken across several lists (a whole setup), and is
    updated with the cards parsed here.
    """
    items = text.split() if isinstance(text, str) else list(text)
    used = set() if used is None else used
    out: list[int] = []
    for item in items:
        if "#" in item:
            uid = parse_card(item)
        else:
            rank, suit = parse_face(item)
            copy = 0
            while make_uid(rank, suit, copy) in used:
                copy += 1
            uid = make_uid(rank, suit, copy)
        if uid in used:
            raise ValueError(f"card {card_text(uid)} appears twice")
        used.add(uid)
        out.append(uid)
    return out


def build_deck(decks: int, jokers: int, calientes: int = 0) -> list[int]:
    """Every physical card of a pack of ``decks`` standard decks plus ``jokers`` jokers (and
    ``calientes`` Caliente cards, CAL-1)."""
    cards = [make_uid(r, s, c) for c in range(decks) for r in range(13) for s in range(4)]
    cards.extend(make_uid(JOKER, -1, c) for c in range(jokers))
    cards.extend(make_uid(CALIENTE, -1, c) for c in range(calientes))
    return cards


def sort_key(uid: int) -> tuple[int, int, int]:
    """Natural ranks first (low to high), then threes, then wild cards, then the Caliente
    (CAL-1): how players fan a hand."""
    rank = RANK_OF[uid]
    if rank == CALIENTE:
        return 3, rank, uid
    group = 2 if rank in (TWO, JOKER) else (1 if rank == THREE else 0)
    return group, rank, uid
