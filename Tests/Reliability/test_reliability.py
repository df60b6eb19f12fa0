"""Short versions of the reliability checks, run by `make test`; the full
ones are `make reliability`."""
import pytest

from harness import (bad_content, conflicting_framing, crash_loop, disk_trouble, invented_sessions, large_bodies, load,
                     malformed_requests, open_streams, read_only_store, slow_clients, trickling_connections)


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


def test_a_normal_request_is_answered_within_a_second_beside_1000_trickling_headers_each_cut_off():
    figures = trickling_connections(1000, seconds=7, gap=1.5)
    assert figures["connect_failures"] == 0
    assert figures["requests"] > 0 and figures["errors"] == 0
    assert figures["max_ms"] < 1000
    # The header deadline is 5 s whatever the trickle; the check looks every 1.5 s.
    assert figures["longest_open_s"] < 8
    assert figures["still_open"] == 0


def test_a_normal_request_is_answered_within_a_second_beside_1000_open_live_streams_holding_no_thread():
    figures = open_streams(1000, seconds=3)
    assert figures["connect_failures"] == 0
    assert figures["requests"] > 0 and figures["errors"] == 0
    assert figures["max_ms"] < 1000
    assert figures["streams_alive"] == 1000
    assert figures["threads_during"] <= figures["threads_before"] + 2
    assert figures["exit_status"] == 0


def test_invented_sessions_are_replaced_and_their_drafts_leave_memory_bounded():
    # 500 here, 5,000 in `make reliability`: a 64 KB draft each grew the server by 38 MB before drafts had a cap.
    figures = invented_sessions(500)
    assert figures["statuses"] == {303: 500}
    assert figures["cookies_replaced"] == 500
    assert figures["rss_end_mb"] - figures["rss_start_mb"] < 16
    assert figures["rss_end_mb"] < 100
    assert figures["exit_status"] == 0


def test_a_4_mb_body_gets_413_at_once_with_and_without_expect_100_continue():
    figures = large_bodies(4)
    assert figures["plain"]["statuses"] == [413]
    assert figures["expect"]["statuses"] == [413]
    assert figures["plain"]["seconds"] < 1 and figures["expect"]["seconds"] < 1


def test_each_request_framed_two_ways_or_with_two_hosts_gets_one_400():
    figures = conflicting_framing()
    assert figures == {case: [400] for case in figures}
    assert len(figures) == 5


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
