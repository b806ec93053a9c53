"""Where each card rests for a given ``PlayerView``: the table's one picture of the game.

``plan_table`` is a pure function of the view, the layout and the human's own arrangement
(hand order, selection, staged melds). The scene diffs two plans to animate a move, the
painter draws the plan's badges, and hit-testing reads its rectangles, so all three always
agree on where things are.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from canasta_game.engine.cards import IS_NATURAL, RANK_OF, SUIT_OF, sort_key
from canasta_game.engine.cuban import sets_aside
from canasta_game.engine.meldrules import CanastaKind, MeldKind, meld_kind
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import TableMeld
from canasta_game.ui.card_art import index_extent
from canasta_game.ui.table.feet import foot_rect, foot_room
from canasta_game.ui.table.layout import HAND, MINI, TABLE, SideArea, TableLayout
from canasta_game.ui.table.sprites import Home, Key, back_key

Z_PILE, Z_THREES, Z_MELDS, Z_BACKS, Z_STAGED, Z_HAND = 100, 300, 400, 2000, 2500, 3000
RED_SUITS = (1, 2)  # diamonds, hearts
MIN_STEP = 0.15  # of the card height: less, and the rank index of a meld's cards is hidden
INDEX_MARGIN = 4  # pixels left clear past a hand card's index (a selected card's outline: 3)


@dataclass(frozen=True, slots=True)
class MeldSpot:
    """One meld (or staged group) as laid out: its column is the drop target for it."""

    side: int
    mid: int  # meld id; for staged groups the group index
    column: pygame.Rect  # the whole slot column: dropping anywhere on it means this meld
    cards: pygame.Rect  # the cards' bounding box
    count: int
    canasta: bool
    kind: str
    badge_at: tuple[int, int]  # centre of the count badge
    zone: str = ""  # the sprites' zone, to hold the badge back while its cards fly in
    canasta_kind: CanastaKind = CanastaKind.NONE  # the engine's word for the badge


@dataclass(slots=True)
class TablePlan:
    homes: dict[Key, Home] = field(default_factory=dict)
    hand: list[tuple[int, pygame.Rect]] = field(default_factory=list)  # left to right
    hand_shown: list[pygame.Rect] = field(default_factory=list)  # the uncovered part of each
    hand_behind: int = 0  # how many hand cards lie in a row behind the front one
    melds: list[MeldSpot] = field(default_factory=list)
    staged: list[MeldSpot] = field(default_factory=list)
    threes: dict[int, MeldSpot] = field(default_factory=dict)
    aside: dict[int, MeldSpot] = field(default_factory=dict)  # CUB-8: black threes set aside
    backs: dict[int, int] = field(default_factory=dict)  # seat -> cards shown
    labels: dict[int, tuple[int, int, bool]] = field(default_factory=dict)  # x, y, above?
    staging_rect: pygame.Rect | None = None
    freezer: int | None = None  # the card shown crosswise in the pile
    feet: dict[int, pygame.Rect] = field(default_factory=dict)  # HF-3: seat -> its packet

    def uids(self) -> set[int]:
        return {k for k in self.homes if isinstance(k, int)}


def meld_order(meld: TableMeld) -> tuple[int, int, int]:
    """High ranks first, then sequences by suit and lowest rank (SAM-16: several of one suit
    stay side by side), then a wild-card meld, then black threes: stable as melds grow."""
    kind = meld_kind(meld.key)
    if kind is MeldKind.SEQUENCE:
        return 1, meld.key, RANK_OF[meld.cards[0]]
    if kind is MeldKind.WILD:
        return 2, 0, 0
    if kind is MeldKind.BLACK_THREES:
        return 3, 0, 0
    return 0, -meld.key, 0


def canasta_top(meld: TableMeld, wild: Sequence[bool]) -> int:
    """The card shown on a squared canasta: red for natural, black for mixed, as players do.
    ``wild`` is the rules' table of wild cards (``Rules.wild``); a sequence (all of one suit)
    shows its highest card, the end a samba / escalera is known by."""
    if meld_kind(meld.key) is MeldKind.SEQUENCE:
        return meld.cards[-1]
    naturals = [c for c in meld.cards if IS_NATURAL[c]] or list(meld.cards)
    if meld.is_natural:
        reds = [c for c in naturals if SUIT_OF[c] in RED_SUITS]
        return reds[0] if reds else naturals[0]
    blacks = [c for c in meld.cards if SUIT_OF[c] in (0, 3) and not wild[c]]
    blacks = blacks or [c for c in meld.cards if SUIT_OF[c] in (0, 3)]
    return blacks[0] if blacks else naturals[0]


def cascade_order(meld: TableMeld, wild: Sequence[bool]) -> list[int]:
    """Naturals first, wild cards last, so the rank reads at the top of the column; a
    sequence is a run from its lowest card down to its highest (SAM-9), every index shown."""
    if meld_kind(meld.key) is MeldKind.SEQUENCE:
        return sorted(meld.cards, key=RANK_OF.__getitem__)
    return sorted(meld.cards, key=lambda c: (wild[c], sort_key(c)))


def group_of(uid: int) -> int:
    return sort_key(uid)[0]


def hand_xs(uids: Sequence[int], width: int, card_w: int, gaps: bool, centre: float) -> list[float]:
    """Centres of the fanned hand: overlapped so every index shows, groups apart when sorted."""
    n = len(uids)
    if n == 0:
        return []
    groups = sum(1 for a, b in itertools.pairwise(uids) if group_of(a) != group_of(b))
    gap = card_w * 0.35 if gaps else 0.0
    room = width - card_w - groups * gap
    step = min(card_w * 0.78, room / (n - 1)) if n > 1 else 0.0
    if step < card_w * 0.3 and gap:  # a huge hand: give the gaps' room back to the cards
        gap = 0.0
        step = min(card_w * 0.68, (width - card_w) / max(1, n - 1))
    total = card_w + step * (n - 1) + (groups * gap if gap else 0)
    x = centre - total / 2 + card_w / 2
    out = []
    for i, uid in enumerate(uids):
        if i and gap and group_of(uids[i - 1]) != group_of(uid):
            x += gap
        out.append(x)
        x += step
    return out


@dataclass(frozen=True, slots=True)
class _Grid:
    """Where one side's columns go (``_area_grid``): each column's top-left corner, the row
    height, the cascade step and the cards' look."""

    corners: list[tuple[int, int]]
    row_h: int
    step: int
    kind: str
    size: tuple[int, int]
    badge_h: int
    pad: int

    def column(self, index: int) -> pygame.Rect:
        """The column's whole drop area: its slot's width and the row's height."""
        left, top = self.corners[index]
        return pygame.Rect(left - self.pad // 2, top, self.size[0] + self.pad, self.row_h)

    def cascade(
        self, plan: TablePlan, index: int, cards: Sequence[int], *, z: int, zone: str
    ) -> pygame.Rect:
        """Lay ``cards`` down column ``index``, each ``step`` below the one before."""
        card_w, card_h = self.size
        left, top = self.corners[index]
        x = left + card_w / 2
        for i, uid in enumerate(cards):
            y = top + card_h / 2 + i * self.step
            plan.homes[uid] = Home(x, y, self.kind, z=z + i, zone=zone)
        height = card_h + self.step * max(0, len(cards) - 1)
        return pygame.Rect(left, top, card_w, height)


def _area_grid(
    area: SideArea,
    layout: TableLayout,
    columns: list[list[int] | TableMeld],
    label_h: int,
    kind: str,
) -> _Grid:
    """The slots of an area for ``columns`` of cards of look ``kind``."""
    card_w, card_h = layout.card(kind)
    pad = layout.pad
    slot_w = card_w + max(4, pad)
    per_row = max(1, (area.rect.width - pad) // slot_w)
    rows = max(1, math.ceil(len(columns) / per_row))
    badge_h = layout.fonts["badge"] + 4
    row_h = (area.rect.height - label_h) // rows
    longest = 1
    for col in columns:
        n = (1 if col.is_canasta else col.size) if isinstance(col, TableMeld) else len(col)
        longest = max(longest, n)
    room = row_h - card_h - badge_h - pad // 2
    # one card per column needs no cascade, so it never counts as crowded (issue 15, 2)
    step = int(min(card_h * 0.24, room / (longest - 1))) if longest > 1 else int(card_h * 0.24)
    step = max(step, 3)
    corners = []
    for index in range(len(columns)):
        row, col = divmod(index, per_row)
        corners.append(
            (area.rect.left + pad // 2 + col * slot_w, area.rect.top + label_h + row * row_h)
        )
    return _Grid(
        corners=corners,
        row_h=row_h,
        step=step,
        kind=kind,
        size=(card_w, card_h),
        badge_h=badge_h,
        pad=pad,
    )


def _lay_canasta(
    plan: TablePlan,
    meld: TableMeld,
    corner: tuple[int, int],
    size: tuple[int, int],
    kind: str,
    z: int,
    zone: str,
    wild: Sequence[bool],
) -> pygame.Rect:
    """Squared up: the chosen top card over a visible edge of two more cards."""
    card_w, card_h = size
    top = canasta_top(meld, wild)
    under = [c for c in meld.cards if c != top]
    cx, cy = corner[0] + card_w / 2, corner[1] + card_h / 2
    for i, uid in enumerate(under):
        depth = len(under) - i  # 1 for the card just under the top
        shown = depth <= 2
        plan.homes[uid] = Home(
            cx + 3 * depth, cy + 3 * depth, kind, z=z + i, hidden=not shown, zone=zone
        )
    plan.homes[top] = Home(cx, cy, kind, z=z + len(under), zone=zone)
    return pygame.Rect(corner[0], corner[1], card_w + 6, card_h + 6)


def _spot(
    side: int,
    mid: int,
    cards: pygame.Rect,
    column: pygame.Rect,
    *,
    count: int,
    kind: str,
    zone: str,
    badge_h: int,
    canasta_kind: CanastaKind = CanastaKind.NONE,
) -> MeldSpot:
    """A laid-out meld, staged group or row of threes, its count badge under its cards."""
    return MeldSpot(
        side=side,
        mid=mid,
        column=column,
        cards=cards,
        count=count,
        canasta=canasta_kind is not CanastaKind.NONE,
        kind=kind,
        badge_at=(cards.centerx, cards.bottom + badge_h // 2 + 1),
        zone=zone,
        canasta_kind=canasta_kind,
    )


def three_columns(view: PlayerView, side: int) -> list[tuple[str, list[int]]]:
    """The side's red threes (C-R3-1) and, in a column of their own beside them, the black
    threes it set aside from taken piles (CUB-8): each with its sprites' zone."""
    rules = view.rules
    aside = [c for c in view.bonus_threes[side] if sets_aside(rules, c)]
    red = [c for c in view.bonus_threes[side] if c not in aside]
    columns = ((f"threes:{side}", red), (f"aside:{side}", aside))
    return [(zone, cards) for zone, cards in columns if cards]


def _lay_side(
    plan: TablePlan,
    view: PlayerView,
    layout: TableLayout,
    area: SideArea,
    staged: Sequence[tuple[int, ...]],
    special: Sequence[tuple[int, ...]] = (),
) -> None:
    """The side's red threes, melds, staged groups and (MAC-33) a special hand laid down."""
    side = area.side
    label_h = layout.fonts["badge"] + layout.pad // 2
    threes = three_columns(view, side)
    melds = sorted(view.melds[side], key=meld_order)
    columns: list[list[int] | TableMeld] = [cards for _zone, cards in threes]
    columns.extend(melds)
    columns.extend(list(g) for g in staged)
    columns.extend(list(g) for g in special)
    if not columns:
        if area.mine:
            plan.staging_rect = area.rect.copy()
        return
    grid = _area_grid(area, layout, columns, label_h, area.card)
    if area.card == TABLE and grid.step < layout.card(TABLE)[1] * MIN_STEP:
        # too many melds for the space: smaller cards keep every rank readable
        grid = _area_grid(area, layout, columns, label_h, MINI)
    for index, (zone, cards) in enumerate(threes):
        rect = grid.cascade(plan, index, cards, z=Z_THREES, zone=zone)
        column = pygame.Rect(rect.left, rect.top, rect.width, grid.row_h)
        spot = _spot(
            side, -1, rect, column, count=len(cards), kind="threes", zone=zone, badge_h=grid.badge_h
        )
        (plan.aside if zone.startswith("aside") else plan.threes)[side] = spot
    _lay_melds(plan, view, side, melds, grid, first=len(threes))
    first = len(threes) + len(melds)
    _lay_staged(plan, side, staged, grid, first=first, wild=view.rules.wild)
    first += len(staged)
    for g, group in enumerate(special):  # MAC-33: face up, by rank, where melds would lie
        grid.cascade(plan, first + g, group, z=Z_STAGED + 40 * g, zone=f"special:{side}")
    if area.mine and not view.melds[side] and not special:
        plan.staging_rect = area.rect.copy()


def _lay_melds(
    plan: TablePlan,
    view: PlayerView,
    side: int,
    melds: Sequence[TableMeld],
    grid: _Grid,
    *,
    first: int,
) -> None:
    """The side's melds from column ``first`` on: a canasta squared up, the rest cascaded."""
    facts = {f.mid: f for f in view.meld_facts[side]}
    for index, meld in enumerate(melds, start=first):
        z = Z_MELDS + 40 * index
        zone = f"meld:{side}:{meld.mid}"
        if meld.is_canasta:
            corner = grid.corners[index]
            wild = view.rules.wild
            rect = _lay_canasta(plan, meld, corner, grid.size, grid.kind, z, zone, wild=wild)
        else:
            ordered = cascade_order(meld, view.rules.wild)
            rect = grid.cascade(plan, index, ordered, z=z, zone=zone)
        plan.melds.append(
            _spot(
                side,
                meld.mid,
                rect,
                grid.column(index),
                count=meld.size,
                kind="meld",
                zone=zone,
                badge_h=grid.badge_h,
                canasta_kind=facts[meld.mid].canasta,
            )
        )


def _lay_staged(
    plan: TablePlan,
    side: int,
    staged: Sequence[tuple[int, ...]],
    grid: _Grid,
    *,
    first: int,
    wild: Sequence[bool],
) -> None:
    """The human's staged groups (melds not yet made) from column ``first`` on, naturals
    first."""
    for g, group in enumerate(staged):
        index = first + g
        zone = f"staged:{g}"
        ordered = sorted(group, key=lambda c: (wild[c], sort_key(c)))
        rect = grid.cascade(plan, index, ordered, z=Z_STAGED + 40 * g, zone=zone)
        plan.staged.append(
            _spot(
                side,
                g,
                rect,
                grid.column(index),
                count=len(group),
                kind="staged",
                zone=zone,
                badge_h=grid.badge_h,
            )
        )


def _lay_pile(plan: TablePlan, view: PlayerView, layout: TableLayout) -> None:
    pile = view.pile_cards
    if not pile:
        return
    cx, cy = layout.pile.center
    top = pile[-1]
    freezer = view.pile_freezer  # the engine knows which card froze it (C-PILE-3, O-B3-FREEZE)
    plan.freezer = freezer
    n = len(pile)
    for i, uid in enumerate(pile):
        depth = n - 1 - i  # 0 for the top card
        jitter_x = ((uid * 37) % 7) - 3
        jitter_y = ((uid * 53) % 5) - 2
        if uid == freezer:
            plan.homes[uid] = Home(cx, cy, TABLE, turned=True, z=Z_PILE + i, zone="pile")
        elif depth == 0:  # MAC-30: the going-out discard face down
            face_up = not view.pile_top_face_down
            plan.homes[uid] = Home(cx, cy, TABLE, face_up, z=Z_PILE + i, zone="pile")
        else:
            plan.homes[uid] = Home(
                cx + jitter_x, cy + jitter_y, TABLE, z=Z_PILE + i, hidden=depth > 2, zone="pile"
            )
    if freezer is not None and freezer != top:
        # The crosswise card lies under the top card but above the rest of the pile.
        plan.homes[freezer].z = Z_PILE + n - 1
        plan.homes[top].z = Z_PILE + n


def _lay_backs(plan: TablePlan, view: PlayerView, layout: TableLayout) -> None:
    mini_w, mini_h = layout.card(MINI)
    pad = layout.pad
    label_h = layout.fonts["label"] + pad // 2
    laid = view.end.seat if view.special_cards and view.end is not None else None
    for seat, spot in layout.seats.items():
        n = view.hand_sizes[seat] - (len(view.special_cards) if seat == laid else 0)
        plan.backs[seat] = n
        rect = spot.rect
        foot = 0
        if view.foot_sizes[seat]:  # HF-3: the foot lies at the fan's far end
            plan.feet[seat] = foot_rect(layout, seat, view.seat)
            foot = foot_room(layout, seat, view.seat)
        if spot.vertical:
            length = rect.height - label_h - 2 * pad - foot
            step = min(mini_w * 0.32, (length - mini_w) / max(1, n - 1))
            total = mini_w + step * max(0, n - 1)
            y0 = rect.top + label_h + pad + (length - total) / 2 + mini_w / 2
            plan.labels[seat] = (rect.centerx, round(y0 - mini_w / 2 - pad / 2), True)
            for i in range(n):
                plan.homes[back_key(seat, i)] = Home(
                    rect.centerx, y0 + i * step, MINI, False, True, Z_BACKS + i, zone=f"back:{seat}"
                )
        else:
            length = rect.width - 2 * pad - foot
            step = min(mini_w * 0.4, (length - mini_w) / max(1, n - 1))
            total = mini_w + step * max(0, n - 1)
            x0 = rect.centerx - total / 2 + mini_w / 2
            y = rect.top + pad // 2 + mini_h / 2
            plan.labels[seat] = (rect.centerx, round(y + mini_h / 2 + 3), False)
            for i in range(n):
                plan.homes[back_key(seat, i)] = Home(
                    x0 + i * step, y, MINI, False, z=Z_BACKS + i, zone=f"back:{seat}"
                )


def _laid_by(view: PlayerView) -> int:
    """The side whose player laid the hand-ending special hand (MAC-33)."""
    seat = view.end.seat if view.end is not None else None
    return view.rules.seat_side[seat] if seat is not None else -1


def _special_groups(view: PlayerView) -> list[tuple[int, ...]]:
    """MAC-33: the special hand's cards in columns of one rank each, as it was laid."""
    groups: dict[int, list[int]] = {}
    for uid in sorted(view.special_cards, key=sort_key):
        groups.setdefault(RANK_OF[uid], []).append(uid)
    return [tuple(g) for g in groups.values()]


def plan_table(
    view: PlayerView,
    layout: TableLayout,
    hand_order: Sequence[int],
    selected: set[int],
    staged: Sequence[tuple[int, ...]] = (),
    gaps: bool = True,
) -> TablePlan:
    """Every card's resting place for ``view``; ``hand_order`` lists the fanned hand cards."""
    plan = TablePlan()
    my_side = view.side
    special = _special_groups(view)
    for side, area in layout.areas.items():
        laid = special if view.end is not None and side == _laid_by(view) else ()
        _lay_side(plan, view, layout, area, staged if side == my_side else (), laid)
    _lay_pile(plan, view, layout)
    _lay_backs(plan, view, layout)
    if special:  # MAC-33: the special hand lies on the table, not in the hand
        hand_order = [c for c in hand_order if c not in view.special_cards]

    hand = layout.hand
    width, centre = hand.width, float(hand.centerx)
    if view.foot_sizes[view.seat]:  # HF-3: my foot lies at the hand's left end
        plan.feet[view.seat] = foot_rect(layout, view.seat, view.seat)
        room = foot_room(layout, view.seat, view.seat)
        width, centre = width - room, centre + room / 2
    _lay_hand(plan, layout, hand_order, selected=selected, gaps=gaps, width=width, centre=centre)
    return plan


def hand_rows(
    uids: Sequence[int], width: int, size: tuple[int, int], gaps: bool
) -> list[Sequence[int]]:
    """The hand in one fanned row, or in two when one row would cover part of a card's
    index (a Samba hand after a big pile holds 50 to 60 cards): the first half behind,
    the rest in front, each half read left to right."""
    card_w = size[0]
    xs = hand_xs(uids, width, card_w, gaps, 0.0)
    need = index_extent(size)[0] + INDEX_MARGIN
    if all(b - a >= need for a, b in itertools.pairwise(xs)):
        return [uids]
    half = (len(uids) + 1) // 2
    return [uids[:half], uids[half:]]


def hand_slot(plan: TablePlan, pos: tuple[int, int], moving: Sequence[int]) -> int:
    """How many of the other hand cards come before cards dropped at ``pos``: those left of
    the pointer in its row, and on the front row every card of the row behind too."""
    behind, front = plan.hand[: plan.hand_behind], plan.hand[plan.hand_behind :]
    on_behind = bool(behind and front) and pos[1] < front[0][1].top
    row = behind if on_behind else front
    skipped = 0 if on_behind else sum(1 for u, _rect in behind if u not in moving)
    return skipped + sum(1 for u, rect in row if u not in moving and rect.centerx < pos[0])


def _lay_hand(
    plan: TablePlan,
    layout: TableLayout,
    order: Sequence[int],
    *,
    selected: set[int],
    gaps: bool,
    width: int,
    centre: float,
) -> None:
    """Fan the hand along the bottom; a second row in front leaves the first row's indices
    showing. With two rows a selected card keeps its place (its outline marks it): raised,
    it would cover the indices of the row behind."""
    size = layout.card(HAND)
    card_w, card_h = size
    hand = layout.hand
    rest_y = hand.bottom - layout.pad - card_h / 2  # a clear margin under the hand (issue 15)
    rows = hand_rows(order, width, size, gaps)
    lift = layout.selection_raise
    row_dy = 0.0
    if len(rows) > 1:
        rest_y += layout.pad // 2  # half the margin makes room for the row behind
        lift = 0
        row_dy = math.ceil(index_extent(size)[1] + INDEX_MARGIN)
    plan.hand_behind = len(order) - len(rows[-1])
    for r, row in enumerate(rows):
        base_y = rest_y - (len(rows) - 1 - r) * row_dy
        xs = hand_xs(row, width, card_w, gaps, centre)
        for i, (uid, x) in enumerate(zip(row, xs, strict=True)):
            y = base_y - (lift if uid in selected else 0)
            plan.homes[uid] = Home(x, y, HAND, z=Z_HAND + len(plan.hand), zone="hand")
            rect = pygame.Rect(round(x - card_w / 2), round(y - card_h / 2), card_w, card_h)
            shown = rect.copy()
            if i + 1 < len(row):  # the next card of the row covers the right side
                shown.width = max(1, min(card_w, round(xs[i + 1] - card_w / 2) - rect.left))
            if r + 1 < len(rows):  # the row in front covers all but the top
                shown.height = round(row_dy)
            plan.hand.append((uid, rect))
            plan.hand_shown.append(shown)
