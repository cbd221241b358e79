"""Scenario briefs: the question a scenario game answers and its authored answer (issue 17).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AutoString = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        "scenario_briefs",
        sa.Column("game_id", AutoString(length=16), nullable=False),
        sa.Column("title_fr", AutoString(length=200), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("question_fr", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("answer_fr", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("scenario_briefs")
