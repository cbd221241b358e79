"""The objects of a trial's working copy, each copied the first time anything reads it.

A page tries every button it shows through the engine (app/rules/offers.py), and each try
used to copy every object of the game first, though a move touches one or two: the copies
were most of a page's server time (bench/'s profile). In a trial the working state holds
this list instead of copies: the cached state's own objects, each replaced by its copy
(`copy_for_change`) the first time it is read through any of Python's ways of reading a list
(indexing, slicing, iterating, popping), so a move can change what it reads without touching
the cached state. The look-ups (`GameState.get`'s check by position, `matching`) compare the shared
objects and copy only what they return.

What must stay true (tests/rules/core/test_copy_on_read.py checks it for every button of every
shipped scenario): a trial on this list accepts and refuses exactly what a trial on a full
copy does, and the state it started from is unchanged afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, Self, SupportsIndex, TypeVar, overload


class _Copyable(Protocol):
    """What this list holds: game objects (app.rules.core.state), by id, copied on change."""

    id: str

    def copy_for_change(self) -> Self: ...


T = TypeVar("T", bound=_Copyable)


class CopyOnRead(list[T]):
    __slots__ = ("_owned",)

    def __init__(self, shared: Iterable[T]) -> None:
        super().__init__(shared)
        # ids of the copies this list made (or was given): the shared originals stay alive
        # in the cached state, so their ids can never be mistaken for one of these.
        self._owned: set[int] = set()

    def _own(self, index: int) -> T:
        item = list.__getitem__(self, index)
        if id(item) not in self._owned:
            item = item.copy_for_change()
            list.__setitem__(self, index, item)
            self._owned.add(id(item))
        return item

    def _index(self, index: SupportsIndex) -> int:
        i = index.__index__()
        size = len(self)
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("list index out of range")
        return i

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._own(i) for i in range(*index.indices(len(self)))]
        return self._own(self._index(index))

    def __iter__(self) -> Iterator[T]:
        # By position, like list's own iterator (a removal while iterating behaves the same).
        i = 0
        while i < len(self):
            yield self._own(i)
            i += 1

    def __reversed__(self) -> Iterator[T]:
        i = len(self) - 1
        while i >= 0:
            if i < len(self):
                yield self._own(i)
            i -= 1

    def pop(self, index: SupportsIndex = -1) -> T:
        i = self._index(index)
        item = self._own(i)
        list.pop(self, i)
        return item

    def copy(self) -> list[T]:
        return list(self.__iter__())

    # What is put in comes from a read (a copy) or is new: it is this trial's own.
    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            value = list(value)
            self._owned.update(id(v) for v in value)
        else:
            self._owned.add(id(value))
        list.__setitem__(self, index, value)

    def append(self, item: T) -> None:
        self._owned.add(id(item))
        list.append(self, item)

    def insert(self, index: SupportsIndex, item: T) -> None:
        self._owned.add(id(item))
        list.insert(self, index, item)

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    # Any iterable, as list's +=; typeshed's list gives + narrower overloads (a list only).
    def __iadd__(self, items: Iterable[T]) -> CopyOnRead[T]:  # type: ignore[override]
        self.extend(items)
        return self

    # list's own + would hand out the shared items (Python asks a subclass's __radd__ first).
    def __add__(self, other: Iterable[T]) -> list[T]:  # type: ignore[override]  # as +=
        return [*self.__iter__(), *other]

    def __radd__(self, other: Iterable[T]) -> list[T]:
        return [*other, *self.__iter__()]

    def __mul__(self, count: SupportsIndex) -> list[T]:
        return self.copy() * count

    __rmul__ = __mul__

    # -- scans that copy only what they return --------------------------------------------
    def matching(self, keep: Callable[[T], bool]) -> list[T]:
        """The items `keep` accepts (it only reads the shared ones), copied."""
        return [self._own(i) for i in range(len(self)) if keep(list.__getitem__(self, i))]

    def __copy__(self) -> list[T]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> list[T]:
        import copy

        return [copy.deepcopy(item, memo) for item in self.__iter__()]

    def __reduce__(self) -> Any:
        return (list, (self.copy(),))
