"""What is always on screen besides the cards: scores, minimums, whose turn, what to do.

The information arrives as plain values (``HudInfo``), worded by the scene through ``_()``;
this module only arranges it. The top bar is rendered once per change and then blitted.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta_game.i18n import _, format_number, ngettext
from canasta_game.ui.shell.notices import wrap
from canasta_game.ui.sides import side_colour
from canasta_game.ui.table.decor import GOLD, INK, INK_DIM, TURN, Decor
from canasta_game.ui.table.layout import STOCK_EDGE, SeatSpot, TableLayout
from canasta_game.ui.table.text import TextCache

OPEN_GREEN = (150, 230, 150)
CLOSED_AMBER = (246, 196, 110)
LAST_MOVE = (206, 226, 236)
NAME_SHRINK = 0.75  # the smallest share of its size a seat name is drawn at on one line


@dataclass(frozen=True, slots=True)
class SideInfo:
    name: str
    score: int
    minimum: int
    opened: bool
    mine: bool
    canastas: int
    books: bool = False  # HF-9: the game calls its canastas books


@dataclass(frozen=True, slots=True)
class HudInfo:
    sides: tuple[SideInfo, ...]
    turn: str  # "Turn: West"
    my_turn: bool
    hint: str
    seat_names: tuple[str, ...]
    actor: int
    seat_sides: tuple[int, ...] = ()  # each seat's side, for its colour mark
    deal: str = ""  # HF-14: "Deal 2 of 4" where the match is a fixed number of deals
    area_notes: tuple[str, ...] = ()  # per side, after its name over its melds (HF-17)


class Hud:
    def __init__(self, text: TextCache, decor: Decor) -> None:
        self.text = text
        self.decor = decor
        self._bar: pygame.Surface | None = None
        self._bar_key: tuple | None = None

    def clear(self) -> None:
        self._bar = None
        self._bar_key = None

    def _render_bar(self, layout: TableLayout, info: HudInfo, reserved: int) -> pygame.Surface:
        rect = layout.hud
        bar = pygame.Surface(rect.size, pygame.SRCALPHA)
        px = layout.fonts["hud"]
        small = max(12, round(px * 0.82))
        pad = layout.pad
        turn = self.text.render(info.turn, px, TURN if info.my_turn else INK, bold=True)
        turn_x = rect.width - reserved - pad - turn.get_width()
        bar.blit(turn, (turn_x, (rect.height - turn.get_height()) // 2))
        if info.deal:  # HF-14: which of the match's deals this is, before whose turn
            deal = self.text.render(info.deal, small, INK_DIM)
            turn_x -= deal.get_width() + 2 * pad
            bar.blit(deal, (turn_x + pad, (rect.height - deal.get_height()) // 2))
        room = turn_x - pad * 3
        block_w = room // max(1, len(info.sides))
        x = pad
        mark = max(4, px // 4)
        for index, side in enumerate(info.sides):
            cy = rect.height // 2
            pygame.draw.circle(bar, side_colour(index), (x + mark, cy), mark)
            x += 2 * mark + pad // 2
            name = self.text.fit(side.name, px, GOLD if side.mine else INK, block_w // 2, bold=True)
            score = self.text.render(format_number(side.score), px, INK, bold=True)
            used = name.get_width() + score.get_width() + 2 * pad + 2 * mark + pad // 2
            bar.blit(name, (x, cy - name.get_height() // 2))
            sx = x + name.get_width() + pad
            bar.blit(score, (sx, cy - score.get_height() // 2))
            if block_w - used - pad > 0:
                status_s = self._detail(side, small, block_w - used - pad)
                dx = sx + score.get_width() + pad
                bar.blit(status_s, (dx, cy - status_s.get_height() // 2 + 1))
            x += block_w - 2 * mark - pad // 2
        return bar

    def _detail(self, side: SideInfo, px: int, room: int) -> pygame.Surface:
        """A side's minimum, whether it is open and its canastas, in the longest form that
        fits ``room`` at a readable size: the minimum goes first once the side is open (it
        no longer matters), then the word "open" where canastas say it, and what still does
        not fit is cut at the block's edge rather than run into the next side."""
        status = _("open") if side.opened else _("not open")
        minimum = _("min {points}").format(points=format_number(side.minimum))
        canastas = ""
        if side.canastas and side.books:  # HF-9
            canastas = ngettext("{count} book", "{count} books", side.canastas)
            canastas = canastas.format(count=side.canastas)
        elif side.canastas:
            canastas = ngettext("{count} canasta", "{count} canastas", side.canastas)
            canastas = canastas.format(count=side.canastas)
        dot = " \u00b7 "
        if side.opened:
            forms = [dot.join(p for p in (minimum, status, canastas) if p)]
            forms += [dot.join(p for p in (status, canastas) if p), canastas or status]
        else:
            forms = [dot.join((minimum, status)), minimum]
        colour = OPEN_GREEN if side.opened else CLOSED_AMBER
        for size in (px, max(11, round(px * 0.85))):  # shrink a little, never to a squint
            for form in forms:
                surface = self.text.render(form, size, colour)
                if surface.get_width() <= room:
                    return surface
        surface = self.text.fit(forms[-1], px, colour, room)
        return surface.subsurface((0, 0, min(room, surface.get_width()), surface.get_height()))

    def draw_bar(
        self, surface: pygame.Surface, layout: TableLayout, info: HudInfo, reserved: int
    ) -> None:
        """The top bar; ``reserved`` pixels at the right are left for the menu buttons."""
        key = (layout.size, info.sides, info.turn, info.my_turn, info.deal, reserved)
        if self._bar is None or key != self._bar_key:
            self._bar = self._render_bar(layout, info, reserved)
            self._bar_key = key
        surface.blit(self._bar, layout.hud.topleft)

    def draw_seats(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        info: HudInfo,
        counts: dict[int, int],
        anchors: dict[int, tuple[int, int, bool]],
        captions: dict[int, tuple[str, ...]] | None = None,
    ) -> dict[int, list[pygame.Rect]]:
        """Each other player's name and card count by their fan; the one to act glows; its
        last turn in a smaller line beyond the name, until it plays again. Returns where
        each seat's label and caption lines went (label first)."""
        placed: dict[int, list[pygame.Rect]] = {}
        for seat, spot in layout.seats.items():
            caption = (captions or {}).get(seat, ())
            x, y, above = anchors.get(seat, (spot.rect.centerx, spot.rect.top, False))
            beside = None
            if caption and not spot.vertical:  # a top seat: its caption shares the label's row
                beside = self._caption_line(layout, caption, round(spot.rect.width * 0.6))
            extra = beside.get_width() + layout.pad + 6 if beside is not None else 0
            anchor = (x, y, above, extra)
            label = self._label(surface, layout, info, seat, counts.get(seat, 0), anchor)
            placed[seat] = [label]
            if beside is not None:
                placed[seat].append(self._top_caption(surface, layout, beside, spot, label))
            elif caption:
                placed[seat] += self._caption(surface, layout, caption, spot, (x, label, above))
        return placed

    def _label(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        info: HudInfo,
        seat: int,
        count: int,
        anchor: tuple[int, int, bool, int],
    ) -> pygame.Rect:
        """A seat's side colour, name and card count (a dot before it while it acts), kept
        clear of the stock for the seat on the left (issue 15, fault 2); the anchor's last
        number is the room kept free to its right, for a top seat's caption. Where that
        does not fit (a side seat at 1024x640), the name alone, on two lines if need be."""
        spot = layout.seats[seat]
        px = layout.fonts["label"]
        acting = seat == info.actor
        r = max(3, px // 5)
        dot = 2 * r + 4 if acting else 0
        chip = 2 * r + 4 if info.seat_sides else 0
        low, high = 2, layout.size[0] - 2
        if spot.where == "left":
            high = layout.stock.left - STOCK_EDGE - 3
        elif not spot.vertical:
            low, high = spot.rect.left, spot.rect.right
        room = min(high - low, spot.rect.width + (2 * layout.pad if spot.vertical else 0))
        label = f"{info.seat_names[seat]} \u00b7 {count}"
        width = max(10, room - dot - chip)
        lines = [label]
        if not self.text.fits(label, px, width, bold=acting):
            # a narrow side seat: its fan of backs shows the cards, and the name's colour and
            # weight who acts, so the name gets the dot's room too
            dot = 0
            width = max(10, room - chip)
            lines = self._name_lines(info.seat_names[seat], px, width, acting)
        colour = TURN if acting else INK_DIM
        texts = self.text.fit_lines(lines, px, colour, width, bold=acting)
        total = max(text.get_width() for text in texts) + dot + chip
        height = sum(text.get_height() for text in texts)
        x, y, above, extra = anchor
        left = max(low, min(high - total - extra, x - (total + extra) // 2))
        top = y - height if above else y
        cy = top + texts[0].get_height() // 2
        if dot:
            pygame.draw.circle(surface, TURN, (left + r, cy), r)
        if chip:
            square = pygame.Rect(left + dot, cy - r, 2 * r, 2 * r)
            pygame.draw.rect(
                surface, side_colour(info.seat_sides[seat]), square, border_radius=max(1, r // 2)
            )
        line_top = top
        for text in texts:
            surface.blit(text, (left + dot + chip, line_top))
            line_top += text.get_height()
        return pygame.Rect(left, top, total, height)

    def _name_lines(self, name: str, px: int, width: int, bold: bool) -> list[str]:
        """A side seat's name in ``width``: one line where it fits at three quarters of the
        label's size, else two, split between the words where the longer line is shortest
        (Italian's "Avversario a sinistra" shrank to 10 px and still ran into the stock)."""
        font = self.text.font(max(10, round(px * NAME_SHRINK)), bold)
        words = name.split(" ")
        if font.size(name)[0] <= width or len(words) < 2:
            return [name]
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        return list(min(splits, key=lambda pair: max(font.size(part)[0] for part in pair)))

    def _caption_line(
        self, layout: TableLayout, captions: tuple[str, ...], room: int
    ) -> pygame.Surface:
        """A top seat's last turn as one line: its first and last parts (the log has all)."""
        shown = captions if len(captions) <= 2 else (captions[0], captions[-1])
        px = max(11, layout.fonts["badge"] - 2)
        return self.text.fit(" \u00b7 ".join(shown), px, LAST_MOVE, room)

    def _top_caption(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        line: pygame.Surface,
        spot: SeatSpot,
        label: pygame.Rect,
    ) -> pygame.Rect:
        """A top seat's last turn on its label's line, beside the name, inside the seat's
        own strip: below the label lie the meld areas and their names (issue 15)."""
        left = label.right + layout.pad
        room = spot.rect.right - 3 - left
        if line.get_width() > room:  # a name too long for its strip: cut, never spill
            line = line.subsurface((0, 0, max(1, room), line.get_height()))
        top = label.centery - line.get_height() // 2
        back = pygame.Rect(left - 3, top, line.get_width() + 6, line.get_height())
        pygame.draw.rect(surface, (10, 30, 20), back, border_radius=4)
        surface.blit(line, (left, top))
        return back

    def _caption(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        captions: tuple[str, ...],
        spot: SeatSpot,
        where: tuple[int, pygame.Rect, bool],
    ) -> list[pygame.Rect]:
        """What a side seat's last turn did, beyond its name: its first and last parts
        (taking the pile, melds, the discard) on lines of their own; the log has every move."""
        x, label, above = where
        px = max(11, layout.fonts["badge"] - 2)
        shown = captions if len(captions) <= 2 else (captions[0], captions[-1])  # log: all
        if spot.where == "left":  # up to the stock
            low, high = 2, layout.stock.left - STOCK_EDGE - 3
        else:  # into the felt's margin by the meld areas
            low, high = spot.rect.left - 3 * layout.pad, layout.size[0] - 2
        low, high = low + 3, high - 3  # the dark backing reaches 3 px past the words
        room = high - low
        font = self.text.font(px)
        parts: list[str] = []
        for caption in shown:  # a long caption in a narrow margin takes two lines, not a cut
            fits = self.text.fits(caption, px, room)
            parts += [caption] if fits else wrap(caption, font, room)
        lines = [self.text.fit(part, px, LAST_MOVE, room) for part in parts]
        y = label.top - sum(line.get_height() for line in lines) if above else label.bottom
        rects = []
        for line in lines:
            left = max(low, min(high - line.get_width(), x - line.get_width() // 2))
            back = pygame.Rect(left - 3, y, line.get_width() + 6, line.get_height())
            pygame.draw.rect(surface, (10, 30, 20), back, border_radius=4)
            surface.blit(line, (left, y))
            rects.append(back)
            y += line.get_height()
        return rects

    def draw_hint(
        self, surface: pygame.Surface, layout: TableLayout, info: HudInfo, right: int
    ) -> None:
        """The line above the hand: what the human may do now, or who is playing."""
        rect = layout.hint
        px = layout.fonts["hint"]
        colour = TURN if info.my_turn else INK
        x = rect.left + layout.pad
        if info.my_turn:
            r = max(4, px // 5)
            pygame.draw.circle(surface, TURN, (x + r, rect.centery), r)
            x += 2 * r + layout.pad
        text = self.text.fit(
            info.hint, px, colour, max(40, right - x - layout.pad), bold=info.my_turn
        )
        surface.blit(text, text.get_rect(midleft=(x, rect.centery)))
