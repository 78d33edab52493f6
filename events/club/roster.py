"""A club's roster of members: a pasted list imported whole or not at all, and the names the
director types on a session's pairs page, matched against it."""

import csv
import re
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from events.core.invisible import without_invisible
from events.core.limits import shown_problems
from events.core.names import player_key
from events.models import Club, Member
from scoring.player_numbers import CLUB
from scoring.player_numbers import number_problem as federation_problem

__all__ = [
    "NUMBER", "ImportSummary", "Roster", "RosterImportError", "import_roster", "parse_roster",
]  # fmt: skip

# Club and federation numbers (EBU 12345, ACBL J123456 or 1234567) always carry a digit, so a
# name never looks like one and a name split at its comma ("Smith, John") is caught.
# The part before the first digit holds no digit, so a match is found without backtracking
# ("[A-Za-z0-9-]*[0-9]..." tried every digit as the first: quadratic on a long number); and a
# search starts only where a number can (not again inside a run of letters).
NUMBER = re.compile(r"(?<![A-Za-z0-9-])[A-Za-z-]*[0-9][A-Za-z0-9-]*")
NAME_LENGTH = Member._meta.get_field("name").max_length
NUMBER_LENGTH = Member._meta.get_field("number").max_length
# A name, its number and a spreadsheet's empty columns after them fit many times over.
LINE_LENGTH = 1_000


class RosterImportError(Exception):
    def __init__(self, problems: list[tuple[int, str]]):
        super().__init__("; ".join(f"Line {line}: {message}" for line, message in problems))
        self.problems = problems

    def described(self) -> list[str]:
        """Each problem with its line; past events.core.limits.MAX_PROBLEMS, how many more."""
        return shown_problems([f"Line {line}: {message}" for line, message in self.problems])


@dataclass(frozen=True)
class RosterLine:
    line: int
    name: str
    number: str
    # The list's name held invisible characters, removed (events.core.invisible): a list comes
    # from a file, where the director cannot see them to take them out.
    cleaned: bool = False


@dataclass(frozen=True)
class ImportSummary:
    added: int
    updated: int
    unchanged: int
    cleaned: int = 0  # names whose invisible characters were removed

    def __str__(self) -> str:
        said = f"{self.added} added, {self.updated} updated, {self.unchanged} already on the roster"
        if self.cleaned:
            names = "name" if self.cleaned == 1 else "names"
            said += (
                f"; invisible characters (control characters, direction marks) removed "
                f"from {self.cleaned} {names}"
            )
        return said


def number_problem(number: str) -> str | None:
    if len(number) > NUMBER_LENGTH:
        return f"the number {number} is longer than {NUMBER_LENGTH} characters."
    if not NUMBER.fullmatch(number):
        return (
            f"“{number}” is not a member number (letters and digits, at least one digit). "
            'A name with a comma goes in quotes: "Smith, John",12345'
        )
    return None


def _parse_line(line: int, fields: list[str], federation: str) -> RosterLine:
    fields = [field.strip() for field in fields]
    while len(fields) > 2 and not fields[-1]:
        fields.pop()  # a spreadsheet's trailing empty columns
    if len(fields) > 2:
        raise ValueError(
            f"{len(fields)} columns where name,number was expected. "
            'A name with a comma goes in quotes: "Smith, John",12345'
        )
    name, number = (fields + [""])[:2]
    visible = without_invisible(name)
    cleaned, name = visible != name, visible
    if not name:
        raise ValueError("the name is missing.")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"the name is longer than {NAME_LENGTH} characters.")
    if number and (problem := number_problem(number) or federation_problem(federation, number)):
        raise ValueError(problem)
    return RosterLine(line, name, number, cleaned)


def _fields(line: str) -> list[str]:
    """One line's CSV fields. A line is read on its own, so an unclosed quote is a problem of
    its line, not the start of a field that swallows the rest of the list."""
    if "\x00" in line:
        raise ValueError("the line has a NUL character, which no name has (is it a text file?)")
    if len(line) > LINE_LENGTH:
        raise ValueError(
            f"the line is {len(line):,} characters long; a member's line has at most "
            f"{LINE_LENGTH:,}."
        )
    try:
        (fields,) = csv.reader([line], strict=True)
    except csv.Error:
        raise ValueError(
            "a quote is not closed, or text follows a closing quote. A name with a comma goes "
            'in quotes: "Smith, John",12345'
        ) from None
    return fields


def parse_roster(text: str, federation: str = CLUB) -> list[RosterLine]:
    """Lines of `name,number` (the number may be left out); a first line `name,number` is a
    header. The numbers are `federation`'s, in its format. Every bad line is reported at once,
    by its line number."""
    lines, problems = [], []
    names, numbers = {}, {}
    for index, line in enumerate(text.splitlines(), start=1):
        try:
            fields = _fields(line)
        except ValueError as error:
            problems.append((index, str(error)))
            continue
        if not any(field.strip() for field in fields):
            continue
        if not lines and not problems and fields[0].strip().lower() == "name":
            continue
        try:
            entry = _parse_line(index, fields, federation)
        except ValueError as error:
            problems.append((index, str(error)))
            continue
        if (first := names.setdefault(entry.name.lower(), index)) != index:
            problems.append((index, f"{entry.name} is on line {first} already."))
            continue
        if entry.number and (first := numbers.setdefault(entry.number.upper(), index)) != index:
            problems.append((index, f"number {entry.number} is on line {first} already."))
            continue
        lines.append(entry)
    if problems:
        raise RosterImportError(problems)
    if not lines:
        raise RosterImportError([(1, "no members in the list.")])
    return lines


def import_roster(club: Club, text: str, federation: str = CLUB) -> ImportSummary:
    """Adds the list's new members and updates the number of known ones (matched by name), all
    in one transaction: a bad line stores nothing. Listed members are made active again, and
    members again if they were visitors. The list's numbers are `federation`'s."""
    entries = parse_roster(text, federation)
    with transaction.atomic():
        members = list(club.members.select_for_update())
        by_name = {member.key: member for member in members}
        by_number = {member.number.upper(): member for member in members if member.number}
        problems, new, changed, unchanged = [], [], [], 0
        for entry in entries:
            member = by_name.get(player_key(entry.name))
            holder = by_number.get(entry.number.upper()) if entry.number else None
            if holder is not None and holder is not member:
                problems.append((entry.line, f"number {entry.number} is {holder.name}'s."))
            elif member is None:
                given_by = federation if entry.number else CLUB
                new.append(
                    Member(
                        club=club,
                        name=entry.name,
                        key=player_key(entry.name),
                        number=entry.number,
                        federation=given_by,
                    )
                )
            elif member.suggested and (
                not entry.number or (entry.number, federation) == (member.number, member.federation)
            ):
                unchanged += 1
            else:
                if entry.number:
                    member.number, member.federation = entry.number, federation
                member.active, member.visitor = True, False
                changed.append(member)
        if problems:
            raise RosterImportError(problems)
        try:
            Member.objects.bulk_create(new)
            Member.objects.bulk_update(changed, ["number", "federation", "active", "visitor"])
        except IntegrityError:  # another director imported at the same moment
            raise RosterImportError([(1, "the roster changed meanwhile; import again.")]) from None
    cleaned = sum(entry.cleaned for entry in entries)
    return ImportSummary(len(new), len(changed), unchanged, cleaned)


class Roster:
    """The club's members as the pairs page needs them: suggestions, numbers, known names."""

    def __init__(self, club: Club):
        self.club = club
        self.members = list(club.members.all())
        self._by_name = {member.key: member for member in self.members}
        self._by_number = {m.number.upper(): m for m in self.members if m.number}

    @property
    def suggestions(self) -> list[Member]:
        return [member for member in self.members if member.suggested]

    def resolve(self, typed: str) -> str:
        """A member's number becomes their name; a member's name takes the roster's spelling.
        Raises ValueError for a number no member has."""
        typed = " ".join(typed.split())
        if NUMBER.fullmatch(typed):
            member = self._by_number.get(typed.upper())
            if member is None:
                raise ValueError(f"No member of {self.club} has the number {typed}.")
            return member.name
        member = self._by_name.get(player_key(typed))
        return member.name if member else typed

    def add_new(self, names, visitor: bool = False) -> list[str]:
        """Adds the names not on the roster yet, as members or as visitors; returns them."""
        new = {}
        for name in names:
            if name and player_key(name) not in self._by_name:
                new.setdefault(player_key(name), name)
        members = [
            Member(club=self.club, name=name, key=key, visitor=visitor) for key, name in new.items()
        ]
        # A name another director added meanwhile is simply on the roster already.
        Member.objects.bulk_create(members, ignore_conflicts=True)
        return list(new.values())
