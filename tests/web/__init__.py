"""Browser tests of the web client (src/wartable/web)."""
