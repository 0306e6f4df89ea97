"""The translation function: Czech from the gettext catalogue, English fallback per text,
CLDR plural forms through Babel, unknown locales in English."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

import games
from bot.text import catalog_en, i18n, presenters
from games.majesty.vocab import TERMS as MAJESTY_TERMS

assert catalog_en  # registers the bot's texts


@pytest.fixture(autouse=True)
def _all_presenters(monkeypatch) -> None:
    for game_id in games.REGISTRY:
        presenters.get(game_id)
    # texts registered by a test stay out of the real catalogue (and of the extraction)
    monkeypatch.setitem(i18n.CATALOGS, "en", dict(i18n.CATALOGS["en"]))


def test_czech_comes_from_the_catalogue_and_english_stays_the_source() -> None:
    en = i18n.t("error.no_session")
    cs = i18n.t("error.no_session", "cs")
    assert en.startswith("There is no game") and cs != en and "hra" in cs
    assert i18n.t("error.no_session", "cs-CZ") == cs  # Discord's regional codes


@pytest.mark.parametrize("locale", ["de", "en-US", None, "", "xx-YY"])
def test_unknown_locales_fall_back_to_english(locale) -> None:
    assert i18n.t("error.no_session", locale) == i18n.t("error.no_session")


@pytest.fixture
def test_keys() -> Iterator[None]:
    """The ``test.*`` keys a test registers are gone again after it (the catalogue's extract
    check may run in the same process later and must not see them)."""
    yield
    for key in [k for k in i18n.CATALOGS["en"] if k.startswith("test.")]:
        del i18n.CATALOGS["en"][key]


def test_placeholders_are_filled_in_czech() -> None:
    text = i18n.t("board.title", "cs", game="Majesty", id=3)
    assert "Majesty" in text and "3" in text and "{" not in text


def test_a_missing_translation_falls_back_to_english_once_with_a_warning(caplog, test_keys) -> None:
    i18n.register({"test.only_english": "Only in English, {who}."})
    with caplog.at_level(logging.WARNING, logger="bot.text.i18n"):
        first = i18n.t("test.only_english", "cs", who="Ann")
        second = i18n.t("test.only_english", "cs", who="Ann")
    assert first == second == "Only in English, Ann."
    assert sum("test.only_english" in r.getMessage() for r in caplog.records) == 1


def test_a_wrong_placeholder_never_crashes(test_keys: None) -> None:
    i18n.register({"test.bad_param": "Hello {name}"})
    assert i18n.t("test.bad_param", None, other="x") == "Hello {name}"


def test_plural_forms_follow_cldr_for_czech(test_keys: None) -> None:
    """Czech has three forms (1 / 2-4 / 5+): Babel's Plural-Forms pick the index."""
    cs = i18n.translations("cs")
    assert cs is not None
    # the catalogue's plural rule, applied by gettext: 1 -> 0, 2..4 -> 1, else 2 (CLDR cs)
    plural = cs.plural  # type: ignore[attr-defined]
    assert [plural(n) for n in (1, 2, 4, 5, 11, 22)] == [0, 1, 1, 2, 2, 2]
    i18n.register({"test.coins": ("{n} coin", "{n} coins")})
    assert i18n.tn("test.coins", 1) == "1 coin" and i18n.tn("test.coins", 5) == "5 coins"


# -- the reader's language: a context variable (issue 12 item 3) ------------------------------


def test_the_current_language_is_the_readers_and_nests() -> None:
    assert i18n.current() == "en"
    english = i18n.t("lobby.join")
    with i18n.using("cs-CZ") as code:
        assert code == "cs" and i18n.t("lobby.join") == i18n.t("lobby.join", "cs") != english
        assert i18n.t("lobby.join", "en") == english  # an explicit locale wins
        with i18n.using("de"):  # unknown: English
            assert i18n.t("lobby.join") == english
        assert i18n.current() == "cs"
    assert i18n.current() == "en" and i18n.t("lobby.join") == english


def test_tasks_and_threads_inherit_the_language() -> None:
    import asyncio

    async def main() -> list[str]:
        with i18n.using("cs"):
            in_task = asyncio.create_task(asyncio.sleep(0, i18n.current()))
            in_thread = asyncio.to_thread(i18n.current)
            outside = i18n.current()
            return [await in_task, await in_thread, outside]

    assert asyncio.run(main()) == ["cs", "cs", "cs"]
    assert i18n.current() == "en"


def test_czech_plural_entries_pick_their_form() -> None:
    assert [i18n.tn("demo.moves", n, "cs") for n in (1, 3, 5)] == ["1 tah", "3 tahy", "5 tahů"]
    miller = MAJESTY_TERMS["character.miller"]  # the card after the verb: the accusative
    assert [i18n.tn("majesty.move.take_cost", n, "cs", card=miller, cost=n) for n in (1, 2, 5)] == [
        "Vzít Mlynářku (za 1 pomocníka)",
        "Vzít Mlynářku (za 2 pomocníky)",
        "Vzít Mlynářku (za 5 pomocníků)",
    ]


def test_game_titles_and_engine_names_are_translated() -> None:
    assert i18n.game_title("empire_engine", "Empire Engine") == "Empire Engine"
    with i18n.using("cs"):
        assert i18n.game_title("empire_engine", "Empire Engine") == "Mechanická říše"
        assert i18n.game_title("unknown", "Some Game") == "Some Game"
        assert (
            presenters.get("majesty").event_text(
                {
                    "type": "gain",
                    "player": "a",
                    "points": 2,
                    "meeples": 1,
                    "location": "brewery",
                    "reason": "2 points and 1 meeple per Brewer",
                },
                str,
            )
            == "a +2 mince a +1 pomocník (Pivovar: 2 mince a 1 pomocník za Sládka)."
        )


def test_images_are_drawn_from_the_catalogue() -> None:
    from bot.core.render import image_tr

    cs, en = image_tr("cs"), image_tr("en")
    assert cs("ee.title") == "Mechanická říše" and en("ee.title") == "Empire Engine"
    assert [cs("ee.res.soldier", n=n) for n in (1, 2, 7)] == ["1 voják", "2 vojáci", "7 vojáků"]
    assert [en("ee.res.soldier", n=n) for n in (1, 2)] == ["1 soldier", "2 soldiers"]
    assert cs("no.such.key") == "no.such.key"  # a gap shows, never a crash
    with i18n.using("cs"):
        assert image_tr()("board.game_over") == "Konec hry."


# -- slash commands: discord.py's Translator over the catalogue --------------------------------


def test_the_translator_answers_czech_names_descriptions_and_choices() -> None:
    import asyncio

    from discord import Locale, app_commands
    from discord.app_commands import TranslationContext
    from discord.app_commands import TranslationContextLocation as Where

    from bot.adapter.translator import CatalogTranslator, choice, command_name

    tr = CatalogTranslator()
    group = app_commands.Group(name="game", description=i18n.t("cmd.game"))

    async def ask(
        text: app_commands.locale_str, where: Where, data: object, locale: Locale = Locale.czech
    ) -> str | None:
        return await tr.translate(text, locale, TranslationContext(where, data))

    async def main() -> list[str | None]:
        return [
            await ask(app_commands.locale_str("game"), Where.group_name, group),
            await ask(
                app_commands.locale_str("game"), Where.group_name, group, Locale.american_english
            ),
            await ask(app_commands.locale_str(i18n.t("cmd.game")), Where.group_description, group),
            await ask(choice("clock.24h", "24h")._locale_name, Where.choice_name, None),
            await ask(app_commands.locale_str("3"), Where.choice_name, None),
            await ask(app_commands.locale_str("Not in any catalogue"), Where.choice_name, None),
        ]

    name, english, description, clock, number, unknown = asyncio.run(main())
    assert name == "hra" and english is None and unknown is None and number == "3"
    assert description == i18n.t("cmd.game", "cs") and clock == i18n.t("clock.24h", "cs")
    assert command_name("Nová Hra") == "nová-hra" and command_name("a/b") is None
    assert command_name("x" * 33) is None


def test_languages_pick_the_channel_and_the_user_language() -> None:
    import asyncio

    from bot.adapter.translator import Languages

    class Host:
        def __init__(self) -> None:
            self.guilds: dict[str, str | None] = {"g1": "cs"}
            self.users: dict[str, str] = {}

        async def guild_locale(self, gid: str) -> str | None:
            return self.guilds.get(gid)

        async def user_locale(self, uid: str) -> str | None:
            return self.users.get(uid)

        async def remember_locale(self, uid: str, code: str) -> None:
            self.users[uid] = code

    async def main() -> list[str]:
        host = Host()
        langs = Languages(host)
        out = [await langs.channel("g1"), await langs.channel("g2"), await langs.channel(None)]
        await langs.saw("42", "cs", "g2", "cs")  # a Czech user in a Czech server
        out += [await langs.channel("g2"), await langs.user("42"), await langs.user("7", "cs")]
        langs.chose("g1", "en")
        out.append(await langs.channel("g1"))
        await asyncio.sleep(0.01)  # the remembered locale is stored in the background
        out.append(host.users.get("42", "-"))
        return out

    assert asyncio.run(main()) == ["cs", "en", "en", "cs", "cs", "cs", "en", "cs"]


def test_the_demo_plays_and_draws_in_czech(tmp_path, capsys) -> None:
    """``crowntable demo majesty --locale cs`` (issue 12 item 5): Czech summary and images."""
    import asyncio

    from bot.core.demo import run_demo

    assert asyncio.run(run_demo("majesty", 2, 3, tmp_path, level="random", locale="cs")) == 0
    out = capsys.readouterr().out
    assert "Majesty: 2 hráči," in out and "tahů" in out and "kontrola přehráním: v pořádku" in out
    assert "bodů" in out or "body" in out
    assert i18n.current() == "en"  # the demo's language ends with it
    boards = sorted(tmp_path.glob("majesty-turn-*.png"))
    assert len(boards) > 30 and (tmp_path / "majesty-private-seat1.png").exists()


# -- numbers and option values in the reader's language (issue 26 items 2 and 4) -------------


@pytest.mark.parametrize(
    ("value", "en", "cs"),
    [
        (3.3, "3.3", "3,3"),
        (160.0, "160", "160"),
        (0.0, "0", "0"),
        (-2.8, "\u22122.8", "\u22122,8"),
        (-0.04, "0", "0"),  # rounds to nothing: no "−0"
        (1234.5, "1,234.5", "1\u00a0234,5"),
    ],
)
def test_numbers_are_written_as_the_reader_writes_them(value, en, cs) -> None:
    assert i18n.number(value, "en") == en
    assert i18n.number(value, "cs") == cs


def test_signs_multipliers_and_places() -> None:
    assert [i18n.signed(v, "cs") for v in (3.3, -2.8, 0.0, 0.04)] == [
        "+3,3",
        "\u22122,8",
        "\u00b10",
        "\u00b10",
    ]
    assert i18n.signed(3.3, "en") == "+3.3"
    assert i18n.times(2, "en") == i18n.times(2, "cs") == "\u00d72"
    assert [i18n.place_of(1, n, "cs") for n in (2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 100)] == [
        "1. ze 2",
        "1. ze 3",
        "1. ze 4",
        "1. z 5",
        "1. ze 6",
        "1. ze 7",
        "1. z 8",
        "1. z 10",
        "1. ze 12",
        "1. ze 20",
        "1. ze 100",
    ]
    assert [i18n.place_of(r, 12, "en") for r in (1, 2, 3, 4, 11, 12)] == [
        "1st of 12",
        "2nd of 12",
        "3rd of 12",
        "4th of 12",
        "11th of 12",
        "12th of 12",
    ]


def test_option_values_are_words() -> None:
    assert i18n.option_name("teams", "en") == "Teams"
    assert i18n.option_name("teams", "cs") == "Týmy"
    assert i18n.option_name("team_joint_attack", "cs") == "Tým společný útok"
    assert i18n.option_value(True, (), "en") == "yes"
    assert i18n.option_value(False, (), "cs") == "ne"
    assert i18n.option_value("abbaabab", (), "en") == "A B B A A B A B"
    assert i18n.option_value("ABBAABAB", (), "cs") == "A B B A A B A B"
    assert i18n.option_value(12.0, (), "cs") == "12" and i18n.option_value(2.5, (), "cs") == "2,5"
    # a choice shows its label; 1 is not True
    assert i18n.option_value(1, (("one round", 1), ("yes", True)), "en") == "one round"
    assert i18n.option_value(True, (("one round", 1), ("yes", True)), "en") == "yes"
