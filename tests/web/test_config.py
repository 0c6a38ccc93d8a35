"""The app's secret key: the configured one, or one generated once and kept private."""

from __future__ import annotations

import stat

from flask import Flask

from web.config import Defaults, ensure_secret_key


def _app(tmp_path, **config) -> Flask:
    app = Flask("web", instance_path=str(tmp_path))
    app.config.from_object(Defaults)
    app.config.update(config)
    return app


def test_a_configured_secret_key_is_kept_and_nothing_is_written(tmp_path):
    app = _app(tmp_path, SECRET_KEY="set by the keeper")
    ensure_secret_key(app)
    assert app.config["SECRET_KEY"] == "set by the keeper"
    assert not (tmp_path / "secret_key").exists()


def test_without_one_a_key_is_generated_once_readable_by_the_owner_alone(tmp_path):
    """Sessions and CSRF tokens survive a restart: the second start reads the same key."""
    first = _app(tmp_path)
    ensure_secret_key(first)
    key = first.config["SECRET_KEY"]
    assert len(key) == 64
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    again = _app(tmp_path)
    ensure_secret_key(again)
    assert again.config["SECRET_KEY"] == key


def test_an_empty_key_file_is_replaced_by_a_new_key(tmp_path):
    (tmp_path / "secret_key").write_text("\n")
    app = _app(tmp_path)
    ensure_secret_key(app)
    assert len(app.config["SECRET_KEY"]) == 64
    assert (tmp_path / "secret_key").read_text() == app.config["SECRET_KEY"]
