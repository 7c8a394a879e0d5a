"""A sheet side's notes take the page's label with `Note.relabelled`, which must keep every other field."""
from __future__ import annotations

import dataclasses

from pnp.layout.notes import Note


def test_relabelled_keeps_every_field_but_the_text():
    note = Note("deck 'x' page 1", 12.5, 40.25, 90, 6.5)
    again = note.relabelled("deck 'x' page 2")
    assert again.text == "deck 'x' page 2"
    assert again == dataclasses.replace(note, text="deck 'x' page 2")
    # a field added to Note must be copied by relabelled(): its value here differs from the default
    for field in dataclasses.fields(Note):
        if field.name != "text":
            assert getattr(again, field.name) == getattr(note, field.name), field.name
    assert [f.name for f in dataclasses.fields(Note)] == ["text", "x", "y", "rotate", "size"], \
        "Note has a new field: make relabelled() copy it, then list it here"
