"""Games, seats (hashed tokens), the action/event log and snapshots.

Revision ID: 0001
Revises:
Create Date: 2025-01-01 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AutoString = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("ruleset", AutoString(length=20), nullable=False),
        sa.Column("title", AutoString(length=200), nullable=False),
        sa.Column("id", AutoString(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "seats",
        sa.Column("role", AutoString(length=10), nullable=False),
        sa.Column("player", AutoString(length=40), nullable=True),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", AutoString(length=16), nullable=False),
        sa.Column("token_hash", AutoString(length=64), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"], unique=False)
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"], unique=True)
    op.create_table(
        "actions",
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("actor", AutoString(length=40), nullable=True),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", AutoString(length=16), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        sa.Column("request_id", AutoString(length=64), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "version", name="uq_actions_game_version"),
        sa.UniqueConstraint("game_id", "request_id", name="uq_actions_game_request"),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", AutoString(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id", "version"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_index("ix_seats_token_hash", table_name="seats")
    op.drop_index("ix_seats_game_id", table_name="seats")
    op.drop_table("seats")
    op.drop_table("games")
