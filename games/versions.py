"""One way to write a version row, whatever it versions: a Result (ResultVersion), a party's Tally (TallyVersion)
or a Section's settings (tournaments.models.SectionVersion). A row keeps its owner, its number, the values before
(None when first written) and after the change, who made it (a user, and a label where the model keeps one:
"table 3 scorer", "import x.pbn") and why. Rows are only ever added, never changed.
"""

from __future__ import annotations

from typing import Any

from django.db import models

from games.rows import insert


def version_row(
    owner: models.Model,
    after: dict,
    before: dict | None = None,
    *,
    number: int | None = None,
    kind: str = "",
    by: str = "",
    user: Any = None,
    reason: str = "",
) -> models.Model:
    """The owner's next version row, not yet saved (insert_with stores a new Result and its first version as one).

    The row's model is the one the owner's `versions` relation points from. `number` is the owner's own count
    where it keeps one (a Result's and a Tally's `version`, raised with the change); without it the row is one
    past the owner's last. `kind` and the label `by` are given only for models that keep them (SectionVersion
    keeps neither: its reason says what changed)."""
    relation = type(owner).versions
    if number is None:
        number = (owner.versions.aggregate(last=models.Max("number"))["last"] or 0) + 1
    values = {relation.field.name: owner, "number": number, "before": before, "after": after, "changed_by": user,
              "reason": reason} | ({"kind": kind} if kind else {}) | ({"changed_by_label": by} if by else {})  # fmt: skip
    return relation.rel.related_model(**values)


def add_version(owner: models.Model, after: dict, before: dict | None = None, **row: Any) -> models.Model:
    """Store the owner's next version row (version_row's options) and return it."""
    return insert(version_row(owner, after, before, **row))
