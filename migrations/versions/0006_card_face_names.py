"""Cards: the names of a card's halves and faces ("Ice", "Glace", "Tok-Tok, Volcano Born"),
so the name index finds a card by each without loading its definition.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("cards") as batch:
        batch.add_column(sa.Column("face_names", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("cards") as batch:
        batch.drop_column("face_names")
