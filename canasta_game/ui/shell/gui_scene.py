"""The base of every menu and dialog: a scene whose widgets are pygame_gui elements.

pygame_gui keeps widgets in the manager, not in the scene, and a resized window needs a new
layout. So each screen describes its widgets in ``build(size)``; the base class builds them,
kills them on close, rebuilds them on resize, hides them while another screen covers this
one, and turns a press of one of its buttons into a call of the function given with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIImage,
    UILabel,
    UIPanel,
    UITextBox,
)

from canasta_game.ui.frame import panel_surface
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.theme import (
    BUTTON_FONT_PX,
    BUTTON_HEIGHT,
    BUTTON_PAD,
    display_font,
)

Action = Callable[[], None]
Change = Callable[[pygame.event.Event], None]
CHANGE_EVENTS = frozenset(
    {
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
        pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
        pygame_gui.UI_CHECK_BOX_CHECKED,
        pygame_gui.UI_CHECK_BOX_UNCHECKED,
    }
)
Container = IContainerLikeInterface | None


@dataclass(frozen=True, slots=True)
class Form:
    """A form's columns in a panel ``width`` wide: each row's title at ``left``, then its
    control, then (where ``value_w``) the control's value at the right, ``gap`` after it."""

    panel: UIPanel
    width: int
    left: int
    label_w: int
    value_w: int = 0
    gap: int = 0

    @property
    def inner(self) -> int:
        return self.width - 2 * self.left

    @property
    def field_x(self) -> int:
        return self.left + self.label_w

    @property
    def field_w(self) -> int:
        return self.inner - self.label_w - self.value_w - self.gap

    def title(self, y: int, height: int = BUTTON_HEIGHT) -> pygame.Rect:
        return pygame.Rect(self.left, y, self.label_w, height)

    def field(self, y: int, height: int = BUTTON_HEIGHT) -> pygame.Rect:
        return pygame.Rect(self.field_x, y, self.field_w, height)

    def value(self, y: int, height: int) -> pygame.Rect:
        return pygame.Rect(self.width - self.left - self.value_w, y, self.value_w, height)

    def line(self, y: int, height: int) -> pygame.Rect:
        """A whole row, title column included: a check box or a note."""
        return pygame.Rect(self.left, y, self.inner, height)


def centred(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A ``width`` x ``height`` box in the middle of the window, shrunk to fit a small one."""
    width = min(width, size[0] - 24)
    height = min(height, size[1] - 24)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


class GuiScene:
    """A screen made of widgets. Subclasses implement ``build`` and, if needed, ``back``."""

    modal = False
    veiled = True  # a modal dialog's veil; off while the player looks at the table under it
    """A modal dialog veils the scene under it; a full screen paints the felt instead.

    The veil is a widget rather than a drawing so that it lies over everything the scenes
    drew and under the dialog's own widgets.
    """

    def __init__(self, ctx: ShellContext) -> None:
        self.ctx = ctx
        self._roots: list[UIElement] = []
        self._actions: dict[UIElement, Action] = {}
        self._changes: dict[UIElement, Change] = {}
        self._made: frozenset[object] = frozenset()
        self._hidden = False
        self._size = ctx.size
        self.rebuild()

    # --- to implement ------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets for a window of ``size`` (with the helpers below)."""
        raise NotImplementedError

    def back(self) -> bool:
        """Escape was pressed; return True if the screen did something with it."""
        return False

    def on_event(self, event: pygame.event.Event) -> bool:
        """Any other event (slider moved, check box ticked ...); True when used."""
        return False

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Paint anything that is not a widget (a title, cards), under the widgets."""

    # --- Scene protocol ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._actions.get(event.ui_element)
            if action is not None:
                action()
                return True
            return False
        if event.type in CHANGE_EVENTS:
            change = self._changes.get(event.ui_element)
            if change is not None:
                change(event)
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.back()
        return self.on_event(event)

    def update(self, dt: float) -> None:
        """Widgets animate in the manager; most screens have nothing of their own."""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.modal:
            self.ctx.felt.draw(surface)
        self.draw_decor(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        self.rebuild()

    # --- ShellStack hooks --------------------------------------------------------------

    def covered(self) -> None:
        self._hidden = True
        for root in self._roots:
            root.hide()

    def uncovered(self) -> None:
        self._hidden = False
        for root in self._roots:
            root.show()

    def closed(self) -> None:
        self._kill()

    # --- building ----------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def widgets(self) -> frozenset[object]:
        """Every element this screen made, inner containers included (the stack leaves
        these alone when it hides what a covered table shows)."""
        return self._made

    def rebuild(self) -> None:
        self._kill()
        group = self.ctx.ui_manager.get_sprite_group()
        before = set(group.sprites())
        if self.modal and self.veiled:
            veil = UIPanel(
                pygame.Rect((0, 0), self._size),
                manager=self.ctx.ui_manager,
                object_id=ObjectID(object_id="#veil"),
            )
            self._roots.append(veil)
        self.build(self._size)
        self._made = frozenset(set(group.sprites()) - before)
        if self._hidden:
            for root in self._roots:
                root.hide()

    def _kill(self) -> None:
        for root in self._roots:
            root.kill()
        self._roots.clear()
        self._actions.clear()
        self._changes.clear()

    def _track(self, element: UIElement, container: Container) -> None:
        if container is None:
            self._roots.append(element)

    def panel(self, rect: pygame.Rect) -> UIPanel:
        """A framed dark-green card on the felt that holds a screen's widgets."""
        panel = UIPanel(
            rect,
            manager=self.ctx.ui_manager,
            margins={"left": 0, "right": 0, "top": 0, "bottom": 0},
        )
        frame = panel_surface(rect.size)
        UIImage(pygame.Rect((0, 0), rect.size), frame, self.ctx.ui_manager, container=panel)
        self._roots.append(panel)
        return panel

    def label(
        self, text: str, rect: pygame.Rect, container: Container = None, cls: str | None = None
    ) -> UILabel:
        element = UILabel(
            rect,
            text,
            manager=self.ctx.ui_manager,
            container=container,
            object_id=ObjectID(class_id=cls) if cls else None,
        )
        self._track(element, container)
        return element

    def button(
        self,
        text: str,
        rect: pygame.Rect,
        action: Action,
        container: Container = None,
        *,
        enabled: bool = True,
        cls: str = "@shell_button",
    ) -> UIButton:
        element = UIButton(
            rect,
            text,
            manager=self.ctx.ui_manager,
            container=container,
            object_id=ObjectID(class_id=cls),
        )
        if not enabled:
            element.disable()
        self._actions[element] = action
        self._track(element, container)
        return element

    def text_box(self, html: str, rect: pygame.Rect, container: Container = None) -> UITextBox:
        element = UITextBox(html, rect, manager=self.ctx.ui_manager, container=container)
        self._track(element, container)
        return element

    def button_row(
        self,
        items: list[tuple[str, Action]],
        y: int,
        container: Container,
        width: int,
        *,
        button_width: int = 200,
        gap: int = 16,
    ) -> list[UIButton]:
        """Buttons side by side, centred in a container ``width`` wide.

        Each is at least ``button_width`` and as wide as its text needs (a translation may
        be longer than the English), all shrunk together only if the row would not fit.
        """
        font = display_font(BUTTON_FONT_PX)
        widths = [max(button_width, font.size(text)[0] + 2 * BUTTON_PAD) for text, _ in items]
        room = width - gap * (len(items) + 1)
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        x = (width - sum(widths) - gap * (len(items) - 1)) // 2
        made = []
        for (text, action), w in zip(items, widths, strict=True):
            rect = pygame.Rect(x, y, w, BUTTON_HEIGHT)
            made.append(self.button(text, rect, action, container))
            x += w + gap
        return made

    def dropdown(
        self,
        options: list[tuple[str, str]],
        chosen: str,
        rect: pygame.Rect,
        on_change: Callable[[str], None],
        container: Container = None,
    ) -> UIDropDownMenu:
        """A drop-down of ``(text, id)`` pairs; ``on_change`` gets the id picked."""
        start = next((o for o in options if o[1] == chosen), options[0])
        element = UIDropDownMenu(
            options, start, rect, manager=self.ctx.ui_manager, container=container
        )
        self._changes[element] = lambda event: on_change(event.selected_option_id)
        self._track(element, container)
        return element

    def slider(
        self,
        value: float,
        bounds: tuple[float, float],
        rect: pygame.Rect,
        on_change: Callable[[float], None],
        container: Container = None,
        *,
        step: float = 0.05,
    ) -> UIHorizontalSlider:
        element = UIHorizontalSlider(
            rect,
            value,
            bounds,
            manager=self.ctx.ui_manager,
            container=container,
            click_increment=step,
        )
        self._changes[element] = lambda event: on_change(float(event.value))
        self._track(element, container)
        return element

    def checkbox(
        self,
        text: str,
        checked: bool,
        rect: pygame.Rect,
        on_change: Callable[[bool], None],
        container: Container = None,
    ) -> UICheckBox:
        """A tick box; ``rect`` is the whole row, the box sits at its left, the text after."""
        side = min(rect.height, 28)
        box = pygame.Rect(rect.x, rect.y + (rect.height - side) // 2, side, side)
        element = UICheckBox(
            box, text, manager=self.ctx.ui_manager, container=container, initial_state=checked
        )
        self._changes[element] = lambda event: on_change(
            event.type == pygame_gui.UI_CHECK_BOX_CHECKED
        )
        self._track(element, container)
        return element
