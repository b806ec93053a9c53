"""Weights of ``value.features``, written by (do not edit by hand)
``tools/train_value.py --hands 3000 --ridge 1``."""

NAMES = (
    "evaluate",
    "meld_points",
    "canasta_bonus",
    "has_canasta",
    "melds_4",
    "melds_5",
    "melds_6",
    "open_melds",
    "opened",
    "red_threes",
    "hand_cards",
    "hand_wilds",
    "hand_on_melds",
    "hand_pairs",
    "hand_lone_points",
    "hand_points",
    "hand_black_threes",
    "minimum_to_open",
    "canastas",
    "shortest_hand",
    "out_threat",
    "to_move",
    "pile_to_move",
    "frozen_pile_to_move",
    "pile_takeable",
    "pile_points",
    "evaluate*stock",
    "meld_points*stock",
    "canasta_bonus*stock",
    "has_canasta*stock",
    "melds_4*stock",
    "melds_5*stock",
    "melds_6*stock",
    "open_melds*stock",
    "opened*stock",
    "red_threes*stock",
    "hand_cards*stock",
    "hand_wilds*stock",
    "hand_on_melds*stock",
    "hand_pairs*stock",
    "hand_lone_points*stock",
    "hand_points*stock",
    "hand_black_threes*stock",
    "minimum_to_open*stock",
    "canastas*stock",
    "shortest_hand*stock",
    "out_threat*stock",
    "to_move*stock",
    "pile_to_move*stock",
    "frozen_pile_to_move*stock",
    "pile_takeable*stock",
    "pile_points*stock",
)
WEIGHTS = (
    1.695682,  # evaluate
    0.793923,  # meld_points
    -0.116920,  # canasta_bonus
    1.833811,  # has_canasta
    1.117072,  # melds_4
    -0.342282,  # melds_5
    -0.342319,  # melds_6
    -2.234200,  # open_melds
    -16.390982,  # opened
    -0.874811,  # red_threes
    -1.224624,  # hand_cards
    2.469714,  # hand_wilds
    1.882667,  # hand_on_melds
    1.303333,  # hand_pairs
    7.889987,  # hand_lone_points
    3.286549,  # hand_points
    1.648049,  # hand_black_threes
    -3.792240,  # minimum_to_open
    -3.122198,  # canastas
    -0.804939,  # shortest_hand
    1.754254,  # out_threat
    0.403426,  # to_move
    -0.160110,  # pile_to_move
    0.141669,  # frozen_pile_to_move
    0.702304,  # pile_takeable
    -1.166171,  # pile_points
    -1.177054,  # evaluate*stock
    0.167451,  # meld_points*stock
    -0.329080,  # canasta_bonus*stock
    -1.270893,  # has_canasta*stock
    -1.093092,  # melds_4*stock
    0.779542,  # melds_5*stock
    1.747800,  # melds_6*stock
    3.053295,  # open_melds*stock
    14.903225,  # opened*stock
    1.847557,  # red_threes*stock
    1.437913,  # hand_cards*stock
    -1.672190,  # hand_wilds*stock
    -1.573840,  # hand_on_melds*stock
    -1.465208,  # hand_pairs*stock
    -9.752694,  # hand_lone_points*stock
    -2.472904,  # hand_points*stock
    -1.693239,  # hand_black_threes*stock
    1.495793,  # minimum_to_open*stock
    6.463228,  # canastas*stock
    1.022198,  # shortest_hand*stock
    -1.584674,  # out_threat*stock
    -0.383418,  # to_move*stock
    0.183593,  # pile_to_move*stock
    -0.160741,  # frozen_pile_to_move*stock
    -0.743935,  # pile_takeable*stock
    4.559713,  # pile_points*stock
)
