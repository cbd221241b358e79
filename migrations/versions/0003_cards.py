"""Cards: imported card definitions (`facedown cards import`), one per family and name.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AutoString = sqlmodel.sql.sqltypes.AutoString
UTCDateTime = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ruleset", AutoString(length=20), nullable=False),
        sa.Column("key", AutoString(length=200), nullable=False),
        sa.Column("name", AutoString(length=200), nullable=False),
        sa.Column("name_fr", AutoString(length=200), nullable=True),
        sa.Column("types", sa.Text(), nullable=False),
        sa.Column("subtypes", sa.Text(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("source", AutoString(length=20), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("ruleset", "key", name="uq_cards_ruleset_key"),
    )
    op.create_index(
        "ix_cards_ruleset_updated_at", "cards", ["ruleset", "updated_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_cards_ruleset_updated_at", table_name="cards")
    op.drop_table("cards")
