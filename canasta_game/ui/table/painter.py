"""Drawing the table: felt, stock, cards, the marks on melds and pile, drag feedback.

The painter reads the plan, the sprites and the view and draws; it changes nothing. Every
surface it blits comes from a cache (card art, text, decor), so a frame is only blits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pygame

from canasta_game.engine.cards import rank_text
from canasta_game.engine.meldrules import CanastaKind
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import Rules
from canasta_game.i18n import _
from canasta_game.ui.sides import side_colour
from canasta_game.ui.table.card_images import CardImages
from canasta_game.ui.table.decor import (
    DEAD_GREY,
    GOLD,
    ICE,
    INK,
    INK_DIM,
    MIXED_BLACK,
    NATURAL_RED,
    PILL_DARK,
    SELECT,
    SEQUENCE_BLUE,
    WILD_GOLD,
    Colour,
    Decor,
)
from canasta_game.ui.table.felt import paint_felt
from canasta_game.ui.table.layout import (
    MINI,
    STOCK_EDGE,
    STOCK_LAYERS,
    STOCK_STEP,
    TABLE,
    TableLayout,
)
from canasta_game.ui.table.placement import TablePlan
from canasta_game.ui.table.sprites import CardSprite
from canasta_game.ui.table.text import TextCache


def canasta_badge(kind: CanastaKind, rules: Rules, count: int) -> tuple[str, Colour]:
    """The word and colour of a canasta's badge, in the rule books' own terms: a sequence
    canasta is a samba (V-SAMBA) or, where bolivias exist, an escalera (BOL-4); a canasta of
    wild cards is a bolivia (BOL-3) in the sequence family, a wild canasta elsewhere."""
    if kind is CanastaKind.SEQUENCE:
        word = _("escalera {count}") if rules.wild_melds else _("samba {count}")
        return word.format(count=count), SEQUENCE_BLUE
    if kind is CanastaKind.WILD:
        word = _("bolivia {count}") if rules.sequences else _("wild {count}")
        return word.format(count=count), WILD_GOLD
    if kind is CanastaKind.NATURAL and rules.books_closed:  # HF-9: a clean book
        return _("clean {count}").format(count=count), NATURAL_RED
    if kind is CanastaKind.NATURAL:
        return _("natural {count}").format(count=count), NATURAL_RED
    if rules.books_closed:  # HF-9: a dirty book
        return _("dirty {count}").format(count=count), MIXED_BLACK
    return _("mixed {count}").format(count=count), MIXED_BLACK


#: How much wider than its column the set-aside badge may be: the next column's count badge
#: is narrow, so the words fit between the two (CUB-8).
ASIDE_BADGE_SPAN = 1.7


class Painter:
    def __init__(self, images: CardImages, text: TextCache, decor: Decor) -> None:
        self.images = images
        self.text = text
        self.decor = decor
        self._felt: pygame.Surface | None = None
        self._felt_size: tuple[int, int] | None = None

    def set_layout(self, layout: TableLayout) -> None:
        self._felt = paint_felt(layout)
        self._felt_size = layout.size

    # --- the cloth and what lies on it without being a sprite ------------------------

    def felt(self, surface: pygame.Surface) -> None:
        if self._felt is not None:
            surface.blit(self._felt, (0, 0))

    def area_labels(
        self, surface: pygame.Surface, layout: TableLayout, names: dict[int, str]
    ) -> None:
        px = layout.fonts["badge"]
        r = max(3, px // 3)
        for side, area in layout.areas.items():
            label = self.text.fit(
                names.get(side, ""),
                px,
                GOLD if area.mine else INK_DIM,
                area.rect.width - 3 * layout.pad - 2 * r,
            )
            top = area.rect.top + 3
            centre = (area.rect.left + layout.pad + r, top + label.get_height() // 2)
            pygame.draw.circle(surface, side_colour(side), centre, r)
            surface.blit(label, (area.rect.left + layout.pad + 2 * r + 4, top))

    def staging_note(
        self, surface: pygame.Surface, layout: TableLayout, plan: TablePlan, note: str, ready: bool
    ) -> None:
        """While the side is closed: how far the staged melds are from the minimum."""
        rect = plan.staging_rect
        if rect is None:
            return
        px = layout.fonts["label"]
        colour = (150, 230, 150) if ready else (246, 214, 150)
        text = self.text.fit(note, px, colour, rect.width - 2 * layout.pad)
        pos = text.get_rect(bottomright=(rect.right - layout.pad, rect.bottom - layout.pad // 2))
        surface.blit(text, pos)

    def stock(self, surface: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        rect = layout.stock
        count = view.stock_size
        above = view.cards_above_turn_card  # MAC-4: the turn card lies sideways in the stock
        if count and view.talon and view.end is None:  # MAC-26: the stock's top cards
            self.talon(surface, layout, view.talon)
        if count:
            back = self.images.back(TABLE)
            if above is not None:
                sideways = pygame.transform.rotate(back, 90)
                surface.blit(sideways, sideways.get_rect(center=rect.center))
            layers = min(STOCK_LAYERS, 1 + count // 16)
            for i in range(layers - 1, -1, -1):
                surface.blit(back, (rect.left - STOCK_STEP * i, rect.top - STOCK_STEP * i))
        label = _("Stock {count}").format(count=count)
        pill = self.decor.pill(label, layout.fonts["badge"], PILL_DARK)
        surface.blit(pill, pill.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
        if above is not None:  # on the stock itself, so it never reaches the hands beside it
            px = max(10, layout.fonts["badge"] - 3)
            mark = self.decor.pill(
                _("Turn card under {count}").format(count=above), px, PILL_DARK, fg=GOLD
            )
            if mark.get_width() > rect.width:
                mark = self.decor.pill(
                    _("Turn {count}").format(count=above), px, PILL_DARK, fg=GOLD
                )
            surface.blit(mark, mark.get_rect(midbottom=(rect.centerx, rect.bottom - 4)))

    def talon(self, surface: pygame.Surface, layout: TableLayout, count: int) -> pygame.Rect:
        """MAC-26: the talon, the top ``count`` cards of the stock, whose edges peek out
        above it (the stock is drawn over them) for the next side to open, named above.
        Returns the part of the table it covers beyond the stock."""
        rect = layout.stock
        back = self.images.back(TABLE)
        step = max(4, rect.height // 11)
        top = rect.top - STOCK_EDGE
        for i in range(count, 0, -1):
            surface.blit(back, (rect.left - STOCK_EDGE, top - i * step))
        px = max(10, layout.fonts["badge"] - 3)
        mark = self.decor.pill(_("Talon {count}").format(count=count), px, PILL_DARK, fg=GOLD)
        where = mark.get_rect(midbottom=(rect.centerx, top - count * step - 3))
        surface.blit(mark, where)
        cards = pygame.Rect(rect.left - STOCK_EDGE, top - count * step, rect.width, count * step)
        return where.union(cards)

    def feet(
        self, surface: pygame.Surface, layout: TableLayout, plan: TablePlan, view: PlayerView
    ) -> None:
        """HF-3: each foot not yet picked up, a small stack of backs with its card count."""
        px = max(10, layout.fonts["badge"] - 3)
        for seat, rect in plan.feet.items():
            kind = TABLE if seat == view.seat else MINI
            back = self.images.back(kind)
            if rect.width > rect.height:  # a side seat's foot lies sideways, as its fan does
                back = self.images.image(None, kind, False, True)
            count = view.foot_sizes[seat]
            for i in range(min(STOCK_LAYERS, 1 + count // 4) - 1, -1, -1):
                surface.blit(back, (rect.left - STOCK_STEP * i, rect.top - STOCK_STEP * i))
            mark = self.decor.pill(_("Foot {count}").format(count=count), px, PILL_DARK, fg=GOLD)
            if mark.get_width() > rect.width + 2 * layout.pad:
                mark = self.decor.pill(str(count), px, PILL_DARK, fg=GOLD)
            surface.blit(mark, mark.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))

    def pile_packet(self, surface: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        """IT-4: the face-down packet under the pile, as card backs peeking out below it."""
        if not view.pile_packet:
            return
        rect = layout.pile
        back = self.images.back(TABLE)
        layers = min(STOCK_LAYERS, 1 + view.pile_packet // 4)
        for i in range(layers, 0, -1):
            surface.blit(back, (rect.left + 2 * STOCK_STEP * i, rect.top + 2 * STOCK_STEP * i))

    def pile_marks(self, surface: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        """Count, frozen mark and stop sign: drawn over the pile's resting cards."""
        rect = layout.pile
        px = layout.fonts["badge"]
        y = rect.bottom + 6
        label = _("Pile {count}").format(count=view.pile_size)
        pill = self.decor.pill(label, px, PILL_DARK)
        surface.blit(pill, under_pile(layout, pill, y))
        y += pill.get_height() + 3
        if view.pile_packet:  # IT-4: how many of them lie face down
            label = _("{packet} face down").format(packet=view.pile_packet)
            pill = self.decor.pill(label, max(11, px - 3), PILL_DARK)
            surface.blit(pill, under_pile(layout, pill, y))
            y += pill.get_height() + 3
        mark = None
        if view.pile_frozen:
            why = view.pile_frozen_reason  # O-PILE-FROZEN (Cuban CUB-3): by the rules, no card
            always = why is not None and why.key == "frozen_always"
            word = _("Always frozen") if always else _("Frozen")
            mark = self.decor.pill(word, px, (24, 70, 110), fg=ICE, edge=ICE)
        elif view.pile_frozen_for_me and view.pile_size:
            mark = self.decor.pill(_("Frozen for you"), max(11, px - 3), (24, 70, 110), fg=ICE)
        if mark is not None:
            surface.blit(mark, under_pile(layout, mark, y))
            y += mark.get_height() + 3
        if view.dead_ranks:
            self.dead_ranks(surface, layout, sorted(view.dead_ranks), y)
        block = view.pile_block  # C-PILE-5 (CUB-3): a wild card on top stops every take too
        stops = ("C-B3-3", "C-UP-4", "IT-18")
        if block is not None and (block.rule in stops or block.key == "pile_blocked_wild"):
            size = max(26, rect.width // 2)
            sign = self.decor.stop_sign(size, _("STOP"))
            surface.blit(sign, sign.get_rect(center=(rect.right - 2, rect.top + 4)))

    def dead_ranks(
        self, surface: pygame.Surface, layout: TableLayout, ranks: list[int], y: int
    ) -> None:
        """MAC-16: the dead ranks under the pile, across the deck's column (two lines where
        one does not fit), so no discard or pick has to be refused to learn them."""
        px = max(10, layout.fonts["badge"] - 3)
        room = layout.deck.width - 4
        words = ["10" if (t := rank_text(r)) == "T" else t for r in ranks]
        lines = [" ".join(words)]
        pill = self.decor.pill(_("Dead: {ranks}").format(ranks=lines[0]), px, DEAD_GREY)
        if pill.get_width() > room and len(words) > 1:
            half = (len(words) + 1) // 2
            lines = [" ".join(words[:half]), " ".join(words[half:])]
        for index, line in enumerate(lines):
            text = _("Dead: {ranks}").format(ranks=line) if index == 0 else line
            pill = self.decor.pill(text, px, DEAD_GREY)
            surface.blit(pill, pill.get_rect(midtop=(layout.deck.centerx, y)))
            y += pill.get_height() + 2

    # --- cards --------------------------------------------------------------------------

    def cards(
        self,
        surface: pygame.Surface,
        sprites: Iterable[CardSprite],
        selected: set[int],
        flying: bool,
        marks: Mapping[int, tuple[int, int, int]] | None = None,
    ) -> None:
        """Blit sprites; resting covered cards are skipped. Flights get a soft shadow.

        ``marks`` outlines cards in a colour: a player's last turn, or the Hint's cards."""
        images = self.images
        for sprite in sprites:
            if not flying and sprite.home.hidden and sprite.flight is None:
                continue
            image = images.image(sprite.uid, sprite.kind, sprite.face_up, sprite.turned)
            w, h = image.get_size()
            x, y = round(sprite.x - w / 2), round(sprite.y - h / 2)
            if flying:
                surface.blit(self.decor.shadow((w, h)), (x + 5, y + 7))
            surface.blit(image, (x, y))
            if sprite.uid is not None and sprite.uid in selected and sprite.home.zone == "hand":
                frame = self.decor.outline((w, h), SELECT)
                surface.blit(frame, (x - 3, y - 3))
            elif marks and sprite.uid in marks and sprite.flight is None:
                frame = self.decor.outline((w, h), marks[sprite.uid])
                surface.blit(frame, (x - 3, y - 3))

    def meld_badges(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        plan: TablePlan,
        arriving: set[str],
        rules: Rules,
    ) -> None:
        """Counts under melds and red threes; held back while cards fly into that place."""
        px = max(11, layout.fonts["badge"] - 2)
        for spot in plan.melds:
            if spot.zone in arriving:
                continue
            if spot.canasta:
                label, bg = canasta_badge(spot.canasta_kind, rules, spot.count)
                pill = self.decor.pill(label, px, bg, edge=GOLD)
                if pill.get_width() > spot.column.width + layout.pad:  # small cards: colour only
                    pill = self.decor.pill(str(spot.count), px, bg, edge=GOLD)
            else:
                pill = self.decor.pill(str(spot.count), px, PILL_DARK)
            surface.blit(pill, pill.get_rect(center=spot.badge_at))
        for spot in plan.threes.values():
            if spot.zone in arriving:
                continue
            pill = self.decor.pill(str(spot.count), px, NATURAL_RED)
            surface.blit(pill, pill.get_rect(center=spot.badge_at))
        for spot in plan.aside.values():  # CUB-8: black threes set aside, out of play
            if spot.zone in arriving:
                continue
            frame = spot.cards.inflate(layout.pad, layout.pad)  # a tray: not a meld
            pygame.draw.rect(surface, INK_DIM, frame, width=1, border_radius=layout.pad)
            label = _("{count} set aside").format(count=spot.count)
            pill = self.decor.pill(label, max(11, px - 2), PILL_DARK, edge=INK_DIM)
            if pill.get_width() > spot.column.width * ASIDE_BADGE_SPAN:  # small cards: count
                pill = self.decor.pill(str(spot.count), px, PILL_DARK, edge=INK_DIM)
            surface.blit(pill, pill.get_rect(center=spot.badge_at))

    def staged_frames(self, surface: pygame.Surface, plan: TablePlan) -> None:
        """A dashed frame around each staged group: not on the table yet."""
        for spot in plan.staged:
            rect = spot.cards.inflate(8, 8)
            _dashed_rect(surface, (*GOLD,), rect, 8)

    def glows(self, surface: pygame.Surface, rects: Sequence[tuple[pygame.Rect, bool]]) -> None:
        for rect, strong in rects:
            surface.blit(self.decor.glow(rect.size, strong), rect.topleft)

    def band(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The rubber band of a drag-select."""
        if rect.width < 2 or rect.height < 2:
            return
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill.fill((*SELECT, 40))
        surface.blit(fill, rect.topleft)
        pygame.draw.rect(surface, SELECT, rect, width=1)

    def ghost_back(self, surface: pygame.Surface, centre: tuple[float, float]) -> None:
        """The card being dragged off the stock (its face is not known until it lands)."""
        back = self.images.back(TABLE)
        w, h = back.get_size()
        x, y = round(centre[0] - w / 2), round(centre[1] - h / 2)
        surface.blit(self.decor.shadow((w, h)), (x + 5, y + 7))
        surface.blit(back, (x, y))

    def text_box(
        self,
        surface: pygame.Surface,
        lines: Sequence[str],
        px: int,
        centre: tuple[int, int],
        width: int,
        colour: tuple[int, int, int] = INK,
    ) -> pygame.Rect:
        """Lines of text on a dark panel (messages, the help overlay)."""
        rendered = [self.text.fit(line, px, colour, width) for line in lines]
        w = max((r.get_width() for r in rendered), default=0) + 2 * px
        h = sum(r.get_height() + 4 for r in rendered) + px
        panel = self.decor.panel((w, h), alpha=232)
        rect = panel.get_rect(center=centre)
        surface.blit(panel, rect)
        y = rect.top + px // 2
        for r in rendered:
            surface.blit(r, r.get_rect(midtop=(rect.centerx, y)))
            y += r.get_height() + 4
        return rect


def _dashed_rect(
    surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, dash: int
) -> None:
    for x in range(rect.left, rect.right, dash * 2):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom), (end, rect.bottom), 2)
    for y in range(rect.top, rect.bottom, dash * 2):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), 2)
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, end), 2)


def under_pile(layout: TableLayout, pill: pygame.Surface, y: int) -> pygame.Rect:
    """Where a mark under the pile goes: centred under it, but inside the deck's column, so a
    long word ("Sempre congelato" at 1024x640) does not reach into the meld areas."""
    deck = layout.deck
    place = pill.get_rect(midtop=(layout.pile.centerx, y))
    place.right = min(place.right, deck.right - 2)
    place.left = max(place.left, deck.left + 2)
    return place
