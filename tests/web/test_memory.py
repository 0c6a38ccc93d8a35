"""Freed photo buffers go back to the operating system: glibc's mmap threshold is fixed."""

from __future__ import annotations

import ctypes.util
import platform

import pytest

from web import memory


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_glibc_takes_the_fixed_threshold():
    assert memory.return_large_buffers() is True


def test_without_a_c_library_nothing_changes(monkeypatch):
    monkeypatch.setattr(ctypes.util, "find_library", lambda _name: None)
    assert memory.return_large_buffers() is False
