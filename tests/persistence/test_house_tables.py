"""House tables on disk (issue 13): one file each, checked on load, bad ones kept aside."""

from __future__ import annotations

import json
from pathlib import Path

from canasta_game.persistence import DataDirs, backup_path
from canasta_game.persistence.house_tables import (
    HouseTable,
    delete_house_table,
    load_house_tables,
    save_house_table,
    table_file,
)
from canasta_game.persistence.settings import settings_from_dict


def accept(table: HouseTable) -> str | None:
    return None


def refuse_big_deals(table: HouseTable) -> str | None:
    deal = table.options.get("deal_size", 11)
    return "Too few cards." if isinstance(deal, int) and deal > 20 else None


def test_a_saved_table_loads_back_with_its_name_base_and_options(dirs: DataDirs) -> None:
    table = HouseTable("Grandma", "classic-4", {"deal_size": 13, "b3_freeze": True})
    path = save_house_table(dirs, table)
    assert path.parent == dirs.house_tables_dir
    loaded = load_house_tables(dirs, accept)
    assert loaded.problems == ()
    assert loaded.tables == (table,)
    assert loaded.tables[0].path == path
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["kind"] == "house-table" and document["name"] == "Grandma"


def test_names_that_a_file_name_cannot_tell_apart_get_files_of_their_own(dirs: DataDirs) -> None:
    assert table_file(dirs, "Babička") != table_file(dirs, "Babicka")
    for name in ("Babička", "Babicka", "Ďábel / 2"):
        save_house_table(dirs, HouseTable(name, "classic-4", {}))
    names = [t.name for t in load_house_tables(dirs, accept).tables]
    assert names == ["Babicka", "Babička", "Ďábel / 2"]


def _write(dirs: DataDirs, name: str, text: str) -> Path:
    dirs.house_tables_dir.mkdir(parents=True, exist_ok=True)
    path = dirs.house_tables_dir / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_damaged_file_is_kept_aside_and_explained_and_the_others_still_load(
    dirs: DataDirs,
) -> None:
    save_house_table(dirs, HouseTable("Good", "classic-4", {}))
    _write(dirs, "bad.json", "{not json")
    loaded = load_house_tables(dirs, accept)
    assert [t.name for t in loaded.tables] == ["Good"]
    (problem,) = loaded.problems
    assert problem.code == "corrupt"
    assert problem.moved_to is not None and problem.moved_to.exists()
    assert str(problem.moved_to) in problem.message
    assert not (dirs.house_tables_dir / "bad.json").exists()
    again = load_house_tables(dirs, accept)  # explained once; the aside copy is no table
    assert again.problems == () and [t.name for t in again.tables] == ["Good"]


def test_an_impossible_table_is_kept_aside_with_the_checks_reason(dirs: DataDirs) -> None:
    path = save_house_table(dirs, HouseTable("Huge", "classic-4", {"deal_size": 30}))
    loaded = load_house_tables(dirs, refuse_big_deals)
    assert loaded.tables == ()
    (problem,) = loaded.problems
    assert problem.code == "failed_check"
    assert problem.message.endswith("Too few cards.")
    assert not path.exists() and problem.moved_to is not None and problem.moved_to.exists()


def test_a_document_that_is_no_house_table_is_refused(dirs: DataDirs) -> None:
    bad = {"schema_version": 1, "kind": "house-table", "name": "", "base": 3, "options": []}
    _write(dirs, "odd.json", json.dumps(bad))
    _write(dirs, "settings-like.json", json.dumps({"schema_version": 1, "kind": "settings"}))
    loaded = load_house_tables(dirs, accept)
    assert loaded.tables == ()
    assert sorted(p.code for p in loaded.problems) == ["failed_check", "wrong_kind"]


def test_a_table_whose_file_was_damaged_comes_back_from_its_backup(dirs: DataDirs) -> None:
    first = HouseTable("Grandma", "classic-4", {"deal_size": 13})
    path = save_house_table(dirs, first)
    save_house_table(dirs, HouseTable("Grandma", "classic-4", {"deal_size": 15}))
    assert backup_path(path).exists()
    path.write_text("{", encoding="utf-8")
    loaded = load_house_tables(dirs, accept)
    assert loaded.tables == (first,)
    assert len(loaded.problems) == 1
    assert load_house_tables(dirs, accept).tables == (first,)  # still there at the next start


def test_delete_removes_the_table_and_its_backup(dirs: DataDirs) -> None:
    table = HouseTable("Grandma", "classic-4", {})
    path = save_house_table(dirs, table)
    save_house_table(dirs, table)
    assert backup_path(path).exists()
    (loaded,) = load_house_tables(dirs, accept).tables
    delete_house_table(dirs, loaded)
    assert list(dirs.house_tables_dir.iterdir()) == []
    assert load_house_tables(dirs, accept).tables == ()


def test_no_folder_means_no_tables_and_nothing_created(dirs: DataDirs) -> None:
    assert load_house_tables(dirs, accept).tables == ()
    assert not dirs.house_tables_dir.exists()


def test_settings_remember_the_chosen_table_and_forgive_a_bad_value() -> None:
    assert settings_from_dict({"house": "Grandma"}).house == "Grandma"
    assert settings_from_dict({"house": 7}).house == ""
    assert settings_from_dict({"house": "x" * 500}).house == ""


def test_names_that_differ_only_in_case_are_one_table(dirs: DataDirs) -> None:
    save_house_table(dirs, HouseTable("Grandma", "classic-4", {"deal_size": 13}))
    save_house_table(dirs, HouseTable("GRANDMA", "classic-4", {"deal_size": 15}))
    (table,) = load_house_tables(dirs, accept).tables
    assert table.name == "GRANDMA" and table.options == {"deal_size": 15}
