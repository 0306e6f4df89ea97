"""Discord's documented limits, the ones its OpenAPI description does not carry and the
length and count limits it does (so a fake without the description, see openapi.py, still
refuses them; with it the ``schema`` check refuses them first).

Each function returns error lines ``"path: message"`` (empty when the body is within limits);
``discord_errors`` turns them into Discord's nested ``errors`` object. Sources (developer docs):

* Resources > Message > Embed Limits: title 256, description 4096, <= 25 fields, field name 256
  and value 1024 (both required), footer text 2048, author name 256, and "the combined sum of
  characters in all title, description, field.name, field.value, footer.text, and author.name
  fields across all embeds attached to a message must not exceed 6000 characters".
* Resources > Message > Create Message: content up to 2000 characters; one of content, embeds,
  sticker_ids, components, files or poll is required (else 50006 "Cannot send an empty message").
* Components > Reference: up to 5 action rows per message (legacy components); an action row
  holds up to 5 buttons or a single select menu; buttons and selects only inside action rows (or
  a section's accessory, for components v2); custom_id up to 100 characters and unique within a
  message; a link button has a url and no custom_id, a premium button a sku_id only, every other
  button a custom_id and no url; label up to 80; select placeholder up to 150, 1-25 options,
  option label/value/description up to 100, min_values 0-25, max_values 1-25 and, for a string
  select, at most the number of options; min_values <= max_values.
* Components > Using Message Components / Reference (components v2, flag ``IS_COMPONENTS_V2``,
  1 << 15): a message with the flag has no ``content`` and no ``embeds`` (its text lives in text
  displays); "up to 40 total components" counted through every level (containers, sections,
  action rows and what they hold, a section's accessory); the text displays of a message hold at
  most 4000 characters in all; the flag cannot be taken off a message that has it.
* Reference > Uploading Files: up to 10 files; each up to the attachment size limit, 10 MiB
  (``attachment_size_limit`` 10485760 in an interaction) for a server without boosts; a larger
  file is refused with 413 and code 40005 "Request entity too large".
* Interactions > Application Commands > Limits: name 1-32 (lowercase where a lowercase form
  exists), description 1-100, up to 25 options and 25 choices, choice name 1-100; "all combined
  name, description, and value properties for a command, its options (including subcommands and
  groups), and choices can not exceed 8000 characters"; names unique per command type in a scope
  and option names unique per level; required options before optional ones; up to 100 global
  chat-input commands and 5 each of user and message commands.
* Localization: ``name_localizations`` / ``description_localizations`` are keyed by Discord's
  locales (``cs``, ``en-US``, ...); a localised name follows the same rule as a name (regex
  ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase), a localised description is
  1-100 characters, a localised choice name 1-100; localised names are unique per level in
  each locale; for the combined-characters limit only the longest of a field's default and
  localised values counts.
"""

from __future__ import annotations

import unicodedata
from typing import Any

MAX_CONTENT = 2000
MAX_EMBED_TOTAL = 6000
EMBED_TEXT = {"title": 256, "description": 4096}
EMBED_PARTS = {"footer": ("text", 2048), "author": ("name", 256)}
MAX_EMBEDS = 10
MAX_FIELDS = 25
MAX_CUSTOM_ID = 100
MAX_PLACEHOLDER = 150
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_FILES = 10
MAX_FILE_SIZE = 10 * 1024 * 1024  # 10 MiB: attachment_size_limit of a server without boosts
MAX_COMMAND_CHARS = 8000
MAX_COMMANDS = {1: 100, 2: 5, 3: 5}  # chat input, user, message
SELECT_TYPES = {3, 5, 6, 7, 8}
BUTTON, ACTION_ROW, SECTION = 2, 1, 9
LINK, PREMIUM = 5, 6
COMPONENTS_V2 = 1 << 15
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
TEXT_DISPLAY = 10


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


# --- messages ---------------------------------------------------------------------------
def message_errors(data: dict, *, creating: bool, has_files: bool, flags: int = 0) -> list[str]:
    """Content length and the embed and component limits (not the empty-message rule);
    ``flags``: the flags of the message being edited (a components-v2 message stays one)."""
    out: list[str] = []
    if _len(data.get("content")) > MAX_CONTENT:
        out.append(f"content: Must be {MAX_CONTENT} or fewer in length.")
    out += embed_errors(data.get("embeds") or [])
    asked = data.get("flags")
    v2 = bool(int(asked or 0) & COMPONENTS_V2) or bool(flags & COMPONENTS_V2)
    if flags & COMPONENTS_V2 and asked is not None and not int(asked) & COMPONENTS_V2:
        out.append("flags: IS_COMPONENTS_V2 cannot be removed from a message")
    out += component_errors(data.get("components") or [], v2=v2)
    if v2:
        out += v2_errors(data)
    return out


def v2_errors(data: dict) -> list[str]:
    """A components-v2 message: no content or embeds, 40 components, 4000 characters."""
    out: list[str] = []
    if data.get("content"):
        out.append("content: cannot be used with the IS_COMPONENTS_V2 flag")
    if data.get("embeds"):
        out.append("embeds: cannot be used with the IS_COMPONENTS_V2 flag")
    if "components" not in data:
        return out
    comps = [c for _, c, _ in _walk(data.get("components") or [], "components", None)]
    if len(comps) > MAX_V2_COMPONENTS:
        out.append(f"components: Must be {MAX_V2_COMPONENTS} or fewer in total (got {len(comps)})")
    text = sum(_len(c.get("content")) for c in comps if c.get("type") == TEXT_DISPLAY)
    if text > MAX_V2_TEXT:
        out.append(f"components: text displays hold {MAX_V2_TEXT} or fewer characters (got {text})")
    return out


def is_empty(data: dict, *, has_files: bool) -> bool:
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return not has_files and not any(data.get(k) for k in keys)


def embed_errors(embeds: list[dict]) -> list[str]:
    out: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"embeds: Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        for key, limit in EMBED_TEXT.items():
            if _len(embed.get(key)) > limit:
                out.append(f"embeds.{i}.{key}: Must be {limit} or fewer in length.")
            total += _len(embed.get(key))
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            out.append(f"embeds.{i}.fields: Must be {MAX_FIELDS} or fewer in length.")
        for j, f in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                if not 1 <= _len(f.get(key)) <= limit:
                    out.append(
                        f"embeds.{i}.fields.{j}.{key}: Must be between 1 and {limit} in length."
                    )
                total += _len(f.get(key))
        for part, (key, limit) in EMBED_PARTS.items():
            text = _len((embed.get(part) or {}).get(key))
            if text > limit:
                out.append(f"embeds.{i}.{part}.{key}: Must be {limit} or fewer in length.")
            total += text
    if total > MAX_EMBED_TOTAL:
        out.append(f"embeds: Embed size exceeds maximum size of {MAX_EMBED_TOTAL} (got {total})")
    return out


def component_errors(components: list[dict], *, v2: bool) -> list[str]:
    out: list[str] = []
    if not v2 and len(components) > MAX_ROWS:
        out.append(f"components: Must be {MAX_ROWS} or fewer in length.")
    seen: dict[str, str] = {}
    for path, comp, parent in _walk(components, "components", None):
        out += _placement_errors(path, comp, parent, v2=v2)
        cid = comp.get("custom_id")
        if isinstance(cid, str):
            if len(cid) > MAX_CUSTOM_ID:
                out.append(f"{path}.custom_id: Must be {MAX_CUSTOM_ID} or fewer in length.")
            if cid in seen:
                out.append(
                    f"{path}.custom_id: Component custom id cannot be duplicated "
                    f"({cid!r}, also at {seen[cid]})"
                )
            seen.setdefault(cid, path)
        if comp.get("type") == BUTTON:
            out += _button_errors(path, comp)
        elif comp.get("type") in SELECT_TYPES:
            out += _select_errors(path, comp)
    return out


def _walk(comps: Any, path: str, parent: dict | None):
    """(path, component, parent component) depth first, through rows, containers, sections."""
    if not isinstance(comps, list):
        return
    for i, comp in enumerate(comps):
        if not isinstance(comp, dict):
            continue
        here = f"{path}.{i}"
        yield here, comp, parent
        yield from _walk(comp.get("components"), f"{here}.components", comp)
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield f"{here}.{key}", comp[key], comp


def _placement_errors(path: str, comp: dict, parent: dict | None, *, v2: bool) -> list[str]:
    ctype = comp.get("type")
    ptype = parent.get("type") if parent else None
    out: list[str] = []
    if ctype in SELECT_TYPES | {BUTTON} and ptype != ACTION_ROW:
        if not (ctype == BUTTON and ptype == SECTION and path.endswith(".accessory")):
            out.append(
                f"{path}: a {'button' if ctype == BUTTON else 'select menu'} "
                "must be inside an action row"
            )
    if not v2 and parent is None and ctype != ACTION_ROW:
        out.append(f"{path}: top-level components must be action rows")
    if ctype == ACTION_ROW:
        kids = [k for k in comp.get("components") or [] if isinstance(k, dict)]
        selects = [k for k in kids if k.get("type") in SELECT_TYPES]
        if not 1 <= len(kids) <= MAX_ROW_BUTTONS:
            out.append(f"{path}.components: an action row holds 1 to {MAX_ROW_BUTTONS} components")
        if selects and len(kids) > 1:
            out.append(f"{path}.components: a select menu must be alone in its action row")
    return out


def _button_errors(path: str, b: dict) -> list[str]:
    out: list[str] = []
    style = b.get("style")
    has = {k: b.get(k) not in (None, "") for k in ("custom_id", "url", "label", "emoji", "sku_id")}
    if style == LINK:
        if not has["url"]:
            out.append(f"{path}.url: a link button needs a url")
        if has["custom_id"]:
            out.append(f"{path}.custom_id: a link button cannot have a custom_id")
    elif style == PREMIUM:
        if not has["sku_id"] or has["custom_id"] or has["url"] or has["label"] or has["emoji"]:
            out.append(f"{path}: a premium button has a sku_id and nothing else")
    else:
        if not has["custom_id"]:
            out.append(f"{path}.custom_id: a button needs a custom_id")
        if has["url"]:
            out.append(f"{path}.url: only link buttons have a url")
    if style != PREMIUM and not has["label"] and not has["emoji"]:
        out.append(f"{path}: a button needs a label or an emoji")
    if _len(b.get("label")) > 80:
        out.append(f"{path}.label: Must be 80 or fewer in length.")
    return out


def _select_errors(path: str, s: dict) -> list[str]:
    out = _select_range_errors(path, s)
    if _len(s.get("placeholder")) > MAX_PLACEHOLDER:
        out.append(f"{path}.placeholder: Must be {MAX_PLACEHOLDER} or fewer in length.")
    if s.get("type") != 3:
        return out
    hi = 1 if s.get("max_values") is None else s.get("max_values")
    options = [o for o in s.get("options") or [] if isinstance(o, dict)]
    if not 1 <= len(options) <= MAX_OPTIONS:
        out.append(f"{path}.options: Must be between 1 and {MAX_OPTIONS} in length.")
    out += _option_errors(f"{path}.options", options)
    if isinstance(hi, int) and options and hi > len(options):
        out.append(f"{path}.max_values: {hi} exceeds the number of options ({len(options)})")
    values = [o.get("value") for o in options]
    if len(set(map(str, values))) != len(values):
        out.append(f"{path}.options: option values must be unique")
    defaults = sum(1 for o in options if o.get("default"))
    if isinstance(hi, int) and defaults > hi:
        out.append(f"{path}.options: {defaults} default options but max_values is {hi}")
    return out


def _select_range_errors(path: str, s: dict) -> list[str]:
    """min_values 0-25, max_values 1-25 (1 when absent), min_values <= max_values."""
    out: list[str] = []
    lo = 1 if s.get("min_values") is None else s.get("min_values")
    hi = 1 if s.get("max_values") is None else s.get("max_values")
    for key, value, low in (("min_values", lo, 0), ("max_values", hi, 1)):
        if isinstance(value, int) and not low <= value <= MAX_OPTIONS:
            out.append(f"{path}.{key}: Must be between {low} and {MAX_OPTIONS}.")
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        out.append(f"{path}.min_values: must not exceed max_values ({lo} > {hi})")
    return out


def _option_errors(path: str, options: list[dict]) -> list[str]:
    """A string select's options: label and value 1-100 characters, description up to 100."""
    out: list[str] = []
    for i, option in enumerate(options):
        for key in ("label", "value"):
            if not 1 <= _len(option.get(key)) <= MAX_OPTION_TEXT:
                out.append(f"{path}.{i}.{key}: Must be between 1 and {MAX_OPTION_TEXT} in length.")
        if _len(option.get("description")) > MAX_OPTION_TEXT:
            out.append(f"{path}.{i}.description: Must be {MAX_OPTION_TEXT} or fewer in length.")
    return out


# --- attachments ------------------------------------------------------------------------
def file_errors(sizes: list[int]) -> tuple[list[str], list[str]]:
    """(400 errors, 413 errors) for the uploaded files' sizes."""
    too_many = [f"files: Must be {MAX_FILES} or fewer in length (got {len(sizes)})."]
    too_big = [
        f"files.{i}: {size} bytes is over the {MAX_FILE_SIZE}-byte upload limit"
        for i, size in enumerate(sizes)
        if size > MAX_FILE_SIZE
    ]
    return (too_many if len(sizes) > MAX_FILES else []), too_big


# --- application commands ---------------------------------------------------------------
def command_list_errors(commands: list[dict]) -> list[str]:
    """A whole scope (a bulk overwrite): unique names per type, counts per type, each command."""
    out: list[str] = []
    seen: set[tuple[int, str]] = set()
    counts: dict[int, int] = {}
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            continue
        key = (int(cmd.get("type") or 1), str(cmd.get("name")))
        if key in seen:
            out.append(f"{i}.name: Application command names must be unique ({key[1]!r})")
        seen.add(key)
        counts[key[0]] = counts.get(key[0], 0) + 1
        out += [f"{i}.{e}" for e in command_errors(cmd)]
    for ctype, n in counts.items():
        limit = MAX_COMMANDS.get(ctype)
        if limit is not None and n > limit:
            out.append(f"<body>: {n} commands of type {ctype}; the limit is {limit}")
    return out


def command_errors(cmd: dict) -> list[str]:
    out: list[str] = []
    chat_input = int(cmd.get("type") or 1) == 1
    if chat_input:
        out += _name_errors("name", cmd.get("name"))
        if not 1 <= _len(cmd.get("description")) <= 100:
            out.append("description: Must be between 1 and 100 in length.")
        out += localisation_errors("", cmd)
    elif not 1 <= _len(cmd.get("name")) <= 32:
        out.append("name: Must be between 1 and 32 in length.")
    out += _options_errors("options", cmd.get("options") or [], depth=0)
    total = command_chars(cmd)
    if total > MAX_COMMAND_CHARS:
        out.append(
            f"<command>: combined name, description and value characters {total} "
            f"exceed {MAX_COMMAND_CHARS}"
        )
    return out


def command_chars(node: dict) -> int:
    """Characters of every name, description and value in a command, its options (including
    subcommands and groups) and choices."""
    total = _longest(node, "name") + _longest(node, "description")
    if "value" in node:
        total += len(str(node["value"]))
    for child in (node.get("options") or []) + (node.get("choices") or []):
        if isinstance(child, dict):
            total += command_chars(child)
    return total


def _name_errors(path: str, name: Any, localised: bool = False) -> list[str]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return [f"{path}: Must be between 1 and 32 in length."]
    extra = "-_" if localised else "-_'"
    if name != name.lower() or not all(_name_char(ch) or ch in extra for ch in name):
        return [f"{path}: {name!r} does not match the command name pattern (lowercase, -_')"]
    return []


def _name_char(ch: str) -> bool:
    """\\p{L}, \\p{N} (and the Devanagari and Thai scripts, whose marks are not letters)."""
    return (
        unicodedata.category(ch)[0] in "LN"
        or "DEVANAGARI" in unicodedata.name(ch, "")
        or "THAI" in unicodedata.name(ch, "")
    )


def _options_errors(path: str, options: list[dict], *, depth: int) -> list[str]:
    out: list[str] = []
    if len(options) > 25:
        out.append(f"{path}: Must be 25 or fewer in length.")
    kinds = {"sub" if o.get("type") in (1, 2) else "value" for o in options}
    if len(kinds) > 1:
        out.append(f"{path}: subcommands cannot be mixed with other options")
    names: set[object] = set()
    out += _unique_localised_names(path, options)
    optional_seen = False
    for i, opt in enumerate(o for o in options if isinstance(o, dict)):
        here = f"{path}.{i}"
        if opt.get("name") in names:
            out.append(f"{here}.name: Option names must be unique ({opt.get('name')!r})")
        names.add(opt.get("name"))
        out += _name_errors(f"{here}.name", opt.get("name"))
        if not 1 <= _len(opt.get("description")) <= 100:
            out.append(f"{here}.description: Must be between 1 and 100 in length.")
        out += localisation_errors(f"{here}.", opt)
        out += _nesting_errors(here, opt, depth)
        if opt.get("type") not in (1, 2):
            if opt.get("required") and optional_seen:
                out.append(
                    f"{here}.required: Required options must be placed before non-required options"
                )
            optional_seen = optional_seen or not opt.get("required")
            out += _choice_errors(f"{here}.choices", opt.get("choices") or [])
    return out


def _nesting_errors(path: str, opt: dict, depth: int) -> list[str]:
    """Groups (2) hold subcommands (1); subcommands hold plain options; nothing deeper."""
    kids = [k for k in opt.get("options") or [] if isinstance(k, dict)]
    otype = opt.get("type")
    if otype == 2:
        if depth > 0:
            return [f"{path}: a subcommand group cannot be nested"]
        if any(k.get("type") != 1 for k in kids):
            return [f"{path}.options: a subcommand group holds only subcommands"]
        return _options_errors(f"{path}.options", kids, depth=depth + 1)
    if otype == 1:
        if any(k.get("type") in (1, 2) for k in kids):
            return [f"{path}.options: a subcommand cannot hold subcommands"]
        return _options_errors(f"{path}.options", kids, depth=depth + 1)
    if kids:
        return [f"{path}.options: only subcommands and groups have options"]
    return []


def _choice_errors(path: str, choices: list[dict]) -> list[str]:
    out: list[str] = []
    if len(choices) > 25:
        out.append(f"{path}: Must be 25 or fewer in length.")
    for i, choice in enumerate(c for c in choices if isinstance(c, dict)):
        if not 1 <= _len(choice.get("name")) <= 100:
            out.append(f"{path}.{i}.name: Must be between 1 and 100 in length.")
        for locale, text in _localised(choice, "name").items():
            if not 1 <= _len(text) <= 100:
                out.append(
                    f"{path}.{i}.name_localizations.{locale}: Must be between 1 and 100 in length."
                )
    return out


#: the locales Discord accepts in name_localizations and description_localizations
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)


def _localised(node: dict, field: str) -> dict[str, Any]:
    value = node.get(f"{field}_localizations")
    return value if isinstance(value, dict) else {}


def _longest(node: dict, field: str) -> int:
    return max([_len(node.get(field))] + [_len(v) for v in _localised(node, field).values()])


def localisation_errors(path: str, node: dict) -> list[str]:
    """A command's or option's name and description localisations."""
    out: list[str] = []
    for field in ("name", "description"):
        for locale, text in _localised(node, field).items():
            here = f"{path}{field}_localizations.{locale}"
            if locale not in DISCORD_LOCALES:
                out.append(f"{here}: Invalid locale")
            elif field == "name":
                out += _name_errors(here, text, localised=True)
            elif not 1 <= _len(text) <= 100:
                out.append(f"{here}: Must be between 1 and 100 in length.")
    return out


def _unique_localised_names(path: str, options: list[dict]) -> list[str]:
    out: list[str] = []
    seen: dict[str, set[str]] = {}
    for i, opt in enumerate(o for o in options if isinstance(o, dict)):
        for locale, text in _localised(opt, "name").items():
            if text in seen.setdefault(locale, set()):
                out.append(
                    f"{path}.{i}.name_localizations.{locale}: Application command "
                    f"names must be unique ({text!r})"
                )
            seen[locale].add(text)
    return out


# --- Discord's error shape --------------------------------------------------------------
def discord_errors(lines: list[str]) -> dict[str, Any]:
    """``["embeds.0.title: Must be ..."]`` -> ``{"embeds": {"0": {"title": {"_errors":
    [{"code": "BASE_TYPE_INVALID", "message": "Must be ..."}]}}}}`` (what discord.py prints)."""
    root: dict[str, Any] = {}
    for line in lines:
        path, _, message = line.partition(": ")
        node = root
        for part in [p for p in path.split(".") if p and p != "<body>"]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return root
