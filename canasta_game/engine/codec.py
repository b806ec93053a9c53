"""JSON for states and action logs, and replay.

A log is ``{"start": <state>, "actions": [...]}``; replaying it with ``apply`` reproduces the
final state exactly, which is how a save is verified. Cards are written in RULES.md notation
with their copy number (``Kh#2``) so a saved game can be read by a person.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from canasta_game.engine.actions import Action, action_from_dict, action_to_dict
from canasta_game.engine.cards import card_text, parse_card
from canasta_game.engine.game import apply
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DrawKind, HandEnd, Phase, Question, State, TableMeld

STATE_VERSION = 1


def _cards(cards: Iterable[int]) -> list[str]:
    return [card_text(c) for c in cards]


def _uids(items: Iterable[str]) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in items)


def _meld_to(meld: TableMeld) -> dict[str, Any]:
    return {
        "mid": meld.mid,
        "key": meld.key,
        "cards": _cards(meld.cards),
        "naturals": meld.naturals,
        "wilds": meld.wilds,
    }


def _meld_from(data: dict[str, Any], rules: Rules) -> TableMeld:
    return make_meld(
        rules,
        int(data["mid"]),
        int(data["key"]),
        _uids(data["cards"]),
        int(data["naturals"]),
        int(data["wilds"]),
    )


def state_to_dict(state: State) -> dict[str, Any]:
    end = state.end
    return {
        "version": STATE_VERSION,
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "phase": state.phase.value,
        "current": state.current,
        "hands": [_cards(h) for h in state.hands],
        "stock": _cards(state.stock),
        "pile": _cards(state.pile),
        "pile_frozen": state.pile_frozen,
        "melds": [[_meld_to(m) for m in side] for side in state.melds],
        "bonus_threes": [_cards(b) for b in state.bonus_threes],
        "next_mid": state.next_mid,
        "turn": state.turn,
        "drew": state.drew.value,
        "took_pile_closed": state.took_pile_closed,
        "turn_melded": state.turn_melded,
        "turn_new_mids": list(state.turn_new_mids),
        "turn_touched_old": state.turn_touched_old,
        "question": state.question.value,
        "acaba_question": state.acaba_question.value,
        "must_go_out": state.must_go_out,
        "has_melded": list(state.has_melded),
        "picked": [sorted(_cards(p)) for p in state.picked],
        "concealed_canastas": list(state.concealed_canastas),
        "exact_deal_side": state.exact_deal_side,
        "discards": [[seat, card_text(card)] for seat, card in state.discards],
        "recycle_idle": state.recycle_idle,
        "feet": [_cards(f) for f in state.feet],  # HF-3
        "deal": state.deal,  # HF-13
        "asked_out": list(state.asked_out),  # MAC-32
        "talons": [_cards(t) for t in state.talons],  # MAC-28
        "pile_hidden": state.pile_hidden,
        "opened_dirty": state.opened_dirty,
        "calientes_played": [_cards(c) for c in state.calientes_played],  # CAL-2
        "end": None if end is None else {f.name: getattr(end, f.name) for f in fields(end)},
    }


def state_from_dict(data: dict[str, Any]) -> State:
    """Inverse of ``state_to_dict``; raises ValueError (or KeyError/TypeError) if malformed."""
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"unsupported state version {data.get('version')!r}")
    end = data["end"]
    seed = data["seed"]
    if not isinstance(seed, int | str):
        raise ValueError("seed must be a number or a string")
    rules = Rules.from_dict(data["rules"])
    return State(
        rules=rules,
        seed=seed,
        dealer=int(data["dealer"]),
        scores=tuple(int(s) for s in data["scores"]),
        phase=Phase(data["phase"]),
        current=int(data["current"]),
        hands=tuple(_uids(h) for h in data["hands"]),
        stock=_uids(data["stock"]),
        pile=_uids(data["pile"]),
        pile_frozen=bool(data["pile_frozen"]),
        melds=tuple(tuple(_meld_from(m, rules) for m in side) for side in data["melds"]),
        bonus_threes=tuple(_uids(b) for b in data["bonus_threes"]),
        next_mid=int(data["next_mid"]),
        turn=int(data["turn"]),
        drew=DrawKind(data["drew"]),
        took_pile_closed=bool(data["took_pile_closed"]),
        turn_melded=bool(data["turn_melded"]),
        turn_new_mids=tuple(int(m) for m in data["turn_new_mids"]),
        turn_touched_old=bool(data["turn_touched_old"]),
        question=Question(data["question"]),
        acaba_question=Question(data.get("acaba_question", "none")),
        must_go_out=bool(data["must_go_out"]),
        has_melded=tuple(bool(x) for x in data["has_melded"]),
        picked=tuple(frozenset(_uids(p)) for p in data["picked"]),
        concealed_canastas=tuple(int(x) for x in data["concealed_canastas"]),
        exact_deal_side=data["exact_deal_side"],
        discards=tuple((int(seat), parse_card(card)) for seat, card in data["discards"]),
        recycle_idle=bool(data.get("recycle_idle", False)),
        feet=tuple(_uids(f) for f in data.get("feet", ())),
        deal=int(data.get("deal", 0)),
        asked_out=tuple(int(s) for s in data.get("asked_out", ())),
        talons=tuple(_uids(t) for t in data.get("talons", ())),
        pile_hidden=_pile_hidden(data),
        opened_dirty=bool(data.get("opened_dirty", False)),
        calientes_played=tuple(_uids(c) for c in data.get("calientes_played", ())),
        end=None if end is None else HandEnd(**end),
    )


def _pile_hidden(data: dict[str, Any]) -> int:
    """IT-4: the face-down packet is a bottom part of the pile, never more than the pile."""
    hidden = int(data.get("pile_hidden", 0))
    if not 0 <= hidden <= len(data["pile"]):
        raise ValueError(f"pile_hidden {hidden} does not fit a pile of {len(data['pile'])}")
    return hidden


def log_to_dict(start: State, actions: Iterable[Action]) -> dict[str, Any]:
    return {"start": state_to_dict(start), "actions": [action_to_dict(a) for a in actions]}


def replay(log: dict[str, Any]) -> tuple[State, list[Action]]:
    """Rebuild the final state of a log; raises ValueError or IllegalAction if it is broken."""
    state = state_from_dict(log["start"])
    actions = [action_from_dict(a) for a in log["actions"]]
    for action in actions:
        state, _ = apply(state, action)
    return state, actions
