"""How Modern American hands end when the computer players play every seat (issue: the bots
stall on incomplete pure-ace / sevens melds).

    python benchmarks/mac_stall.py --level medium --hands 60 --seed 1 [--preset modern-american]
    PYTHONPATH=/tmp/macmain python benchmarks/mac_stall.py ...   # the same for another tree

Per hand: whether it ended by going out or by the stock running out (MAC-45), the incomplete
pure-ace, sevens and wild melds left on the table (MAC-31, MAC-41), the MAC-41 and MAC-42
points lost, the turns, and each side's score. ``fingerprint`` hashes every action and score
of every hand, so two trees that play identically print the same one (the check that classic
play did not change: ``--preset classic-4 --level medium``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence

from canasta_game.ai import make_bot
from canasta_game.ai.play import play_hand
from canasta_game.engine.rules import PRESETS, preset
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import new_hand

MAC41 = ("open_aces_penalty", "open_sevens_penalty", "wild_meld_penalty")
MAC42 = ("aces_in_hand", "sevens_in_hand")


def measure(preset_name: str, level: str, hands: int, seed: int) -> dict[str, object]:
    """Play ``hands`` hands with ``level`` in every seat and sum up how they ended."""
    rules = preset(preset_name)
    digest = hashlib.sha256()
    went_out = turns = open_melds = 0
    mac41 = mac42 = score = 0
    for hand in range(hands):
        hand_seed = f"{seed}:{hand}"
        bots = {s: make_bot(level, s, hand_seed) for s in range(rules.players)}
        played = play_hand(new_hand(rules, hand_seed, hand % rules.players), bots)
        final = played.final
        result = score_hand(final)
        went_out += bool(final.end and final.end.reason == "went_out")
        turns += final.turn + 1
        for side in result.sides:
            for line in side.lines:
                if line.key in MAC41:
                    mac41 += line.points
                    open_melds += line.count
                elif line.key in MAC42:
                    mac42 += line.points
        score += sum(result.totals)
        digest.update(repr((played.actions, result.totals)).encode())
    n = max(hands, 1)
    sides = rules.sides
    return {
        "preset": preset_name,
        "level": level,
        "seed": seed,
        "hands": hands,
        "went_out_share": round(went_out / n, 3),
        "stock_out_share": round(1 - went_out / n, 3),
        "open_pure_melds_per_hand": round(open_melds / n, 3),
        "mac41_per_side_hand": round(mac41 / n / sides, 1),
        "mac42_per_side_hand": round(mac42 / n / sides, 1),
        "score_per_side_hand": round(score / n / sides, 1),
        "turns_per_hand": round(turns / n, 1),
        "fingerprint": digest.hexdigest()[:16],
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="modern-american", choices=sorted(PRESETS))
    parser.add_argument("--level", default="medium", choices=("easy", "medium"))
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.preset, args.level, args.hands, args.seed)))


if __name__ == "__main__":
    main()
