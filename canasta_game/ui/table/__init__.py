"""The table scene: the window where a person plays a whole match by dragging cards.

``TableScene(session, context)`` is the scene; ``TableContext`` is what it needs from the
app. ``benchmark_frames`` and ``render_table_screenshot`` are the headless entry points
for ``--benchmark-frames`` and ``--screenshot --scene table``.
"""

from canasta_game.ui.table.bench import benchmark_frames, render_busy_frame
from canasta_game.ui.table.context import TableContext, TableSettings
from canasta_game.ui.table.screenshot import render_table_screenshot
from canasta_game.ui.table.table_scene import TableScene

__all__ = [
    "TableContext",
    "TableScene",
    "TableSettings",
    "benchmark_frames",
    "render_busy_frame",
    "render_table_screenshot",
]
