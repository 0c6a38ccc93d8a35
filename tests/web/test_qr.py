"""The share sheet's QR code: an inline SVG a phone can read, that never echoes its text."""

from __future__ import annotations

from markupsafe import Markup

from web.qr import qr_svg


def test_the_address_becomes_an_inline_svg_dark_on_white():
    svg = qr_svg("https://192.168.1.20:5000/games/7/share")
    assert isinstance(svg, Markup) and svg.startswith("<svg") and 'class="qr"' in svg
    assert "#fff" in svg and "#000" in svg


def test_the_text_is_encoded_never_written_into_the_markup():
    """An address holding markup cannot inject it: only modules are drawn."""
    svg = qr_svg('<script>alert("x")</script>')
    assert "<script" not in svg and "alert" not in svg


def test_a_longer_address_or_a_larger_scale_draws_a_larger_code():
    small, long = qr_svg("http://a.b/1"), qr_svg("http://a.b/" + "x" * 200)
    assert len(long) > len(small)
    assert qr_svg("http://a.b/1", scale=12) != small
