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
    "canastas_in_reach",
    "cards_to_canastas",
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
    "canastas_in_reach*stock",
    "cards_to_canastas*stock",
    "to_move*stock",
    "pile_to_move*stock",
    "frozen_pile_to_move*stock",
    "pile_takeable*stock",
    "pile_points*stock",
)
WEIGHTS = (
    1.740459,  # evaluate
    0.755000,  # meld_points
    -0.154852,  # canasta_bonus
    1.404330,  # has_canasta
    2.310264,  # melds_4
    2.011614,  # melds_5
    3.160672,  # melds_6
    -6.959130,  # open_melds
    -16.808184,  # opened
    -0.905815,  # red_threes
    -1.133748,  # hand_cards
    3.171721,  # hand_wilds
    2.880119,  # hand_on_melds
    1.221572,  # hand_pairs
    7.044353,  # hand_lone_points
    3.590456,  # hand_points
    1.533524,  # hand_black_threes
    -6.863352,  # minimum_to_open
    -3.114894,  # canastas
    -0.806729,  # shortest_hand
    1.989321,  # out_threat
    0.288944,  # canastas_in_reach
    1.214052,  # cards_to_canastas
    0.398138,  # to_move
    -0.160337,  # pile_to_move
    0.142449,  # frozen_pile_to_move
    0.678083,  # pile_takeable
    -0.905685,  # pile_points
    -1.244060,  # evaluate*stock
    0.255227,  # meld_points*stock
    -0.237762,  # canasta_bonus*stock
    -0.894338,  # has_canasta*stock
    -1.988949,  # melds_4*stock
    -1.097866,  # melds_5*stock
    -1.052719,  # melds_6*stock
    6.379500,  # open_melds*stock
    15.997764,  # opened*stock
    1.880228,  # red_threes*stock
    1.345660,  # hand_cards*stock
    -2.310611,  # hand_wilds*stock
    -2.317713,  # hand_on_melds*stock
    -1.365936,  # hand_pairs*stock
    -8.774567,  # hand_lone_points*stock
    -2.792395,  # hand_points*stock
    -1.575674,  # hand_black_threes*stock
    4.736282,  # minimum_to_open*stock
    6.199942,  # canastas*stock
    1.009437,  # shortest_hand*stock
    -1.818512,  # out_threat*stock
    0.413210,  # canastas_in_reach*stock
    -0.856271,  # cards_to_canastas*stock
    -0.385111,  # to_move*stock
    0.184600,  # pile_to_move*stock
    -0.162261,  # frozen_pile_to_move*stock
    -0.709552,  # pile_takeable*stock
    4.134805,  # pile_points*stock
)
