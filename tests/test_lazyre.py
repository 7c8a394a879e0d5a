"""pnp.core.lazyre: a pattern compiled on first use answers as `re.compile` of it does, and a build of
a card kit never compiles the patterns it does not use (issue 23, item 1: start-up)."""
from __future__ import annotations

import re

from pnp.core.lazyre import lazy


def test_each_method_answers_as_the_compiled_pattern_does():
    text = "3 cartes, 12 dés\r\net 7 jetons"
    for pattern, flags in ((r"(\d+) (\w+)", 0), (r"\r\n|\r|\n", 0), (r"^ET", re.I | re.M)):
        made, real = lazy(pattern, flags), re.compile(pattern, flags)
        assert made.compiled() is made.compiled() and made.compiled() == real
        for name in ("match", "fullmatch", "search"):
            for args in ((text,), (text, 2), (text, 2, 9)):
                got, want = getattr(made, name)(*args), getattr(real, name)(*args)
                assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
        assert [m.span() for m in made.finditer(text, 1)] == [m.span() for m in real.finditer(text, 1)]
        assert made.findall(text) == real.findall(text) and made.split(text, 1) == real.split(text, 1)
        assert made.sub("#", text, 1) == real.sub("#", text, 1)
        assert made.sub(lambda m: m.group(0).upper(), text) == real.sub(lambda m: m.group(0).upper(), text)


def test_a_pattern_is_compiled_at_its_first_use_only(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *a: compiled.append(a) or real(*a))
    made = lazy(r"x+")
    assert compiled == []
    assert made.search("axxb").span() == (1, 3) and made.match("xx")
    assert compiled == [(r"x+", 0)]
