"""The pages' labels are data files, checked as they are read: both languages, one
definition per key, the same placeholders in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.web.i18n import MESSAGE_FILES, MESSAGES, translator, type_word
from app.web.i18n.loader import MessageFileError, load_messages, placeholders, read_message_file


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_message_file_loads_and_every_label_has_english_and_french():
    loaded = load_messages(MESSAGE_FILES)
    assert loaded.texts == MESSAGES and len(MESSAGES) > 250
    for key, (en, fr) in MESSAGES.items():
        assert en and fr, key
        assert placeholders(en) == placeholders(fr), key


def test_the_translator_and_type_words_read_the_files():
    assert translator("en")("game.turn", n=3) == "Turn 3"
    assert translator("fr")("game.turn", n=3) == "Tour 3"
    assert translator("fr")("ruling.kind") == "Décision"  # rulings.toml
    assert translator("fr")("rb.board") == "Plateau de Riftbound"  # the family's own file
    assert (type_word("fr", "Creature"), type_word("fr", "Unit")) == ("Créature", "Unité")
    assert type_word("en", "Unit") == "Unit"


def test_a_label_without_its_french_is_refused(tmp_path):
    path = _write(tmp_path, "m.toml", '[messages."a.b"]\nen = "Hello"\n')
    with pytest.raises(MessageFileError, match=r"'a\.b' needs exactly en and fr"):
        read_message_file(path)


def test_a_label_with_an_empty_text_or_an_unknown_field_is_refused(tmp_path):
    empty = _write(tmp_path, "e.toml", '[messages."a"]\nen = "Hi"\nfr = ""\n')
    with pytest.raises(MessageFileError, match="non-empty"):
        read_message_file(empty)
    extra = _write(tmp_path, "x.toml", '[messages."a"]\nen = "Hi"\nfr = "Salut"\nde = "Hallo"\n')
    with pytest.raises(MessageFileError, match="needs exactly en and fr"):
        read_message_file(extra)


def test_placeholders_that_differ_between_english_and_french_are_refused(tmp_path):
    path = _write(tmp_path, "m.toml", '[messages."turn"]\nen = "Turn {n}"\nfr = "Tour {m}"\n')
    with pytest.raises(MessageFileError, match=r"\['n'\] in en but \['m'\] in fr"):
        read_message_file(path)


def test_plural_forms_are_one_and_other_and_read_by_cldr_s_rule(tmp_path):
    path = _write(tmp_path, "m.toml", '[messages."c"]\nen = "{n:# card|# cards|x}"\nfr = "{n}"\n')
    with pytest.raises(MessageFileError, match="needs two forms"):
        read_message_file(path)
    # French: 0 and 1 singular; English: only 1.
    assert translator("fr")("zone.hidden_hand", n=0) == "0 carte, cachée"
    assert translator("en")("zone.hidden_hand", n=0) == "0 cards, hidden"


def test_a_key_defined_twice_in_one_file_is_refused(tmp_path):
    table = '[messages."a"]\nen = "A"\nfr = "A"\n'
    path = _write(tmp_path, "m.toml", table + "\n" + table)
    with pytest.raises(MessageFileError):
        read_message_file(path)


def test_a_key_defined_in_two_files_is_refused(tmp_path):
    table = '[messages."a"]\nen = "A"\nfr = "A"\n'
    first, second = _write(tmp_path, "1.toml", table), _write(tmp_path, "2.toml", table)
    with pytest.raises(MessageFileError, match="'a' is already defined in"):
        load_messages([first, second])


def test_a_type_word_defined_in_two_files_is_refused(tmp_path):
    words = '[type_words]\nUnit = "Unité"\n'
    first, second = _write(tmp_path, "1.toml", words), _write(tmp_path, "2.toml", words)
    with pytest.raises(MessageFileError, match="'Unit' is already defined in"):
        load_messages([first, second])


def test_an_unknown_section_is_refused(tmp_path):
    path = _write(tmp_path, "m.toml", '[labels."a"]\nen = "A"\nfr = "A"\n')
    with pytest.raises(MessageFileError, match="unknown sections"):
        read_message_file(path)


def test_a_keyword_defined_in_two_files_or_not_in_lower_case_is_refused(tmp_path):
    words = '[keywords]\nmorph = "mue"\n'
    first, second = _write(tmp_path, "1.toml", words), _write(tmp_path, "2.toml", words)
    with pytest.raises(MessageFileError, match="'morph' is already defined in"):
        load_messages([first, second])
    upper = _write(tmp_path, "3.toml", '[keywords]\nMorph = "mue"\n')
    with pytest.raises(MessageFileError, match="lower case"):
        read_message_file(upper)
