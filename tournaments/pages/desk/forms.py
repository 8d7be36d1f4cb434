"""The desk's small forms: a grid row (by traveller or by pickup slip), a change to a result (a correction, an
adjustment, a conflict decided) and a board marked not played. They read the field names the templates write, and
check with the API's checks (games.lines.score_line, games.formats.numbers.whole_number, the services' refusals):
no rule is written here. A refused form keeps what was typed and says why in the check's own words (`problem`,
or a 400 Refused from `checked`); the services' own refusals keep their status."""

from __future__ import annotations

from django import forms

from config.refusals import Refused
from games import lines
from games.formats.numbers import ID, NumberError, whole_number
from games.models import Board
from tournaments.models import Game, Section


class DeskForm(forms.Form):
    """A form whose problems are refusals: the first (`problem`) is refused with a 400."""

    @property
    def problem(self) -> str:
        """The first problem found, in the check's words."""
        return next(message for errors in self.errors.values() for message in errors)

    def checked(self) -> dict:
        """The cleaned values; refused (config.refusals, shown by refusals_shown) when the form is not valid."""
        if not self.is_valid():
            raise Refused(self.problem)
        return self.cleaned_data


class RowForm(DeskForm):
    """One grid row: contract, declarer, tricks and lead named `<field>-<row key>` ("contract-2-3"), contract and
    declarer upper-cased, checked and scored by games.lines.score_line (`line`). A row without its contract (at
    duplicate whist, its tricks) is blank: left alone."""

    contract = forms.CharField(required=False)
    declarer = forms.CharField(required=False)
    tricks = forms.CharField(required=False)
    lead = forms.CharField(required=False)

    def __init__(self, data, key: str, section: Section, board: Board) -> None:
        super().__init__(data, prefix=key)
        self.section, self.board = section, board
        self.line: lines.Line | None = None

    def add_prefix(self, field_name: str) -> str:
        return f"{field_name}-{self.prefix}"

    def clean_contract(self) -> str:
        return self.cleaned_data["contract"].upper()

    def clean_declarer(self) -> str:
        return self.cleaned_data["declarer"].upper()

    @property
    def typed(self) -> dict[str, str]:
        """What was typed, as cleaned: the row's inputs show it again when it is refused."""
        return {name: self.cleaned_data.get(name, "") for name in self.fields}

    @property
    def blank(self) -> bool:
        return not self.typed["tricks" if self.section.game == Game.WHIST else "contract"]

    def clean(self) -> dict:
        values = super().clean() or {}
        if not self.blank:
            try:
                self.line = lines.score_line(self.section, self.board, values["contract"], values["declarer"],
                                             values["tricks"], values["lead"])  # fmt: skip
            except Refused as error:
                raise forms.ValidationError(error.message) from None
        return values


class ChangeForm(DeskForm):
    """A change on a result's page, `what` it is: "correct" (contract upper-cased; the service checks and scores
    it as an entry), "adjust" (`adjusted` upper-cased, or an assigned `score_ns`), "accept" or "dismiss" a
    `conflict`. The reason is the service's to require."""

    CHANGES = ("correct", "adjust", "accept", "dismiss")
    choose = "choose correct, adjust, accept or dismiss"

    what = forms.ChoiceField(
        choices=[(c, c) for c in CHANGES], error_messages={"required": choose, "invalid_choice": choose}
    )
    contract = forms.CharField(required=False)
    declarer = forms.CharField(required=False)
    tricks = forms.CharField(required=False)
    lead = forms.CharField(required=False)
    honors = forms.CharField(required=False)
    adjusted = forms.CharField(required=False)
    score_ns = forms.CharField(required=False)
    conflict = forms.CharField(required=False)
    reason = forms.CharField(required=False, strip=False)

    def clean_contract(self) -> str:
        return self.cleaned_data["contract"].upper()

    def clean_adjusted(self) -> str:
        return self.cleaned_data["adjusted"].upper()

    def clean_score_ns(self) -> str | None:
        return self.cleaned_data["score_ns"] or None

    def clean_conflict(self) -> int | None:
        """The conflict decided, by its id; its own check is the services'."""
        if self.data.get("what") not in ("accept", "dismiss"):
            return None
        try:
            return whole_number(self.cleaned_data["conflict"], "conflict", ID)
        except NumberError as error:
            raise forms.ValidationError(str(error)) from None

    @property
    def correction(self) -> dict[str, str]:
        """The values a correction gives, as games.services.correct_result reads them."""
        return {
            name: self.cleaned_data[name] for name in ("contract", "declarer", "tricks", "lead", "honors")
        }


class NotPlayedForm(DeskForm):
    """A board the director marks not played: where (round, table, board: whole numbers, as every number a
    request gives) and why (games.services.mark_not_played requires it)."""

    numbers = "give the round, the table and the board as whole numbers"

    round = forms.CharField(required=False)
    table = forms.CharField(required=False)
    board = forms.CharField(required=False)
    reason = forms.CharField(required=False, strip=False)

    def _number(self, name: str) -> int:
        try:
            return whole_number(self.cleaned_data[name], name)
        except NumberError:
            raise forms.ValidationError(self.numbers) from None

    def clean_round(self) -> int:
        return self._number("round")

    def clean_table(self) -> int:
        return self._number("table")

    def clean_board(self) -> int:
        return self._number("board")
