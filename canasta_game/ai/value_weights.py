"""Weights of ``value.features`` for each preset in ``WEIGHTS``, written by
``tools/train_value.py`` with the options in ``COMMANDS`` (do not edit by hand)."""

FEATURES = "74f88d13b18cde3d"  # value.features_key() of the features fitted on
COMMANDS = {
    "classic-4": "--preset classic-4 --hands 3000 --ridge 1",
    "samba": "--preset samba --hands 3000 --ridge 1",
}
WEIGHTS = {
    "classic-4": (
        1.679022,  # evaluate
        1.036304,  # meld_points
        0.033402,  # canasta_bonus
        2.763241,  # has_canasta
        0.743027,  # melds_4
        1.596634,  # melds_5
        2.491737,  # melds_6
        -6.581061,  # open_melds
        -10.403026,  # opened
        -0.992254,  # red_threes
        -0.601859,  # hand_cards
        1.911051,  # hand_wilds
        2.583273,  # hand_on_melds
        0.809581,  # hand_pairs
        7.128837,  # hand_lone_points
        3.126613,  # hand_points
        0.747791,  # hand_black_threes
        1.268580,  # minimum_to_open
        -4.277243,  # canastas
        -0.862687,  # shortest_hand
        1.493765,  # out_threat
        2.674501,  # canastas_in_reach
        1.550907,  # cards_to_canastas
        0.273637,  # to_move
        -0.169667,  # pile_to_move
        0.154182,  # frozen_pile_to_move
        0.612399,  # pile_takeable
        0.496274,  # pile_points
        -1.142562,  # evaluate*stock
        -0.333339,  # meld_points*stock
        0.305921,  # canasta_bonus*stock
        -4.351996,  # has_canasta*stock
        -0.091210,  # melds_4*stock
        -0.552803,  # melds_5*stock
        -0.467045,  # melds_6*stock
        5.717824,  # open_melds*stock
        11.111873,  # opened*stock
        2.111256,  # red_threes*stock
        0.552872,  # hand_cards*stock
        -0.937780,  # hand_wilds*stock
        -1.914096,  # hand_on_melds*stock
        -0.861557,  # hand_pairs*stock
        -8.619186,  # hand_lone_points*stock
        -1.621488,  # hand_points*stock
        -0.488338,  # hand_black_threes*stock
        -4.123320,  # minimum_to_open*stock
        5.353451,  # canastas*stock
        1.408531,  # shortest_hand*stock
        0.567374,  # out_threat*stock
        -2.594272,  # canastas_in_reach*stock
        -1.194628,  # cards_to_canastas*stock
        -0.230441,  # to_move*stock
        0.194004,  # pile_to_move*stock
        -0.176818,  # frozen_pile_to_move*stock
        -0.686082,  # pile_takeable*stock
        3.333063,  # pile_points*stock
    ),
    "samba": (
        -0.718340,  # evaluate
        2.186238,  # meld_points
        1.769311,  # canasta_bonus
        -0.128426,  # has_canasta
        1.161409,  # melds_4
        2.055340,  # melds_5
        2.374792,  # melds_6
        -3.791111,  # open_melds
        1.703779,  # opened
        1.248630,  # red_threes
        -0.192100,  # hand_cards
        1.174946,  # hand_wilds
        1.430058,  # hand_on_melds
        -0.369595,  # hand_pairs
        -8.190526,  # hand_lone_points
        -2.309971,  # hand_points
        -0.000366,  # hand_black_threes
        17.131232,  # minimum_to_open
        -0.455751,  # canastas
        -0.154176,  # shortest_hand
        0.956183,  # out_threat
        3.431582,  # canastas_in_reach
        0.783850,  # cards_to_canastas
        1.812816,  # to_move
        -0.096441,  # pile_to_move
        0.115444,  # frozen_pile_to_move
        0.477663,  # pile_takeable
        2.521211,  # pile_points
        0.995151,  # evaluate*stock
        -2.136399,  # meld_points*stock
        -1.105616,  # canasta_bonus*stock
        -1.364711,  # has_canasta*stock
        -1.258660,  # melds_4*stock
        -1.176077,  # melds_5*stock
        0.961220,  # melds_6*stock
        6.823260,  # open_melds*stock
        -4.379230,  # opened*stock
        -1.003792,  # red_threes*stock
        0.534919,  # hand_cards*stock
        -0.882769,  # hand_wilds*stock
        -0.953942,  # hand_on_melds*stock
        0.411532,  # hand_pairs*stock
        6.648282,  # hand_lone_points*stock
        3.180245,  # hand_points*stock
        -0.252367,  # hand_black_threes*stock
        -17.742249,  # minimum_to_open*stock
        4.693561,  # canastas*stock
        0.117973,  # shortest_hand*stock
        -1.331529,  # out_threat*stock
        -3.751215,  # canastas_in_reach*stock
        -1.266901,  # cards_to_canastas*stock
        -1.349500,  # to_move*stock
        0.091799,  # pile_to_move*stock
        -0.120785,  # frozen_pile_to_move*stock
        -0.521333,  # pile_takeable*stock
        -0.917298,  # pile_points*stock
    ),
}
