"""The Activity's built front end (bot/web/static/, from web/): present, self-contained (no
CDN, no web fonts), its generated vocabulary in step with the engines', its own words in
both languages. The browser tests (tests/browser/) play it; these checks need no browser."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "bot" / "web" / "static"
WEB = ROOT / "web"


def test_the_built_assets_are_there_and_load_nothing_from_outside() -> None:
    index = (STATIC / "index.html").read_text()
    assert 'src="static/app.js"' in index and 'href="static/app.css"' in index
    assert 'name="discord-client-id" content="__DISCORD_CLIENT_ID__"' in index
    assert 'name="viewport"' in index
    for name in ("index.html", "app.css"):
        text = (STATIC / name).read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), name
        assert "@import" not in text and "@font-face" not in text and "url(http" not in text
    js = (STATIC / "app.js").read_text()
    assert "import(" not in js.replace("import()", "")  # one bundle, nothing fetched at run time
    assert not re.search(r"fonts\.(googleapis|gstatic)|cdn\.|unpkg|jsdelivr", js)


def test_the_generated_terms_match_the_engines_vocabularies() -> None:
    spec = importlib.util.spec_from_file_location("terms_gen", WEB / "terms_gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = (WEB / "src" / "terms.gen.ts").read_text()
    assert module.render() == written, "run: .venv/bin/python web/terms_gen.py, then npm run build"


def test_the_ui_words_exist_in_english_and_czech() -> None:
    source = (WEB / "src" / "i18n.ts").read_text()
    en = source[source.index("const EN = {") : source.index("} as const;")]
    cs = source[source.index("const CS: Record<Key, string> = {") : source.index("let current")]
    key = re.compile(r"^\s+(\w+): \"", re.MULTILINE)
    assert key.findall(en) == key.findall(cs)
    assert len(key.findall(en)) > 20
    words = dict(re.findall(r"^\s+(\w+): \"([^\"]*)\"", cs, re.MULTILINE))
    assert words["why"] == "Proč?" and words["waitingFor"].startswith("Čeká se na")
