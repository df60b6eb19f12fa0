"""The protocol in time, as a participant meets it: Recover asks the day of surgery when they join, and
its knee questionnaire comes from that day, named by its visit; without the day, the feed says the
questions come once it is known, and nothing is missed."""

import sqlite3

from selenium.webdriver.common.by import By

from conftest import Server, screenshot
from test_own_study import onboard


def test_onboarding_asks_the_day_of_surgery_and_the_visits_follow_it(phone, server_folder):
    # Without the day: the question is asked, left empty, and the feed waits for it.
    waiting = Server(server_folder, participant="unsure", dates=())
    try:
        onboard(phone, waiting)
        assert "/feed/" in phone.current_url
        note = phone.find_element(By.CSS_SELECTOR, ".waiting-for-date").text
        assert note == "A few questions will show here once we know this date: Day of surgery."
        cards = [card.text for card in phone.find_elements(By.CSS_SELECTOR, ".cards article")]
        assert not any("Knee function" in card for card in cards), cards
        screenshot(phone, "waiting-for-surgery-phone")
    finally:
        waiting.stop()

    # With the day, a week ahead: the visit before surgery is open today, named.
    phone.delete_all_cookies()
    known = Server(server_folder, participant="known", dates=())
    try:
        onboard(phone, known, day="2026-12-07")
        assert not phone.find_elements(By.CSS_SELECTOR, ".waiting-for-date")
        knee = [card for card in phone.find_elements(By.CSS_SELECTOR, ".cards article") if "Knee function" in card.text]
        assert knee, "the questionnaire before surgery is open on the day of joining"
        assert "Before surgery · Open until Sun, Dec 6" in knee[0].text
        screenshot(phone, "visit-before-surgery-phone")
    finally:
        known.stop()
    # The day given is the participant's own, given by them; the one left empty is not there.
    with sqlite3.connect(f"{server_folder}/care.sqlite") as store:
        given = store.execute("SELECT participant_id, date_id, day, source FROM participant_dates").fetchall()
    assert given == [("known", "surgery", "2026-12-07", "participant")]
