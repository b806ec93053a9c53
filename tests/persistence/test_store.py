"""Loading versioned documents: every kind of bad file becomes an explained ``Problem``."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_game.persistence import (
    Absent,
    Loaded,
    Problem,
    backup_path,
    load_document,
    write_json_atomic,
)
from canasta_game.persistence.messages import DocumentTexts

KIND = "thing"
GOOD = {"schema_version": 2, "kind": KIND, "value": 42}

ASIDE_NAME = re.compile(r"^thing\.corrupt-\d{8}T\d{6}Z(-\d+)?\.json$")


def _load(path: Path, **kwargs: Any) -> Any:
    return load_document(path, KIND, 2, {1: lambda d: {**d, "value": d["old"]}}, **kwargs)


def _document(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


BAD_FILES = {
    "empty": (b"", "corrupt"),
    "only whitespace": (b"  \n\t ", "corrupt"),
    "truncated": (b'{"schema_version": 2, "kind": "thing", "value": [1, 2', "corrupt"),
    "random bytes": (bytes(range(256)), "corrupt"),
    "png header": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "corrupt"),
    "not utf-8": (b'{"schema_version": 2, "kind": "th\xffing"}', "corrupt"),
    "NaN": (b'{"schema_version": 2, "kind": "thing", "value": NaN}', "corrupt"),
    "deep nesting": (b"[" * 100_000 + b"]" * 100_000, "corrupt"),
    "a list": (b"[1, 2, 3]", "wrong_shape"),
    "a string": (b'"thing"', "wrong_shape"),
    "no version": (_document(kind=KIND, value=1), "wrong_shape"),
    "version as text": (_document(schema_version="2", kind=KIND), "wrong_shape"),
    "version as bool": (_document(schema_version=True, kind=KIND), "wrong_shape"),
    "version zero": (_document(schema_version=0, kind=KIND), "wrong_shape"),
    "no kind": (_document(schema_version=2), "wrong_shape"),
    "wrong kind": (_document(schema_version=2, kind="statistics"), "wrong_kind"),
    "future version": (_document(schema_version=3, kind=KIND), "newer_version"),
    "upgrader fails": (_document(schema_version=1, kind=KIND), "upgrade_failed"),
}


@pytest.mark.parametrize(("content", "code"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_bad_file_is_kept_aside_and_explained(tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(content)

    result = _load(path)

    assert isinstance(result, Problem)
    assert result.code == code
    assert result.path == path
    assert not path.exists()
    assert result.moved_to is not None
    assert result.moved_to.parent == tmp_path
    assert ASIDE_NAME.match(result.moved_to.name), result.moved_to.name
    assert result.moved_to.read_bytes() == content
    assert str(result.moved_to) in result.message
    assert result.backup is None
    # ... and the slot is free again for a fresh save.
    write_json_atomic(path, GOOD)
    assert _load(path) == Loaded(GOOD, path)


def test_missing_file_is_absent_not_a_problem(tmp_path: Path) -> None:
    assert _load(tmp_path / "thing.json") == Absent(tmp_path / "thing.json")
    assert list(tmp_path.iterdir()) == []


def test_good_file_loads_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    write_json_atomic(path, GOOD)
    result = _load(path)
    assert result == Loaded(GOOD, path, from_backup=False, upgraded_from=None)


def test_utf8_byte_order_mark_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert isinstance(_load(path), Loaded)


def test_message_explains_in_player_terms(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"{")
    texts = DocumentTexts(
        label="Your saved match",
        advice_with_backup="You can continue from the backup ({backup}) or start a new match.",
        advice_without_backup="You can start a new match.",
    )
    result = _load(path, texts=texts)
    assert isinstance(result, Problem)
    assert result.message == (
        f"Your saved match could not be read (the file is damaged). "
        f"It was kept as {result.moved_to}. You can start a new match."
    )
    assert "Expecting" in result.detail, "the technical detail is kept for logs"


def test_player_texts_go_through_the_translation_function(
    tmp_path: Path, marked_translation: str
) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"garbage")
    result = _load(path)
    assert isinstance(result, Problem)
    sentences = result.message.split(marked_translation)
    assert sentences[0] == "" and len(sentences) >= 3, result.message


def test_moves_in_the_same_second_get_distinct_names(tmp_path: Path, fixed_stamp: str) -> None:
    path = tmp_path / "thing.json"
    names = []
    for content in (b"one", b"two", b"three"):
        path.write_bytes(content)
        result = _load(path)
        assert isinstance(result, Problem) and result.moved_to is not None
        names.append(result.moved_to.name)
        assert result.moved_to.read_bytes() == content
    assert names == [
        f"thing.corrupt-{fixed_stamp}.json",
        f"thing.corrupt-{fixed_stamp}-2.json",
        f"thing.corrupt-{fixed_stamp}-3.json",
    ]


def test_valid_backup_is_offered_when_the_file_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    previous = {**GOOD, "value": 1}
    write_json_atomic(path, previous)
    write_json_atomic(path, GOOD)  # previous becomes the backup
    path.write_bytes(b'{"schema_version": 2, "ki')

    result = _load(path)

    assert isinstance(result, Problem)
    assert result.code == "corrupt"
    assert result.backup == Loaded(previous, backup_path(path), from_backup=True)
    assert str(backup_path(path)) in result.message
    assert backup_path(path).exists(), "the backup stays until the caller saves again"


def test_backup_alone_is_loaded_with_the_backup_flag(tmp_path: Path) -> None:
    # After a damaged file was set aside, the backup is the latest good data.
    path = tmp_path / "thing.json"
    backup_path(path).write_text(json.dumps(GOOD))
    assert _load(path) == Loaded(GOOD, backup_path(path), from_backup=True)


def test_damaged_backup_is_not_offered_and_is_kept_aside_too(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"broken main")
    backup_path(path).write_bytes(b"broken backup")

    result = _load(path)

    assert isinstance(result, Problem)
    assert result.backup is None
    kept = sorted(p.read_bytes() for p in tmp_path.iterdir())
    assert kept == [b"broken backup", b"broken main"]
    assert {p.name.split("-")[0] for p in tmp_path.iterdir()} == {
        "thing.corrupt",
        "thing.bak.corrupt",
    }


def test_backup_must_pass_the_same_validation(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    write_json_atomic(path, {**GOOD, "value": -1})
    write_json_atomic(path, {**GOOD, "value": -2})

    result = _load(path, validate=lambda d: None if d["value"] > 0 else "negative")

    assert isinstance(result, Problem)
    assert result.code == "failed_check"
    assert result.detail == "negative"
    assert result.backup is None


def test_upgraders_run_in_order_from_an_old_version(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": KIND, "trail": []}))
    calls: list[int] = []

    def step(version: int) -> Any:
        def upgrade(data: dict[str, Any]) -> dict[str, Any]:
            calls.append(version)
            assert data["schema_version"] == version
            return {**data, "trail": [*data["trail"], version]}

        return upgrade

    seen: list[dict[str, Any]] = []
    result = load_document(
        path,
        KIND,
        4,
        {3: step(3), 1: step(1), 2: step(2)},
        validate=lambda data: seen.append(data),
    )

    assert calls == [1, 2, 3]
    assert result == Loaded(
        {"schema_version": 4, "kind": KIND, "trail": [1, 2, 3]}, path, upgraded_from=1
    )
    assert seen == [result.data], "validate sees the upgraded document"
    assert json.loads(path.read_text())["schema_version"] == 1, "loading never rewrites"


def test_missing_upgrader_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": KIND}))
    result = load_document(path, KIND, 3, {1: lambda d: d})
    assert isinstance(result, Problem)
    assert result.code == "upgrade_failed"
    assert "version 2" in result.detail


def test_upgrader_returning_a_non_object_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": KIND}))
    result = load_document(path, KIND, 2, {1: lambda d: [d]})  # type: ignore[dict-item]
    assert isinstance(result, Problem) and result.code == "upgrade_failed"


@pytest.mark.parametrize(
    "validate",
    [
        lambda data: "the action log does not replay to the snapshot",
        lambda data: 1 / 0,
        lambda data: data["missing"],
    ],
    ids=["returns a reason", "raises ZeroDivisionError", "raises KeyError"],
)
def test_failed_validation_is_a_problem(tmp_path: Path, validate: Any) -> None:
    path = tmp_path / "thing.json"
    write_json_atomic(path, GOOD)
    content = path.read_bytes()
    result = _load(path, validate=validate)
    assert isinstance(result, Problem)
    assert result.code == "failed_check"
    assert result.moved_to is not None and result.moved_to.read_bytes() == content
    assert result.detail


def test_unreadable_path_is_reported_and_left_in_place(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.symlink_to(path)  # a symlink loop: the system refuses to open it
    result = _load(path)
    assert isinstance(result, Problem)
    assert result.code == "unreadable"
    assert result.moved_to is None
    assert path.is_symlink()
    assert f"It was left at {path}." in result.message


def test_a_folder_in_place_of_the_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.mkdir()
    result = _load(path)
    assert isinstance(result, Problem)
    assert result.code == "not_a_file"
    assert result.moved_to is not None and result.moved_to.is_dir()
    assert not path.exists()
    assert f"It was kept as {result.moved_to}." in result.message


def test_file_that_cannot_be_moved_aside_is_still_a_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"junk")

    def refuse(*_args: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("canasta_game.persistence.aside.os.rename", refuse)
    result = _load(path)
    assert isinstance(result, Problem)
    assert result.code == "corrupt"
    assert result.moved_to is None
    assert path.read_bytes() == b"junk"
    assert "could not be moved aside" in result.message


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=512))
def test_random_bytes_never_crash_and_are_never_lost(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "thing.json"
        path.write_bytes(content)
        result = _load(path)
        assert isinstance(result, Problem | Loaded)
        if isinstance(result, Problem):
            assert result.moved_to is not None
            assert result.moved_to.read_bytes() == content


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=_json_values
    | st.fixed_dictionaries(
        {"schema_version": _json_values, "kind": st.sampled_from([KIND, "other"]) | _json_values}
    )
)
def test_any_json_value_never_crashes_the_loader(value: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "thing.json"
        path.write_text(json.dumps(value))
        result = _load(path, validate=lambda d: None if d.get("value") == 42 else "no")
        assert isinstance(result, Problem)
        assert result.code in {
            "corrupt",
            "wrong_shape",
            "wrong_kind",
            "newer_version",
            "upgrade_failed",
            "failed_check",
        }
        assert result.message


def test_empty_file_is_reported_as_empty_in_the_log_detail(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(b"\n")
    result = _load(path)
    assert isinstance(result, Problem)
    assert result.detail == "file is empty"
