"""A game is read in one transaction: its ETag, version and rounds always belong together.

Writers keep editing round 1 while readers GET the game; every write based on version ``v``
sets Bob's points to :func:`points_for` ``(v)``, so a reader can tell a version from its rounds.
"""

from __future__ import annotations

import threading

WRITERS, READERS, WRITES, READS = 3, 3, 40, 80


def points_for(version: int) -> int:
    return 50 + 5 * (version % 30)


def round_body(version: int) -> dict:
    return {"version": version, "went_out": "Ann",
            "results": [{"player": "Ann", "completed": True},
                        {"player": "Bob", "completed": False, "points": points_for(version)}]}


def test_the_etag_and_the_rounds_of_a_read_always_agree(app):
    setup = app.test_client()
    game = setup.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    url = f"/api/games/{game['id']}"
    assert setup.post(url + "/rounds", json=round_body(1)).status_code == 201
    torn: list[tuple[str, int, int]] = []
    failures: list[str] = []
    start = threading.Barrier(WRITERS + READERS)

    def write() -> None:
        client = app.test_client()
        start.wait()
        for _ in range(WRITES):
            version = client.get(url + "/version").get_json()["version"]
            response = client.put(url + "/rounds/1", json=round_body(version))
            status = response.status_code
            if status not in (200, 409):
                failures.append(f"PUT answered {status}: {response.get_data(as_text=True)[:200]}")

    def read() -> None:
        client = app.test_client()
        start.wait()
        for _ in range(READS):
            for path in ("", "/rounds"):
                response = client.get(url + path)
                if response.status_code != 200:
                    failures.append(f"GET {path} answered {response.status_code}")
                    continue
                body = response.get_json()
                version = int(response.headers["ETag"].strip('"'))
                bob = body["rounds"][0]["results"][1]["points"]
                if version != body["version"] or bob != points_for(version - 1):
                    torn.append((path, version, bob))

    threads = [threading.Thread(target=write) for _ in range(WRITERS)]
    threads += [threading.Thread(target=read) for _ in range(READERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures[:5]
    assert not torn, f"{len(torn)} torn reads of {READERS * READS * 2}, e.g. {torn[:3]}"
    final = setup.get(url).get_json()
    assert final["version"] > 2  # the writers did get through
