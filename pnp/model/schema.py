"""pnp's validation core: declarative, frozen models whose every error carries the path to its value.

Contract: subclass `Model` and annotate its fields (`size: float = Field(default=9.0, gt=0)`, the
default by keyword: `Model` is a `dataclass_transform`, so type checkers read its fields as the
constructor's keywords); `Cls.model_validate(data)` (or `Cls(**data)`) returns a frozen instance or
raises `ValidationError`, whose `errors()` lists *every* problem of the input at once as a dict:
`type` (`missing`, `extra_forbidden`, `type_error`, `literal_error`, `value_error`, `constraint`),
`loc` (the keys and indexes leading to the value in the input, with no union or tag noise), `msg`
(English, "must be a whole number"), `input`, and `fields` (the names allowed, for an unknown key)
or `choices` (for a literal).

Types understood: `bool`, `int`, `float`, `str`, `None`, `Any`, bare `list` and `dict`, `Literal`,
`list[X]`, `dict[K, V]`, unions (`X | Y`; an exact type wins over a conversion), nested models,
other classes (an `isinstance` check), and `Annotated[X, Before(fn), Field(...)]`: `fn` turns the
raw value into X (raising ValueError with the message to show), `Field(discriminator="type")` on a
union of models picks the member by its tag. Constraints: `ge`, `gt`, `le`, `lt`, `min_length`.
`field_validator(name, mode="before"|"after")` and `model_validator(mode="after")` raise ValueError
to report. Unknown keys are always refused and instances are always frozen; `model_config =
{"strict": True}` also refuses a float for an int (`3.0`) and a whole-number key of a `dict[str, X]`
(`1: dice-one`), which the default (lax) mode takes as the int 3 and the text "1".

Why not pydantic: importing it and building the kit models cost 90 ms at the start of every run,
half of pnp's whole overhead over plain ReportLab on a 540-card deck (bench/README.md). Field types
are resolved and compiled into checking closures on a model's first use, so a run pays only for
the models it validates.
"""
from __future__ import annotations

import copy
import sys
import typing
from typing import Any, Callable, ClassVar, Literal, Self

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "<missing>"})()
_BAD: Any = type("_Bad", (), {"__repr__": lambda self: "<invalid>"})()
Checker = Callable[[Any, tuple, list], Any]  # (value, loc, errors) -> converted value or _BAD


class ValidationError(ValueError):
    """Every problem of one validation; `str()` lists them, one `loc: msg` per line."""

    def __init__(self, title: str, errors: list[dict]):
        self._errors = errors
        lines = [f"{'.'.join(str(p) for p in e['loc']) or '(top)'}: {e['msg']}" for e in errors]
        super().__init__(f"{len(errors)} problem(s) in {title}\n" + "\n".join(lines))

    def errors(self) -> list[dict]:
        return list(self._errors)


class FieldInfo:
    """A field's default and constraints, as written with `Field(...)`."""

    def __init__(self, default: Any = _MISSING, *, default_factory: Callable[[], Any] | None = None,
                 ge: float | None = None, gt: float | None = None, le: float | None = None,
                 lt: float | None = None, min_length: int | None = None, discriminator: str | None = None):
        self.default, self.default_factory = default, default_factory
        self.ge, self.gt, self.le, self.lt, self.min_length = ge, gt, le, lt, min_length
        self.discriminator = discriminator
        self.annotation: Any = None

    @property
    def required(self) -> bool:
        return self.default is _MISSING and self.default_factory is None

    def make_default(self) -> Any:
        if self.default_factory is not None:
            return self.default_factory()
        value = self.default
        return value.copy() if isinstance(value, (list, dict)) else value


def Field(default: Any = _MISSING, **kwargs: Any) -> Any:  # noqa: N802  (reads like a type in a model)
    return FieldInfo(default, **kwargs)


class Before:
    """`Annotated[X, Before(fn)]`: `fn(raw)` gives the value checked as X; a ValueError reports."""

    def __init__(self, fn: Callable[[Any], Any]):
        self.fn = fn


class _Validator:
    def __init__(self, fn: Callable, fields: tuple[str, ...], mode: str):
        self.fn = fn.__func__ if isinstance(fn, (classmethod, staticmethod)) else fn
        self.fields, self.mode = fields, mode


def field_validator(*fields: str, mode: Literal["before", "after"] = "after") -> Callable[[Callable], _Validator]:
    """`fn(cls, value)` returns the value to keep, or raises ValueError."""
    return lambda fn: _Validator(fn, fields, mode)


def model_validator(*, mode: Literal["after"] = "after") -> Callable[[Callable], _Validator]:
    """`fn(self)` checks the whole instance once its fields are valid, raising ValueError."""
    return lambda fn: _Validator(fn, (), mode)


class _ModelFieldsDescriptor:
    """`Cls.model_fields`: the field names and their `FieldInfo` (annotation resolved)."""

    def __get__(self, obj: Any, owner: type[Model]) -> dict[str, FieldInfo]:
        return owner._fields()


@typing.dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Field, FieldInfo))
class Model:
    """Base of every validated model: frozen, unknown keys refused, errors collected, not raised one by one.
    (`dataclass_transform`: type checkers read each model's fields as its constructor's keywords.)"""

    model_config: ClassVar[dict] = {}
    model_fields = _ModelFieldsDescriptor()

    def __init__(self, **data: Any):
        errors: list[dict] = []
        value = type(self).model_schema().validate(data, (), errors)
        if value is _BAD:
            raise ValidationError(type(self).__name__, errors)
        self.__dict__.update(value.__dict__)

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        if isinstance(data, cls):
            return data
        errors: list[dict] = []
        value: Self = cls.model_schema().check(data, (), errors)  # an instance of cls, or _BAD
        if value is _BAD:
            raise ValidationError(cls.__name__, errors)
        return value

    @classmethod
    def model_schema(cls) -> "_Schema":
        schema = cls.__dict__.get("_pnp_schema")
        if schema is None:
            schema = _Schema(cls)
            type.__setattr__(cls, "_pnp_schema", schema)
        return schema

    @classmethod
    def _fields(cls) -> dict[str, FieldInfo]:
        return cls.model_schema().fields

    def model_dump(self) -> dict[str, Any]:
        return {name: _dump(self.__dict__[name]) for name in type(self)._fields()}

    def model_copy(self, update: dict[str, Any]) -> Self:
        """A copy with the fields of `update` replaced, not validated again: values the caller has
        checked (a layout's templated place, read for one face)."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__, **update)
        return out

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name!r} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self), tuple(self.__dict__.values())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"


def _dump(value: Any) -> Any:
    if isinstance(value, Model):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


_CODES: dict[str, Any] = {}  # an annotation's text -> its compiled expression, compiled once a process


def type_hints(cls: type) -> dict[str, Any]:
    """`typing.get_type_hints(cls, include_extras=True)`, made faster for the annotations a model
    writes (its module's `from __future__ import annotations` makes each one text, which typing
    compiles and checks one by one): a name of the class's module is looked up, any other text
    compiled once a process and evaluated as typing does (the module's names first, then the
    class's, then the builtins). A text that still holds a name to resolve (quoted: `list["Card"]`),
    which typing resolves in a second pass, goes to typing whole (tests/test_schema_hints.py compares the two
    over every model of pnp)."""
    hints: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        found = _own_hints(base)
        if found is None:
            return typing.get_type_hints(cls, include_extras=True)
        hints.update(found)
    return hints


def _own_hints(base: type) -> dict[str, Any] | None:
    """The hints of the annotations `base` itself writes, or None for one typing must resolve."""
    module = getattr(sys.modules.get(base.__module__), "__dict__", {})
    scope: dict[str, Any] | None = None
    hints: dict[str, Any] = {}
    for name, value in base.__dict__.get("__annotations__", {}).items():
        if not isinstance(value, (str, type)) and value is not None:
            return None  # (an annotation evaluated already: typing resolves what it may quote)
        if isinstance(value, str):
            if value in module and value.isidentifier():
                value = module[value]
            else:
                scope = dict(vars(base)) if scope is None else scope
                value = eval(_code(value), scope, module)  # noqa: S307 (pnp's own annotations, as typing evaluates them)
                if not _resolved(value):
                    return None
        hints[name] = type(None) if value is None else value
    return hints


def _resolved(value: Any) -> bool:
    """Whether an evaluated annotation holds no name left to resolve (a quoted one: `list["Card"]`),
    which typing's second pass would (a `Literal`'s texts are its values)."""
    if isinstance(value, (str, typing.ForwardRef)):
        return False
    if isinstance(value, (list, tuple)):
        return all(map(_resolved, value))
    return typing.get_origin(value) is Literal or all(map(_resolved, typing.get_args(value)))


def _code(text: str) -> Any:
    code = _CODES.get(text)
    if code is None:
        code = _CODES[text] = compile(text, "<string>", "eval")
    return code


class _Schema:
    """A model's fields, validators and compiled checkers, made on its first validation."""

    def __init__(self, cls: type[Model]):
        self.cls = cls
        self.strict = bool(cls.model_config.get("strict", False))
        hints = type_hints(cls)
        self.fields: dict[str, FieldInfo] = {}
        for name, annotation in hints.items():
            if name.startswith("_") or typing.get_origin(annotation) is ClassVar or annotation is ClassVar:
                continue
            info = _field_info(cls, name)
            info.annotation = annotation
            self.fields[name] = info
        self.allowed = frozenset(self.fields)
        validators = [v for klass in reversed(cls.__mro__) for v in vars(klass).values() if isinstance(v, _Validator)]
        self.before = {n: [v.fn for v in validators if n in v.fields and v.mode == "before"] for n in self.fields}
        self.after = {n: [v.fn for v in validators if n in v.fields and v.mode == "after"] for n in self.fields}
        self.whole = [v.fn for v in validators if not v.fields]
        self._checkers: dict[str, Checker] | None = None

    @property
    def checkers(self) -> dict[str, Checker]:
        if self._checkers is None:
            from .checkers import compile_field
            self._checkers = {name: compile_field(info, self.strict) for name, info in self.fields.items()}
        return self._checkers

    def check(self, data: Any, loc: tuple, errors: list) -> Any:
        if isinstance(data, self.cls):
            return data
        if not isinstance(data, dict):
            errors.append(_error("type_error", loc, "must be a mapping of keys to values", data))
            return _BAD
        return self.validate(data, loc, errors)

    def validate(self, data: dict, loc: tuple, errors: list) -> Any:
        start = len(errors)
        for key in data:
            if key not in self.allowed:
                errors.append({**_error("extra_forbidden", loc + (key,), f"unknown key {key!r}", key),
                               "fields": list(self.fields)})
        values = {}
        for name, info in self.fields.items():
            values[name] = self._field(name, info, data, loc, errors)
        if len(errors) > start:
            return _BAD
        obj = object.__new__(self.cls)
        obj.__dict__.update(values)
        for fn in self.whole:
            try:
                fn(obj)
            except ValueError as exc:
                errors.append(_error("value_error", loc, str(exc), None))
                return _BAD
        return obj

    def _field(self, name: str, info: FieldInfo, data: dict, loc: tuple, errors: list) -> Any:
        if name not in data:
            if info.required:
                errors.append(_error("missing", loc + (name,), f"missing required key {name!r}", None))
            return info.make_default()
        where = loc + (name,)
        try:
            value = data[name]
            for fn in self.before[name]:
                value = fn(self.cls, value)
            value = self.checkers[name](value, where, errors)
            if value is not _BAD:
                for fn in self.after[name]:
                    value = fn(self.cls, value)
            return value
        except ValueError as exc:
            errors.append(_error("value_error", where, str(exc), data[name]))
            return _BAD


def _field_info(cls: type, name: str) -> FieldInfo:
    for klass in cls.__mro__:
        if name in vars(klass):
            value = vars(klass)[name]
            return copy.copy(value) if isinstance(value, FieldInfo) else FieldInfo(value)
    return FieldInfo()


def _error(kind: str, loc: tuple, msg: str, value: Any) -> dict:
    return {"type": kind, "loc": loc, "msg": msg, "input": value}
