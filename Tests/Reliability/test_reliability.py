"""Short versions of the reliability checks, run by `make test`; the full
ones are `make reliability`."""
import pytest

from harness import bad_content, crash_loop, disk_trouble, load, malformed_requests, read_only_store, slow_clients


def test_killed_servers_lose_and_duplicate_no_acknowledged_answer():
    seed = 1
    figures = crash_loop(rounds=4, seed=seed)
    assert figures["failures"] == [], f"seed {seed}"
    assert figures["acknowledged"] > 0, f"seed {seed}"
    assert figures["lost"] == 0, f"seed {seed}"
    assert figures["duplicates"] == 0, f"seed {seed}"


def test_malformed_requests_get_no_5xx_and_store_nothing():
    seed = 2
    figures = malformed_requests(400, seed=seed)
    assert figures["server_errors"] == [], f"seed {seed}"
    assert figures["stored_after"] == figures["stored_before"], f"seed {seed}"
    assert figures["exit_status"] == 0, f"seed {seed}"


def test_slow_clients_do_not_stall_a_normal_one_and_are_let_go():
    figures = slow_clients(sockets=50, seconds=6, gap=4.0)
    assert figures["requests"] > 0
    assert figures["errors"] == 0
    assert figures["still_open"] == 0


def test_concurrent_clients_leave_a_consistent_store():
    seed = 3
    figures = load(clients=10, seconds=4, seed=seed)
    assert figures["errors"] == 0, f"seed {seed}"
    assert figures["integrity"] == "ok", f"seed {seed}"
    assert figures["live_check_ins"] <= 1, f"seed {seed}"
    assert figures["audit_rows"] == figures["outcomes"], f"seed {seed}"
    assert figures["exit_status"] == 0, f"seed {seed}"


def test_every_malformed_content_file_is_refused_with_its_location_and_none_crashes_or_hangs():
    results = bad_content()
    assert len(results) >= 100
    assert [result for result in results if result["status"] != 1 or not result["located"]] == []


def test_a_full_disk_gets_503_and_the_server_recovers_without_a_restart():
    figures = disk_trouble()
    if not figures["run"]:
        pytest.skip(figures["reason"])
    assert (figures["full"], figures["page_while_full"]) == (503, 200)
    assert figures["after_space_returned"] == 303
    assert figures["delete_while_full"] == 503
    assert figures["after_space_returned_again"] == 303
    assert (figures["integrity"], figures["check_ins"], figures["deleted"]) == ("ok", 1, 1)
    assert figures["exit_status"] == 0


def test_a_read_only_store_gets_503_and_the_server_saves_once_it_is_writable():
    figures = read_only_store()
    if not figures["run"]:
        pytest.skip(figures["reason"])
    assert (figures["read_only"], figures["said_read_only"], figures["page_while_read_only"]) == (503, True, 200)
    assert figures["after_made_writable"] == 303
    assert (figures["integrity"], figures["check_ins"]) == ("ok", 1)
    assert figures["exit_status"] == 0
