"""How one game is presented in Discord: option specs, move labels, event lines, rules summary.

A presenter turns engine data (views, moves, events) into short English text through
:func:`bot.text.i18n.t`. It never sees a state, only views, so it cannot leak what the viewer
may not see. ``bot/text/presenters/<game id>.py`` exposes ``PRESENTER``, an instance of a
subclass of :class:`Presenter`, and registers its catalogue once with
:func:`bot.text.i18n.register` when it is imported; without one the bot falls back to this
generic presenter.

A presenter reads the declared part of a view, the envelope (``games.base.envelope(view)``:
actors, step, over, results, turn, last), for anything the contract says, and its own game's
fields (typed by that game's view TypedDicts) for the rest; generic code here never reads a
game's own key names. Events are worded by :meth:`Presenter.event_text` only (the host's own
events by ``bot.text.host_events``); the images draw those words, never their own.

Limits that Discord imposes and the bot enforces by truncation: button labels 80 characters,
select option labels and descriptions 100, a message 2000, an embed description 4096.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import has, t
from games.base import Envelope, envelope
from games.terms import Term

NameFn = Callable[[str], str]
#: what a move would do now, in the rules' own numbers (``games.base.Previewable.preview``,
#: through ``SessionHost.preview``): ``{}`` when the game has no preview for it
Preview = Mapping[str, Any]


@dataclass(frozen=True)
class OptionSpec:
    """One engine option offered on ``/game new <game>``.

    ``kind`` is "bool", "choice", "int" or "text". For "choice", ``choices`` is a tuple of
    ``(label, engine_value)``; the engine value may be any JSON value (str, bool, None, int).
    A "text" option takes any string (the engine's ``setup`` judges it); its ``choices``, if
    any, are suggested presets (offered by autocomplete, shown by label in the lobby).
    ``default`` is the engine value used when the player leaves the option out.
    """

    name: str
    description: str
    kind: str
    default: Any = None
    choices: tuple[tuple[str, Any], ...] = ()
    min_value: int | None = None
    max_value: int | None = None


@dataclass(frozen=True)
class Reference:
    """One entry of a game's reference (``/game card``, the prompts' "?" button, issue 24):
    a named thing of the game, its rule text and numbers, and where the rulebook has it.

    ``key`` is the term's key in the game's vocabulary (``games/<id>/vocab.py`` ``TERMS``);
    the page's words are the catalogue's ``<game>.ref.<key>`` (its rule in a few sentences, in
    every language); ``facts`` are its numbers as (catalogue key of the label, value) pairs
    (``("tek.ref.fact.cost", Count(2, ore))``), formatted in the reader's language;
    ``where`` is the place in the rulebook (``"p. 7"``, the rules file's section ``"§6.3"``).
    """

    key: str
    term: Term
    facts: tuple[tuple[str, Any], ...] = ()
    where: str = ""
    #: the kind of thing it is (card, character, location, faction, action, terrain...): a
    #: term of the game's vocabulary or a catalogue key, shown above the name
    kind: str = ""


@dataclass(frozen=True)
class WhyLine:
    """What one option of a decision does now (the "Why?" button, issue 24): the option's
    label and one or two sentences with the engine's numbers (its ``preview``)."""

    label: str
    text: str


@dataclass
class Presenter:
    """The generic presenter; games subclass it and override what they can say better."""

    game_id: str = ""
    title: str = ""
    catalog: dict[str, str] = field(default_factory=dict)
    option_specs: tuple[OptionSpec, ...] = ()
    #: True when turn prompts must never be shown in the channel (e.g. they list a secret hand).
    private_prompts: bool = False
    #: True when players keep a hand that changes between their turns: the bot then DMs the
    #: ``hand_text`` again whenever it changed (otherwise it is shown with each prompt only).
    dm_hand_updates: bool = False
    #: Move types that decline to act (pass, no block, end the journey): shown as grey
    #: buttons beside the coloured ones.
    secondary_moves: frozenset[str] = frozenset()
    #: the catalogue key of a final score with its unit, a plural entry ("34 points")
    score_unit: str = "final.points"
    #: Public move types that lead straight to a secret decision of the same player (Empire
    #: Engine: the card laid, then its action): the prompt offers each with every follow-up
    #: as one choice (one click, one request; issue 11). The host decides whether a move does
    #: lead to one (``SessionHost.follow_ups``).
    chained_moves: frozenset[str] = frozenset()

    @staticmethod
    def envelope(view: Mapping[str, Any]) -> Envelope | None:
        """The envelope of ``view`` (None for a game that declares none yet)."""
        return envelope(view)

    def move_label(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str:
        """A short label (<= 80 chars) for a button or select option, for the acting player;
        ``preview`` is the engine's answer to "what does this move do now" (never recompute a
        rule here: ask the engine for it)."""
        rest = ", ".join(f"{k}={v}" for k, v in move.items() if k != "type")
        label = str(move.get("type", "?")).replace("_", " ")
        return f"{label} ({rest})" if rest else label

    def move_description(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        """Optional second line (<= 100 chars) under a select option: cost, effect."""
        return None

    def chain_label(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        after: dict[str, Any],
        then: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str:
        """The label of ``move`` chosen together with ``then`` (``after``: the view between
        them, where ``then`` is labelled; ``preview``: that of ``move`` now)."""
        return (
            f"{self.move_label(view, move, name, preview)} → {self.move_label(after, then, name)}"
        )

    def chain_description(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        after: dict[str, Any],
        then: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        """The second line of that choice: what ``then`` does (and whom it hits)."""
        return self.move_description(after, then, name)

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        """The question above a turn prompt, e.g. "Take a card: you hold 3 meeples"."""
        return t("prompt.default")

    def prompt_context(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        """The public facts the decision needs, under the question (whom an attack hits, the
        villages ahead, the other side of a war), from ``player``'s own ``view`` only."""
        return None

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        """One public log line for ``event``, or None to leave it out of the channel log."""
        who = event.get("player")
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "player"))
        head = f"{name(who)}: " if isinstance(who, str) else ""
        return f"{head}{str(event.get('type', '?')).replace('_', ' ')}" + (
            f" ({fields})" if fields else ""
        )

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        """A few lines for ``/game status``: round, whose turn, live scores."""
        return ""

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        """The viewer's private information as text (``/game hand``), or None if there is none."""
        return None

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        """What ``actor`` is deciding now, from the public ``view`` ("they are choosing a
        card"), for "it is X's turn" answers; None when there is nothing more to say."""
        return None

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        """One line: how ``player``'s final score is made up, from the final public ``view``
        (no bold: the final standings bold the names only)."""
        return None

    # -- teaching (issue 24): rules by topic, references, "Why?", teach mode, tie-breaks ------
    def rules_topics(self) -> tuple[str, ...]:
        """The topics of ``/game rules <game> [topic]`` in the rulebook's own order: the first
        is ``"overview"`` (the goal and a turn, at most ~600 characters), then e.g. ``setup``,
        ``turn``, ``action.<name>``, ``scoring``, ``end``, ``variants``. Each has the catalogue
        texts ``<game>.rules.<topic>.title`` and ``<game>.rules.<topic>.text``."""
        return ("overview",)

    def rules_page(self, topic: str) -> tuple[str, str]:
        """The title and text of one topic in the current language (:meth:`rules_topics`)."""
        base = f"{self.game_id}.rules.{topic}"
        if has(f"{base}.text"):
            return t(f"{base}.title"), t(f"{base}.text")
        return self.title or self.game_id, self.rules_text()

    def references(self) -> Mapping[str, Reference]:
        """Every named thing of the game (each entry of its vocabulary), by term key."""
        return {}

    def reference_text(self, key: str) -> str:
        """The rule text of one reference entry in the current language."""
        return t(f"{self.game_id}.ref.{key}")

    def offered(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
        """The reference keys of the things a prompt offers (its "?" button), in the order
        the options show them, each once."""
        return []

    def why(
        self,
        view: dict[str, Any],
        player: str,
        options: list[tuple[dict[str, Any], Preview]],
        name: NameFn,
    ) -> list[WhyLine]:
        """What each option of ``player``'s decision does now, from their own ``view`` and the
        engine's ``preview`` of each move only (never a rule redone here)."""
        return []

    def teach_text(self, step: str) -> str | None:
        """Two short lines explaining the decision ``step`` (the envelope's step id) to a
        player who meets it for the first time (teach mode): ``<game>.teach.<step>``."""
        key = f"{self.game_id}.teach.{step}"
        return t(key) if has(key) else None

    def tie_note(self, view: dict[str, Any], name: NameFn) -> str | None:
        """Over a finished game's public ``view``: which rule of the rulebook separated
        players on equal scores ("more gold left"), or that they share the place."""
        return None

    def rules_text(self) -> str:
        """A one-screen summary of the rules and the options (``/game rules``)."""
        return t("rules.none")
