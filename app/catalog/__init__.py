"""Card facts shipped with the app (``cards.json``) and their loader."""

from app.catalog.loader import CATALOG_PATH, Catalog, CatalogError, load_catalog, normalize_name

__all__ = ["CATALOG_PATH", "Catalog", "CatalogError", "load_catalog", "normalize_name"]
