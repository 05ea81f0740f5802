"""Tests of the web server (src/wartable/server)."""
