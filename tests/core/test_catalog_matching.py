"""What a typed reference names: /quiz takes the quiz it names alone or asks which one, Discord's autocomplete
offers them all, best first."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from bot.content.catalog import Catalog
from bot.content.library import ContentLibrary
from bot.text import folded
from content import default_content_dir

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


def test_an_exact_id_comes_first_and_the_quizzes_it_names_otherwise_follow() -> None:
    catalog = ContentLibrary.load(default_content_dir()).catalog
    # "fsdp" is a quiz's id and another quiz's tag: both are offered, the quiz with that id first.
    assert [quiz.id for quiz in catalog.matching("fsdp")] == ["fsdp", "zero-sharded-optimizers"]
    assert [quiz.id for quiz in catalog.matching("   ")] == [] and catalog.named("") == []


def test_a_reference_names_the_quiz_with_that_id_or_whole_title_else_all_it_matches() -> None:
    catalog = ContentLibrary.load(default_content_dir()).catalog
    assert [quiz.id for quiz in catalog.named("FSDP ")] == ["fsdp"]  # an id, though another quiz has it as a tag
    assert [quiz.id for quiz in catalog.named("zero")] == ["zero-sharded-optimizers", "fsdp"]  # ask which
    # A whole title (Swahili) that is also the start of another quiz's title: that quiz, not a choice.
    assert [quiz.id for quiz in catalog.matching("usambamba wa data")] == ["data-parallelism", "fsdp"]
    assert [quiz.id for quiz in catalog.named("Usambamba wa Data")] == ["data-parallelism"]
    assert catalog.named("nothing of the kind") == []


def test_a_reference_typed_in_full_width_or_styled_letters_names_what_its_ascii_twin_names() -> None:
    """What a phone's or a Chinese or Japanese input method sends for ASCII (NFKC's width and compatibility forms):
    "ＺＥＲＯ" was "no quiz called" on Telegram and Discord, where nothing converts it before the catalog."""
    catalog = ContentLibrary.load(default_content_dir()).catalog
    assert [quiz.id for quiz in catalog.named("ｆｓｄｐ\u3000")] == ["fsdp"]  # an id, ideographic space and all
    for typed in ("ＺＥＲＯ", "ｚｅｒｏ", "𝐳𝐞𝐫𝐨"):  # in two quizzes' titles: ask which, as for "zero"
        assert [quiz.id for quiz in catalog.named(typed)] == ["zero-sharded-optimizers", "fsdp"]
    assert [quiz.id for quiz in catalog.named("Ｄａｔａ Ｐａｒａｌｌｅｌｉｓｍ")] == ["data-parallelism"]  # a title
    assert [quiz.id for quiz in catalog.matching("ｏｆｆｌｏａｄ")] == ["zero-sharded-optimizers"]  # a tag


def test_a_title_with_tone_marks_names_its_quiz_composed_or_not_and_other_numbers_stay_themselves() -> None:
    """A keyboard may send Yoruba's "ọ̀" as one code point and a mark, or as three. "²" and "①" are no "2" or
    "1", as at the terminal's quiz picker (NFKC alone would make them so)."""
    shipped, fixture = (ContentLibrary.load(folder).catalog for folder in (default_content_dir(), FIXTURE_CONTENT))
    for catalog, title in ((shipped, "ZeRO àti àwọn optimizer tí a pín"), (fixture, "Ìbánisọ̀rọ̀ àkójọ"),
                           (shipped, "Pípín Àwòṣe láàárín Àwọn GPU (Model àti Pipeline Parallelism)")):
        for form in ("NFC", "NFD", "NFKC", "NFKD"):
            typed = unicodedata.normalize(form, title.upper())
            assert len(catalog.named(typed)) == 1 and catalog.named(typed) == catalog.named(title)
            assert catalog.matching(typed) == catalog.matching(title)
    assert folded("ＧＰＵ²①½") == "gpu²①½" and folded("Ìbáṣepọ̀") == folded(unicodedata.normalize("NFD", "ìbáṣepọ̀"))


def test_a_title_typed_without_its_accents_or_tone_marks_names_its_quiz() -> None:
    """A keyboard without them (an English one, a phone's; Yoruba is mostly written online without its marks):
    "/quiz donnees" was "No quiz called", though "données" names two quizzes, and Discord's autocomplete offered
    nothing. Language names are matched so already ("ede yoruba")."""
    catalog = ContentLibrary.load(default_content_dir()).catalog
    assert [quiz.id for quiz in catalog.named("donnees")] == [quiz.id for quiz in catalog.named("données")] \
        == ["data-parallelism", "fsdp"]
    assert [quiz.id for quiz in catalog.named("parallelisme de modele")] == ["model-pipeline-parallelism"]
    assert [quiz.id for quiz in catalog.named("Ipinkiri Data laaarin Awon GPU")] == ["data-parallelism"]  # whole
    assert [quiz.id for quiz in catalog.matching("ipinkiri")] == ["data-parallelism", "fsdp"]


def test_a_title_typed_with_its_accents_names_that_quiz_though_another_is_titled_so_without_them() -> None:
    """Tone marks tell words apart (Yoruba's "ọkọ" and "oko" are two words): a title typed exactly as written
    names its quiz alone, as it did before titles were also compared without their marks."""
    shipped = ContentLibrary.load(default_content_dir()).catalog
    first, second = shipped.quizzes[:2]
    catalog = Catalog((first.model_copy(update={"title": {"en": "Ọkọ̀ ojú omi"}}),
                       second.model_copy(update={"title": {"en": "Oko oju omi"}})))
    assert [quiz.id for quiz in catalog.named("ọkọ̀ ojú omi")] == [first.id]
    assert [quiz.id for quiz in catalog.named("Oko oju omi")] == [second.id]
