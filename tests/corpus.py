"""The whole-game corpus (issue 26 item 7): every text one seeded game of a game shows, in one
language, collected from the real bot against the local fake Discord, and the checks a native
reader's eye makes over it.

    corpus = await collect("majesty", "cs", seats=3)     # one whole game, ~1-5 s
    for check, failures in problems(corpus).items(): ...

What is collected (each :class:`Text` says where it came from):

* every version of every message the bot sent (the channel, every DM, every ephemeral answer):
  content, embed titles/descriptions/fields/footers, button labels, select placeholders and
  option labels/descriptions, attachments' alt text;
* every text the renderers drew (the images' translator ``bot.core.render.image_tr`` wrapped:
  each call's result) and the alt text made through it;
* the answers to ``/game status``, ``/game log``, ``/standings`` and ``/stats`` after the end;
* every catalogue text formatted on the way (``i18n._format`` wrapped: the template, its
  parameters and the result), for the case check.

The game is played by :class:`tests.e2e.driver.Driver`: the humans (no AI seat) pick random
options from their prompts, seeded. The fake's OpenAPI schema check is switched off here (it
is two thirds of the time and has nothing to say about words; every e2e test keeps it on).

The checks (:data:`CHECKS`, :func:`problems`), each answering lines that quote the text and
where it came from:

* ``braces``: no ``{`` or ``}`` left of a placeholder;
* ``english``: no English word in a Czech text: the words of the English catalogue (and the
  English names of every game term) that no Czech text or term has, outside :data:`PROPER`;
* ``one_plural``: no ``1 <plural>`` in English (``1 games``, ``1 guilds``);
* ``point_zero``: no ``.0`` (``,0``) on a whole number;
* ``czech_counts``: a number followed by a Czech noun the catalogue or a term counts (``4
  ruda``) takes the form of that number's plural category (1 ruda, 2 rudy, 5 rud);
* ``czech_cases``: where a Czech catalogue entry writes ``{x:acc}`` the parameter is a game
  term that declares that form (and a count its plural form too), and the text holds it; a
  Czech verb taking the accusative is never followed by a term's nominative where the term
  declares a different accusative (``Vzít Mlynářka``).
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import importlib
import json
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import games
from bot.core import render
from bot.text import extract, i18n
from games.terms import CASES, Count, Term
from tests.e2e.driver import Driver, Player
from tests.e2e.helpers import open_table
from tests.fakediscord import FakeDiscord

CZECH = "cs"
LANGUAGES = ("en", "cs")
USERS = ("alice", "bob", "cyril", "dana", "emil", "filip", "gustav", "hana")
#: proper names a Czech text may carry in English letters: the players' names and the bot's
PROPER = frozenset({*USERS, "crowntable", "deskovky", "herna"})
COMMANDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("game status", {}),
    ("game log", {}),
    ("standings", {}),
    ("stats", {}),
)
CHECKS = ("braces", "english", "one_plural", "point_zero", "czech_counts", "czech_cases")
#: message parts that are not words a person reads
_NOT_TEXT = {
    "type", "style", "custom_id", "id", "url", "proxy_url", "color", "width", "height",
    "min_values", "max_values", "disabled", "spoiler", "value", "emoji", "timestamp",
    "default", "required", "flags", "image", "thumbnail", "attachment", "accent_color",
    "spacing", "divider", "content_type", "loading_state",
}  # fmt: skip


@dataclass(frozen=True)
class Text:
    """One text a reader sees: ``where`` (``"dm bob #41 v2 embeds.0.description"``), the
    ``kind`` of place (channel, dm, ephemeral, image, alt, command) and the text."""

    where: str
    kind: str
    text: str


@dataclass(frozen=True)
class Formatted:
    """One catalogue text formatted for a reader: template, parameters, language, result."""

    template: str
    params: dict[str, Any]
    locale: str
    result: str


@dataclass
class Corpus:
    game: str
    locale: str
    seats: int
    seed: int
    texts: list[Text] = field(default_factory=list)
    formatted: list[Formatted] = field(default_factory=list)
    seconds: float = 0.0
    actions: int = 0
    drawings: int = 0  # images the bot asked for
    drawn: int = 0  # of them really drawn (DRAW_EVERY)
    last_png: bytes | None = field(default=None, repr=False)

    def lines(self) -> Iterator[tuple[Text, str]]:
        """Every line of every text, with the text it came from (links and mentions, which
        nobody reads as words, taken out)."""
        for text in self.texts:
            for line in text.text.splitlines():
                line = _LINKS.sub(" ", line)
                if line.strip():
                    yield text, line


def seat_counts(game_id: str) -> tuple[int, ...]:
    """The seat counts a game's corpus is checked at: 3 and the game's largest table."""
    game = games.get(game_id)
    return tuple(sorted({max(3, game.min_players), game.max_players}))


# -- collection -------------------------------------------------------------------------------


@dataclass
class _World:
    """What ``tests.e2e.helpers.open_table`` needs of the e2e ``world``."""

    fake: FakeDiscord
    channel: Any
    users: dict[str, Any]
    guild: Any


#: the corpus being collected by this task (and the bot's tasks and threads it started)
_COLLECTING: ContextVar[Corpus | None] = ContextVar("corpus_collecting", default=None)
_ORIGINAL = (i18n._format, render.image_tr)
_RENDER = render.render_png
#: every how many-th drawing of a table is really drawn (the first and the final boards
#: always are); the others answer the table's latest real image: drawing is two thirds of a
#: corpus's time and the images of neighbouring moves say the same words
DRAW_EVERY = 8


def _render_png(game_id: str, view: dict[str, Any], *args: Any, **kwargs: Any) -> bytes:
    corpus = _COLLECTING.get()
    if corpus is None:
        return _RENDER(game_id, view, *args, **kwargs)
    corpus.drawings += 1
    over = bool((view.get("envelope") or {}).get("over"))
    if corpus.last_png is None or over or corpus.drawings % DRAW_EVERY == 0:
        corpus.last_png = _RENDER(game_id, view, *args, **kwargs)
        corpus.drawn += 1
    return corpus.last_png


def _fmt(text: str, params: dict[str, Any], locale: str | None = None) -> str:
    result = _ORIGINAL[0](text, params, locale)
    corpus = _COLLECTING.get()
    if params and corpus is not None:
        corpus.formatted.append(Formatted(text, dict(params), locale or i18n.current(), result))
    return result


def _image_tr(locale: str | None = None) -> Callable[..., str]:
    tr = _ORIGINAL[1](locale)
    code = i18n.normalise(locale) if locale is not None else i18n.current()
    corpus = _COLLECTING.get()

    def recorded(key: str, /, **params: Any) -> str:
        out = tr(key, **params)
        if corpus is not None and code == corpus.locale and out:
            corpus.texts.append(Text(f"image text {key}", "image", out))
        return out

    return recorded


@contextlib.contextmanager
def _recording(corpus: Corpus) -> Iterator[None]:
    """``i18n._format`` and the images' translator wrapped (once, for every collection that
    runs at the same time): what this task formats goes to ``corpus``."""
    i18n._format, render.image_tr, render.render_png = _fmt, _image_tr, _render_png  # type: ignore[assignment]
    token = _COLLECTING.set(corpus)
    try:
        yield
    finally:
        _COLLECTING.reset(token)


@contextlib.asynccontextmanager
async def _bot(world: _World, seed: int, db: Path) -> AsyncIterator[Any]:
    from bot.adapter.app import make_client, serve
    from bot.core.config import Config

    cfg = Config(
        token="fake-token", database_url=f"sqlite:///{db}", clock_interval=0.2, ai_workers=0
    )
    client = make_client(cfg)
    client.limiter = None  # the scripted players click far faster than people (issue 31)
    task = asyncio.create_task(serve(client))
    try:
        await asyncio.wait_for(client.synced.wait(), 15)
        client.host.seed_source = lambda: seed
        await world.fake.wait_ready(task=task)
        yield client
    finally:
        await client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)


async def collect(
    game: str, locale: str, seats: int, seed: int = 3, tmp: Path | None = None
) -> Corpus:
    """Play one whole game of ``game`` with ``seats`` human players reading ``locale`` (the
    server's language and every player's) and collect every text it showed."""
    import tempfile

    corpus = Corpus(game, locale, seats, seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(dir=tmp) as where, _recording(corpus):
        async with FakeDiscord.running() as fake:
            fake.checks.discard("schema")
            guild = fake.add_guild("Deskovky")
            channel = fake.add_channel(guild, "herna")
            users = {name: fake.add_user(name, guilds=[guild]) for name in USERS}
            guild.preferred_locale = locale
            for user in users.values():
                user.locale = locale
            world = _World(fake, channel, users, guild)
            async with _bot(world, seed, Path(where) / "corpus.db"):
                with i18n.using(locale):  # the harness's own label lookups
                    await open_table(world, game, join=USERS[1:seats])
                    players = [Player(users[name]) for name in USERS[:seats]]
                    driver = Driver(fake, channel, players, seed=seed)
                    await driver.play()
                    corpus.actions = driver.stats.actions
                    after_game = len(fake.all_messages(include_deleted=True))
                    for command, options in COMMANDS:
                        await fake.slash(users["alice"], channel, command, **options)
                    await fake.idle()
                corpus.texts[:0] = list(_message_texts(fake, after_game))
    corpus.formatted = [f for f in corpus.formatted if f.locale == locale]
    corpus.seconds = time.monotonic() - started
    return corpus


def _message_texts(fake: FakeDiscord, after_game: int) -> Iterator[Text]:
    for index, msg in enumerate(fake.all_messages(include_deleted=True)):
        if msg.ephemeral:
            kind, place = "ephemeral", f"ephemeral to {getattr(msg.visible_to, 'name', '?')}"
        elif msg.channel.is_dm:
            kind, place = "dm", f"dm {getattr(msg.channel.recipient, 'name', '?')}"
        else:
            kind, place = "channel", f"#{msg.channel.name}"
        if index >= after_game:
            kind, place = "command", f"command answer ({place})"
        for number, version in enumerate(msg.versions):
            for path, text in _strings(version, ""):
                yield Text(f"{place} #{msg.id} v{number} {path}", kind, text)
        for attachment in msg.attachments:
            if attachment.description:
                yield Text(
                    f"{place} #{msg.id} alt {attachment.filename}", "alt", attachment.description
                )


def _strings(obj: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(obj, str):
        if obj:
            yield path, obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if key not in _NOT_TEXT and key != "attachments":
                yield from _strings(value, f"{path}.{key}".lstrip("."))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from _strings(item, f"{path}.{i}")


# -- what the catalogues say ------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+")
#: links, mentions, channels, custom emojis, timestamps: not words
_LINKS = re.compile(r"https?://\S+|<[@#:!&tTa][^>\s]*>|\(https?://[^)]*\)")
#: a token with a digit is a code ("8A-e", "6B"), not a word
_CODE = re.compile(r"\d")
_EN_WORD = re.compile(r"[A-Za-z]+")


def _literals(text: str) -> list[str]:
    try:
        return [literal for literal, *_ in Formatter().parse(text)]
    except ValueError:
        return [text]


def _forms(entry: str | tuple[str, ...]) -> tuple[str, ...]:
    return entry if isinstance(entry, tuple) else (entry,)


@cache
def all_terms() -> tuple[Term, ...]:
    """Every game's declared terms (``games/<id>/vocab.py`` ``TERMS``)."""
    found: list[Term] = []
    for game_id in sorted(games.REGISTRY):
        vocab = importlib.import_module(f"games.{game_id}.vocab")
        found += list(getattr(vocab, "TERMS", {}).values())
    return tuple(found)


def _czech_texts() -> list[str]:
    texts = []
    for key, entry in extract.english().items():
        if isinstance(entry, tuple):
            texts += [i18n.translated(key, CZECH, n) or "" for n in (1, 2, 5)]
        else:
            texts.append(i18n.translated(key, CZECH) or "")
    return texts


@cache
def english_only_words() -> frozenset[str]:
    """Lower-case words of the English texts and names that no Czech text or name has."""
    english: set[str] = set()
    for entry in extract.english().values():
        for form in _forms(entry):
            for piece in _literals(form):
                english.update(w.lower() for w in _EN_WORD.findall(piece))
    czech: set[str] = set()
    for text in _czech_texts():
        czech.update(w.lower() for piece in _literals(text) for w in _WORD.findall(piece))
    for t in all_terms():
        english.update(
            w.lower() for form in t.forms.get("en", {}).values() for w in _EN_WORD.findall(form)
        )
        czech.update(
            w.lower() for form in t.forms.get(CZECH, {}).values() for w in _WORD.findall(form)
        )
    english |= engine_words()
    return frozenset(english - czech - PROPER)


@cache
def engine_words() -> frozenset[str]:
    """The words of the strings the engines and their data hand out (``"flag"``, a card's
    English name): what an engine value shown as it is would put in front of a reader."""
    root = Path(games.__file__).parent
    strings: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        strings += [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
        ]
    for path in sorted(root.glob("*/data/*.json")):
        strings += list(_json_strings(json.loads(path.read_text(encoding="utf-8"))))
    return frozenset(
        w.lower()
        for s in strings
        for w in re.findall(r"(?<![A-Za-z_])[A-Za-z]{2,}(?![A-Za-z_])", s)
    )


def _json_strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _json_strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _json_strings(item)


#: placeholders that stand for a count: the word after one is a noun ("{n} points"); after
#: any other it is a verb ("{player} takes", "round {round} ends") unless it names the field
#: itself ("{wins} wins")
_COUNT_FIELDS = ("n", "count", "amount", "cost", "total", "score", "points", "reward", "bonus")


@cache
def english_plurals() -> frozenset[str]:
    """English plural nouns: what follows the count in a plural entry's plural form, the
    plural of every term, and any ``<word>s`` whose singular the English texts use, but the
    verbs (a word after a person: ``{player} takes``)."""
    plurals: set[str] = set()
    words: set[str] = set()
    verbs: set[str] = set()
    counted: set[str] = set()  # words after a count ("{wins} wins")
    for entry in extract.english().values():
        for form in _forms(entry):
            words.update(w.lower() for w in _EN_WORD.findall(" ".join(_literals(form))))
            for field_name, word in re.findall(r"\{(\w+)[^}]*\}\s+([A-Za-z]+)", form):
                counts = field_name in _COUNT_FIELDS or field_name == word.lower()
                (counted if counts else verbs).add(word.lower())
        if isinstance(entry, tuple) and len(entry) > 1:
            one, many = _count_word(entry[0]), _count_word(entry[-1])
            if many and many != one:
                plurals.add(many.lower())
    for t in all_terms():
        en = t.forms.get("en", {})
        if "nom.other" in en and en["nom.other"] != en.get("nom"):
            plurals.add(en["nom.other"].split()[-1].lower())
    for w in words:
        if (
            w.endswith("s")
            and len(w) > 3
            and (w[:-1] in words or (w.endswith("es") and w[:-2] in words))
        ):
            plurals.add(w)
    return frozenset(w for w in plurals - (verbs - counted) if w.isalpha() and len(w) >= 3)


def _count_word(form: str) -> str | None:
    found = re.search(r"\{[^}]*\}\s+([A-Za-z]+)", form)
    return found.group(1) if found else None


@cache
def czech_count_families() -> tuple[tuple[str, str, str], ...]:
    """Czech nouns counted by a number, as (one, few, other) forms: the word after the count
    in each Czech plural entry, and every term's case forms by plural category."""
    families: set[tuple[str, str, str]] = set()
    for key, entry in extract.english().items():
        if not isinstance(entry, tuple):
            continue
        forms = [i18n.translated(key, CZECH, n) or "" for n in (1, 2, 5)]
        words = [_cs_count_word(f) for f in forms]
        if all(words) and len(set(words)) > 1:
            families.add((words[0], words[1], words[2]))  # type: ignore[arg-type]
    for t in all_terms():
        if not any("." in name for name in t.forms.get(CZECH, {})):
            continue
        for case in CASES:
            trio = tuple(t.form(CZECH, f"{case}.{cat}") for cat in ("one", "few", "other"))
            if len(set(trio)) > 1 and all(" " not in w for w in trio):
                families.add(trio)  # type: ignore[arg-type]
    return tuple(sorted(families))


def _cs_count_word(form: str) -> str | None:
    found = re.search(r"\{[^}]*\}\s+([^\W\d_]+)", form)
    return found.group(1) if found else None


# -- the checks -------------------------------------------------------------------------------


def _quote(text: Text, line: str) -> str:
    return f"{line.strip()[:200]!r}  <- {text.where}"


def check_braces(corpus: Corpus) -> list[str]:
    return [_quote(t, line) for t, line in corpus.lines() if "{" in line or "}" in line]


def check_english(corpus: Corpus) -> list[str]:
    if corpus.locale != CZECH:
        return []
    bad = english_only_words()
    out = []
    for t, line in corpus.lines():
        words = [
            w for token in line.split() if not _CODE.search(token) for w in _WORD.findall(token)
        ]
        hits = sorted({w for w in words if len(w) > 1 and w.lower() in bad and w.isascii()})
        if hits:
            out.append(f"{', '.join(hits)}: {_quote(t, line)}")
    return out


def check_one_plural(corpus: Corpus) -> list[str]:
    if corpus.locale != "en":
        return []
    plurals = english_plurals()
    out = []
    for t, line in corpus.lines():
        for found in re.finditer(r"(?<![\d.,])(?<!AI )[+\-\u2212]?1 ([A-Za-z]+)", line):
            if found.group(1).lower() in plurals:
                out.append(f"{found.group(0)!r}: {_quote(t, line)}")
    return out


_POINT_ZERO = re.compile(r"(?<![\d.,])\d+[.,]0+(?![\d])")


def check_point_zero(corpus: Corpus) -> list[str]:
    return [
        f"{m.group(0)!r}: {_quote(t, line)}"
        for t, line in corpus.lines()
        for m in _POINT_ZERO.finditer(line)
    ]


def _category(n: int) -> int:
    return {"one": 0, "few": 1}.get(i18n.plural_category(n, CZECH), 2)


def check_czech_counts(corpus: Corpus) -> list[str]:
    if corpus.locale != CZECH:
        return []
    by_word: dict[str, list[tuple[str, str, str]]] = {}
    for family in czech_count_families():
        for word in set(family):
            by_word.setdefault(word, []).append(family)
    out = []
    for t, line in corpus.lines():
        for found in re.finditer(r"(?<![\d.,\w])([+\-\u2212]?\d+) ([^\W\d_]+)", line):
            word = found.group(2)
            families = by_word.get(word)
            if not families:
                continue
            n = int(found.group(1).lstrip("+-\u2212"))
            slot = _category(n)
            if not any(f[slot] == word for f in families):
                want = sorted({f[slot] for f in families})
                out.append(f"{found.group(0)!r} (want {' / '.join(want)}): {_quote(t, line)}")
    return out


#: Czech verbs (as the texts write them) whose object is in the accusative
ACCUSATIVE_VERBS = (
    "Vzít", "vzít", "bere", "vezme", "Zahrát", "zahrát", "hraje", "zahraje", "Koupit",
    "koupit", "kupuje", "Postavit", "postavit", "staví", "Vybrat", "vybrat", "vybírá",
    "Odhodit", "odhodit", "odhazuje", "Získat", "získat", "získává", "pokládá na ni",
    "Položit", "položit", "Zaplatit", "zaplatit", "platí", "Verbovat", "verbuje",
)  # fmt: skip


def check_czech_cases(corpus: Corpus) -> list[str]:
    if corpus.locale != CZECH:
        return []
    out = list(dict.fromkeys(_declared_case_problems(corpus)))
    wanted: dict[str, str] = {}  # a term's nominative -> what a verb's object must be instead
    for t in all_terms():
        nom, acc = t.form(CZECH, "nom"), t.form(CZECH, "acc")
        if CZECH not in t.forms or len(nom) < 3:
            continue
        if not t.has(CZECH, "acc"):
            wanted.setdefault(nom, f"the accusative, which {t.key} does not declare")
        elif acc != nom:
            wanted[nom] = repr(acc)
    verbs = "|".join(map(re.escape, ACCUSATIVE_VERBS))
    names = "|".join(sorted(map(re.escape, wanted), key=len, reverse=True))
    pattern = re.compile(rf"(?<!\w)(?:{verbs}) (?:\*\*)?({names})(?!\w)")
    for t, line in corpus.lines():
        for found in pattern.finditer(line):
            out.append(f"{found.group(0)!r} (want {wanted[found.group(1)]}): {_quote(t, line)}")
    return out


def _declared_case_problems(corpus: Corpus) -> Iterator[str]:
    for rec in corpus.formatted:
        try:
            fields = [(name, spec) for _, name, spec, _ in Formatter().parse(rec.template) if name]
        except ValueError:
            continue
        for name, spec in fields:
            case = (spec or "").partition(".")[0]
            if case not in CASES or case == "nom" and "." not in (spec or ""):
                continue
            value = rec.params.get(name)
            problem = _case_problem(value, spec or "")
            if problem:
                shown = f"{{{name}:{spec}}} {problem}: {rec.result[:160]!r}"
                yield f"{shown}  <- template {rec.template[:80]!r}"


def _case_problem(value: Any, spec: str) -> str | None:
    case, _, cat = spec.partition(".")
    if isinstance(value, Count):
        category = i18n.plural_category(value.n, CZECH)
        term = value.term
        if category == "one":
            ok = term.has(CZECH, f"{case}.one") or term.has(CZECH, case)
        else:
            ok = term.has(CZECH, f"{case}.{category}")
        if not ok:
            return f"{term.key} declares no Czech {case}.{category} (for {value.n})"
        return None
    if isinstance(value, Term):
        if not (value.has(CZECH, spec) or (not cat and value.has(CZECH, f"{case}.one"))):
            return f"{value.key} declares no Czech {spec}"
        return None
    return f"takes {type(value).__name__} {str(value)[:40]!r}, not a term"


def problems(corpus: Corpus) -> dict[str, list[str]]:
    """Every check's failures over ``corpus`` (empty lists: all clean)."""
    return {
        "braces": check_braces(corpus),
        "english": check_english(corpus),
        "one_plural": check_one_plural(corpus),
        "point_zero": check_point_zero(corpus),
        "czech_counts": check_czech_counts(corpus),
        "czech_cases": check_czech_cases(corpus),
    }


def report(corpus: Corpus, found: dict[str, list[str]], limit: int = 25) -> str:
    """The failures, readable: per check, how many and how many distinct texts, then the
    first ``limit`` distinct texts, each with how often it was seen and its first place."""
    lines = [f"{corpus.game} {corpus.locale} {corpus.seats} seats (seed {corpus.seed}):"]
    for check, failures in found.items():
        if not failures:
            continue
        seen: dict[str, list[str]] = {}
        for failure in failures:
            what, _, where = failure.partition("  <- ")
            seen.setdefault(what, []).append(where)
        lines.append(f"== {check}: {len(failures)} ({len(seen)} distinct)")
        for what, places in list(seen.items())[:limit]:
            lines.append(
                f"   {what}  <- {places[0]}" + (f" (+{len(places) - 1})" if len(places) > 1 else "")
            )
    return "\n".join(lines)
