"""Rulings: immutable, published copies of a game at one version.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AutoString = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "rulings",
        sa.Column("title", AutoString(length=120), nullable=False),
        sa.Column("note", AutoString(length=2000), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("ruleset", AutoString(length=20), nullable=False),
        sa.Column("slug", AutoString(length=24), nullable=False),
        sa.Column("game_id", AutoString(length=16), nullable=False),
        sa.Column("viewpoints", sa.Text(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("log", sa.Text(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("slug"),
    )
    op.create_index(op.f("ix_rulings_game_id"), "rulings", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_rulings_game_id"), table_name="rulings")
    op.drop_table("rulings")
