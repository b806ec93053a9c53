"""The look of every menu and dialog: felt colours, the pygame_gui theme and a few fonts.

Kept in one place so that all screens read as one game: cream buttons with a gold edge on
dark green panels, large enough to read across a table. The theme is a dict (not a JSON
file) so it ships inside the package and needs no resource lookups at start-up.
"""

from __future__ import annotations

from typing import Any

from canasta_game.ui.fonts import game_font
from canasta_game.ui.frame import GOLD
from canasta_game.ui.sides import SIDE_COLOURS

Colour = tuple[int, int, int]

FELT: Colour = (21, 96, 56)
FELT_EDGE: Colour = (9, 52, 29)
CREAM: Colour = (246, 238, 212)
INK: Colour = (22, 54, 34)
SHADOW: Colour = (6, 28, 16)
MUTED: Colour = (190, 206, 190)
DIM_ALPHA = 150
"""How much a modal dialog darkens whatever lies under it (0..255)."""

BUTTON_HEIGHT = 46
BUTTON_FONT_PX = 19
"""The shell's buttons' text size (bold), also used to measure how wide a button must be."""
LABEL_FONT_PX = 18
"""A label's text size, also used to measure how wide a column of labels must be."""
SUBHEADING_FONT_PX = 20
"""A sub-heading's text size (bold), measured like a label's."""
NOTE_FONT_PX = 15
"""A muted note's text size, also used to wrap a note too long for one line."""
TEXT_BOX_FONT_PX = 18
"""A text box's text size, also used to size a box to the lines its text wraps to."""
TEXT_BOX_PAD_X, TEXT_BOX_PAD_Y = 8, 6
"""A text box's padding in pixels: at the left and right, at the top and bottom."""
BUTTON_PAD = 18
ROW_HEIGHT = 40
GAP = 12


def _hex(colour: Colour, alpha: int | None = None) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*colour)
    return text if alpha is None else f"{text}{alpha:02x}"


def _font(size: int, bold: bool = False) -> dict[str, str]:
    font = {"name": "noto_sans", "size": str(size)}
    if bold:
        font["bold"] = "1"
    return font


def theme() -> dict[str, Any]:
    """The pygame_gui theme; selectors are element types, ``@class`` and ``#id`` names."""
    button_colours = {
        "normal_bg": _hex((238, 228, 198)),
        "hovered_bg": _hex((255, 247, 222)),
        "active_bg": _hex(GOLD),
        "selected_bg": _hex(GOLD),
        "disabled_bg": _hex((92, 118, 100)),
        "normal_text": _hex(INK),
        "hovered_text": _hex(INK),
        "active_text": _hex(INK),
        "selected_text": _hex(INK),
        "disabled_text": _hex((160, 178, 164)),
        "normal_border": _hex((176, 140, 64)),
        "hovered_border": _hex(GOLD),
        "active_border": _hex((150, 110, 40)),
        "selected_border": _hex((150, 110, 40)),
        "disabled_border": _hex((70, 96, 80)),
        "normal_text_shadow": "#00000000",
        "hovered_text_shadow": "#00000000",
        "disabled_text_shadow": "#00000000",
        "selected_text_shadow": "#00000000",
        "active_text_shadow": "#00000000",
    }
    rounded = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": "10",
        "border_width": "2",
        "shadow_width": "2",
    }
    small_rounded = {**rounded, "shape_corner_radius": "5", "border_width": "1"}
    return {
        "defaults": {
            "colours": {
                "normal_text": _hex(CREAM),
                "dark_bg": _hex((14, 58, 34), 235),
                "normal_border": _hex(GOLD),
                "link_text": _hex(GOLD),
                "link_hover": _hex(CREAM),
                "text_cursor": _hex(CREAM),
                "filled_bar": _hex(GOLD),
                "unfilled_bar": _hex((40, 80, 56)),
            },
            "font": _font(18),
        },
        # Every button, the table's small ones included: the app's colours at a size that
        # fits a button measured for pygame's default font.
        "button": {"colours": button_colours, "font": _font(14), "misc": small_rounded},
        "@shell_button": {"font": _font(BUTTON_FONT_PX, bold=True), "misc": rounded},
        "label": {
            "colours": {"normal_text": _hex(CREAM), "dark_bg": "#00000000"},
            "font": _font(LABEL_FONT_PX),
            "misc": {"text_horiz_alignment": "left"},
        },
        "@heading": {
            "colours": {"normal_text": _hex(GOLD)},
            "font": _font(30, bold=True),
            "misc": {"text_horiz_alignment": "center"},
        },
        "@subheading": {
            "colours": {"normal_text": _hex(GOLD)},
            "font": _font(SUBHEADING_FONT_PX, bold=True),
        },
        "@value": {"misc": {"text_horiz_alignment": "right"}},
        "@strong_value": {"font": _font(18, bold=True), "misc": {"text_horiz_alignment": "right"}},
        "@centred": {"misc": {"text_horiz_alignment": "center"}},
        "@muted": {"colours": {"normal_text": _hex(MUTED)}, "font": _font(NOTE_FONT_PX)},
        "@note": {
            "colours": {"normal_text": _hex(MUTED)},
            "font": _font(NOTE_FONT_PX),
            "misc": {"text_horiz_alignment": "center"},
        },
        "@muted_value": {
            "colours": {"normal_text": _hex(MUTED)},
            "font": _font(NOTE_FONT_PX),
            "misc": {"text_horiz_alignment": "right"},
        },
        "@side": {
            "colours": {"normal_text": _hex(GOLD)},
            "font": _font(19, bold=True),
            "misc": {"text_horiz_alignment": "right"},
        },
        **{
            side_class(side): {
                "colours": {"normal_text": _hex(colour)},
                "font": _font(19, bold=True),
                "misc": {"text_horiz_alignment": "right"},
            }
            for side, colour in enumerate(SIDE_COLOURS)
        },
        # The frame is painted once by ``panel_surface``: pygame_gui would draw a rounded
        # panel at four times its size to smooth it, 40 MB and more for a large dialog.
        "panel": {
            "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
        },
        "#veil": {
            "colours": {"dark_bg": _hex(SHADOW, DIM_ALPHA), "normal_border": "#00000000"},
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
        },
        "text_box": {
            "colours": {
                "dark_bg": "#00000000",
                "normal_border": "#00000000",
                "normal_text": _hex(CREAM),
            },
            "font": _font(TEXT_BOX_FONT_PX),
            "misc": {
                "border_width": "0",
                "shadow_width": "0",
                "padding": f"{TEXT_BOX_PAD_X},{TEXT_BOX_PAD_Y}",
            },
        },
        "@column_heading": {
            "colours": {"normal_text": _hex(GOLD)},
            "misc": {"padding": "4,4", "text_horiz_alignment": "right"},
        },
        "check_box": {
            "colours": button_colours,
            "font": _font(24, bold=True),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "2",
                "text_offset": "12",
                # The bundled Noto subset has no check mark; a cross marks the box as on paper.
                "check_symbol": "×",
            },
        },
        "check_box.label": {"colours": {"normal_text": _hex(CREAM)}, "font": _font(18)},
        "horizontal_slider": {
            "colours": {"dark_bg": _hex((10, 44, 26)), "normal_border": _hex(GOLD)},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "8",
                "border_width": "1",
                "enable_arrow_buttons": "0",
                "sliding_button_width": "26",
            },
        },
        "horizontal_slider.#sliding_button": {
            "colours": button_colours,
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8"},
        },
        "drop_down_menu": {
            "colours": {**button_colours, "dark_bg": _hex((238, 228, 198))},
            "font": _font(18),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "8",
                "border_width": "2",
                "expand_direction": "down",
            },
        },
        # Inside a panel the ids gain a "panel." prefix, so the parts are styled by class.
        "@selected_option": {"colours": button_colours, "font": _font(18, bold=True)},
        "@selectable": {"colours": button_colours, "font": _font(18, bold=True)},
        "drop_down_menu.#selected_option": {
            "colours": button_colours,
            "font": _font(18, bold=True),
        },
        "drop_down_menu.#expand_button": {"colours": button_colours},
        "drop_down_menu.#drop_down_options_list": {
            "colours": {"dark_bg": _hex((238, 228, 198)), "normal_border": _hex(GOLD)},
            "misc": {"list_item_height": "34"},
        },
        "#drop_down_options_list": {"misc": {"list_item_height": "34"}},
        "text_entry_line": {"font": _font(18)},
        # Custom rules: a drop-down low on the page opens upwards, inside its panel.
        "@expand_up": {"misc": {"expand_direction": "up"}},
        "drop_down_menu.#drop_down_options_list.@selectable": {
            "colours": button_colours,
            "font": _font(18, bold=True),
        },
        "vertical_scroll_bar": {
            "colours": {
                "dark_bg": _hex((10, 44, 26)),
                "normal_bg": _hex(GOLD),
                "hovered_bg": _hex(CREAM),
                "active_bg": _hex(CREAM),
            },
        },
        "scrolling_container": {"colours": {"dark_bg": "#00000000"}},
    }


display_font = game_font  # the shell's name for the game's one typeface


def side_class(side: int) -> str:
    """The theme class of a side's name in the score dialog: written in the side's colour."""
    return f"@side_{side % len(SIDE_COLOURS)}"
